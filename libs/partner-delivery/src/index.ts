export * from './delivery-messages';
export * from './lender-directory';
export * from './signature';
