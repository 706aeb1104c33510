export { isEmail, normalizeEmail } from './email';
export { normalizePolishPhone } from './phone';
export { isUuidV4, normalizeUuid } from './uuid';
export { contactMessageSchema, type ContactMessageInput, MESSAGES } from './contact-message';
