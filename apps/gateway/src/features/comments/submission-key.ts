import { keyOfParts } from '../../kit/identity/derived-key';
import { type CommentSubmission } from './comment-submission';

/**
 * The idempotency key of a form post that came without one: a plain HTML form on a page every
 * visitor shares (the page, its ETag and a CDN's copy are the same for everyone, so no key can be
 * drawn into it per visitor). The key is derived from who posted what where — the client address
 * and every field the comment is made of — so a browser that sends the same post again (a reload of
 * the answer, "send" pressed twice, a retry after "we are not sure it arrived") sends the same
 * submission, and the content service stores it once. Two different comments never share a key;
 * the same comment typed again from the same address within the key's lifetime (24 h) is the same
 * submission, which is what a visitor means by it. Once the gateway has answered with the form,
 * the key travels in its hidden field like any other. Formatted as a UUID v4 (version and variant
 * bits set) because that is the contract's key format; its other bits are the hash's.
 */
export function derivedSubmissionKey(
  clientAddress: string,
  submission: Omit<CommentSubmission, 'idempotencyKey'>,
): string {
  const { pagePath, replyTo, name, email, text, rating } = submission;
  return keyOfParts(['comment', clientAddress, pagePath, replyTo, name, email, text, rating]);
}
