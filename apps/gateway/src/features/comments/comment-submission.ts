import { isPagePath, normalizeUuid } from '@lib/pl-validation';
import { z } from 'zod';
import { COMMENT_TEXTS, FIELD, type VisibleField } from './comment-texts';
import { type CommentFormState } from './comments-data';

/**
 * A posted comment, read from the parsed body (urlencoded form or JSON) with one zod schema:
 * presence and types only. Every rule about the content (lengths, e-mail, HTML, rating range) is
 * the content service's, and its Polish messages come back from SubmitComment as field violations.
 */

/** A field as text: absent or JSON null is empty, a JSON number its digits; anything else is malformed. */
const formText = z
  .union([z.string(), z.number().transform(String), z.null().transform(() => '')])
  .optional()
  .transform((value) => value ?? '');

const SESSION_ID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** A page that can carry comments: a site path below the root ('/placa-minimalna/'). */
const isCommentedPagePath = (path: string) => path !== '/' && isPagePath(path);

export const commentBodySchema = z.object({
  [FIELD.pagePath]: formText.pipe(z.string().refine(isCommentedPagePath)),
  [FIELD.name]: formText,
  [FIELD.email]: formText,
  [FIELD.text]: formText,
  /** One digit, or empty for a reply (the range is the service's rule). */
  [FIELD.rating]: formText.pipe(z.string().regex(/^\d?$/)),
  /** Empty, or the id of the comment answered. */
  [FIELD.replyTo]: formText.pipe(z.string().regex(/^(?:0|[1-9]\d{0,14})?$/)),
  /** Optional (JSON only): the visit id; anything that is not a UUID is left out. */
  [FIELD.sessionId]: formText.catch('').transform((id) => (SESSION_ID.test(id) ? id : '')),
  /**
   * The submission's key (hidden field): a UUID v4, kept canonical. Anything else (absent, an
   * unfilled slot, garbage) is undefined, and the API makes a key for the submission instead.
   */
  [FIELD.idempotencyKey]: formText.catch('').transform((key) => normalizeUuid(key.trim())),
});

/** What SubmitComment gets. */
export interface CommentSubmission {
  pagePath: string;
  name: string;
  email: string;
  text: string;
  rating: number;
  replyTo: number;
  sessionId: string;
  /** UUID v4: the same for every retry of this submission. */
  idempotencyKey: string;
}

/** What the form shows again after an error: the visible fields and the reply target, as sent. */
export type CommentValues = NonNullable<CommentFormState['values']>;

export type CommentBodyReading =
  /** Not an object (or not JSON at all): nothing to answer on a page. */
  | { kind: 'unreadable' }
  /** The honeypot is filled; `pagePath` is the page to pretend success on, null when there is none. */
  | { kind: 'honeypot'; pagePath: string | null; sentPath: string }
  /** No page (or a malformed one) to add the comment under. */
  | { kind: 'unknown-page' }
  /** Fields of the wrong type; a malformed reply id is a tampered form, not a visitor's mistake. */
  | {
      kind: 'invalid';
      pagePath: string;
      errors: Partial<Record<VisibleField, string>>;
      badReplyTo: boolean;
      values: CommentValues;
    }
  /** `sentKey`: the form's idempotency key, undefined when it sent none that is a UUID v4. */
  | {
      kind: 'valid';
      submission: Omit<CommentSubmission, 'idempotencyKey'>;
      sentKey: string | undefined;
      values: CommentValues;
    };

const VALUE_FIELDS = [FIELD.name, FIELD.email, FIELD.text, FIELD.rating, FIELD.replyTo] as const;
const TYPED_FIELDS = [FIELD.name, FIELD.email, FIELD.text, FIELD.rating] as const;

function valuesOf(fields: Record<string, unknown>): CommentValues {
  const values: CommentValues = {};
  for (const field of VALUE_FIELDS) {
    const value = formText.safeParse(fields[field]);
    if (value.success && value.data !== '') values[field] = value.data;
  }
  // The form drawn again keeps the submission's key: sending it again is the same submission.
  const key = commentBodySchema.shape[FIELD.idempotencyKey].parse(fields[FIELD.idempotencyKey]);
  if (key !== undefined) values[FIELD.idempotencyKey] = key;
  return values;
}

/**
 * In the order the API answers them: an unreadable body, the honeypot (checked before anything
 * else about the fields, so bots learn nothing), the page, then the other fields.
 */
export function readCommentBody(body: unknown): CommentBodyReading {
  const parsed = commentBodySchema.safeParse(body);
  if (!parsed.success && parsed.error.issues.some((issue) => issue.path.length === 0))
    return { kind: 'unreadable' };
  const fields = body as Record<string, unknown>;
  const trap = fields[FIELD.trap];
  if (trap !== undefined && trap !== '') {
    const sent = fields[FIELD.pagePath];
    const sentPath = typeof sent === 'string' ? sent : '';
    return { kind: 'honeypot', pagePath: isCommentedPagePath(sentPath) ? sentPath : null, sentPath };
  }
  const values = valuesOf(fields);
  if (parsed.success) {
    const data = parsed.data;
    return {
      kind: 'valid',
      values,
      sentKey: data.idempotency_key,
      submission: {
        pagePath: data.page_path,
        name: data.name,
        email: data.email,
        text: data.text,
        rating: Number(data.rating || 0),
        replyTo: Number(data.reply_to || 0),
        sessionId: data.session_id,
      },
    };
  }
  const failed = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  if (failed.has(FIELD.pagePath)) return { kind: 'unknown-page' };
  const errors: Partial<Record<VisibleField, string>> = {};
  for (const field of TYPED_FIELDS) if (failed.has(field)) errors[field] = COMMENT_TEXTS.badField;
  return {
    kind: 'invalid',
    pagePath: String(fields[FIELD.pagePath]),
    errors,
    badReplyTo: failed.has(FIELD.replyTo),
    values,
  };
}
