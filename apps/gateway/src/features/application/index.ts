/**
 * What other features may use of the application journey: the fraud warning (the home page shows
 * it too) and the journey's start address. Browser-safe. The journey's HTTP handlers are
 * ./application.api (server only, through server/feature-handlers.ts).
 */
export { FraudWarning } from './fraud-warning';
export { JOURNEY_PATHS } from './journey-fields';
