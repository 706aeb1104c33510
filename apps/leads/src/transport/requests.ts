import { contactMessageSchema } from '@lib/pl-validation';
import { idempotencyKeyField } from '@lib/service-kit';

/**
 * SubmitContactMessage: the very rules the contact form shows in the browser (@lib/pl-validation),
 * so each field violation carries the Polish message meant for the visitor, plus the form
 * submission's idempotency key.
 */
export const contactMessageRequest = contactMessageSchema
  .extend({ idempotencyKey: idempotencyKeyField })
  .transform(({ idempotencyKey, ...message }) => ({ message, idempotencyKey }));
