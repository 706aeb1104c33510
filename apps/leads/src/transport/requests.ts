import { contactMessageSchema } from '@lib/pl-validation';

/**
 * SubmitContactMessage: the very rules the contact form shows in the browser (@lib/pl-validation),
 * so each field violation carries the Polish message meant for the visitor.
 */
export const contactMessageRequest = contactMessageSchema;
