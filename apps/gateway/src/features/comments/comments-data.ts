import { type FormState } from '../../app/form-state';
import { type Section } from '../../app/section';
import { type VisibleField } from './comment-texts';

export type CommentAuthor = 'visitor' | 'company' | 'expert';
export type CommentSortName = 'newer' | 'older';

/** One published comment as shown (never with the e-mail, which the service does not send). */
export interface CommentView {
  id: number;
  name: string;
  author: CommentAuthor;
  /** 'Odpowiedź firmy' / 'Odpowiedź eksperta' for staff replies; null for visitors. */
  label: string | null;
  /** Plain text; rendered as text, never as HTML. */
  text: string;
  /** 1–5, or 0 when the comment carries no rating (replies). */
  rating: number;
  /** RFC 3339. */
  createdAt: string;
  replies: CommentView[];
}

/** Which slice of a page's comments the address asks for (`?komentarze=…&komentarze-strona=…`). */
export interface CommentsQuery {
  sort: CommentSortName;
  page: number;
}

export interface CommentsView {
  /** The commented page; the form posts it back. */
  pagePath: string;
  sort: CommentSortName;
  page: number;
  totalPages: number;
  /** Published comments including replies. */
  totalCount: number;
  ratingsCount: number;
  /** null while nothing is rated. */
  ratingAverage: number | null;
  comments: CommentView[];
}

/** The comments block of a page: loaded with the page data; unavailable leaves a short notice. */
export type CommentsSectionData = Section<CommentsView>;

/**
 * What the comment form shows besides the page data, per request and never cached (the page's
 * FormState): the values sent back after an error (the e-mail included, and the submission's
 * idempotency key, so sending the form again is a retry of the same submission), the errors, a message
 * about the whole submission (limit, outage, hidden fields), the success notice or a reply target.
 */
export interface CommentFormState extends FormState {
  values?: Partial<Record<'name' | 'email' | 'text' | 'rating' | 'reply_to' | 'idempotency_key', string>>;
  errors?: Partial<Record<VisibleField, string>>;
}

/**
 * The page that holds just the comment form (`comment-form`): the answer to a rejected post when
 * the commented page itself cannot be drawn (its data failed to load), so the text is never lost.
 */
export interface CommentFormPageData {
  /** The commented page, or null when the post named none. */
  pagePath: string | null;
  /** False when no page under the address takes comments: the text is shown to copy, without a form. */
  acceptsComments: boolean;
}
