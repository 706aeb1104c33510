export { isEmail, normalizeEmail } from './email';
export { normalizePolishPhone } from './phone';
export { isUuidV4, normalizeUuid } from './uuid';
export { contactMessageSchema, type ContactMessageInput, MESSAGES } from './contact-message';
export { isPagePath, isSlug, MAX_PAGE_PATH_LENGTH, MAX_SLUG_LENGTH, PAGE_PATH_PATTERN, SLUG_PATTERN } from './site-paths';
export { HIDDEN_CHARACTERS_MESSAGE, hasHiddenCharacters } from './names';
