import {
  HIDDEN_CHARACTERS_MESSAGE,
  hasHiddenCharacters,
  isEmail,
  isPagePath,
  normalizeEmail,
} from '@lib/pl-validation';
import { z } from 'zod';

export type CommentState = 'pending' | 'published' | 'rejected';
export type CommentAuthorType = 'visitor' | 'company' | 'expert';

/**
 * Moderation: a visitor's comment is held for review (pending) and then published or rejected,
 * once. Anything else (approving a rejected comment, rejecting twice) is refused, so the record of
 * who decided what stays true.
 */
export function moderate(
  state: CommentState,
  decision: 'approve' | 'reject',
): CommentState | { refused: string } {
  if (state !== 'pending') return { refused: `comment is already ${state}` };
  return decision === 'approve' ? 'published' : 'rejected';
}

/** Texts shown to the visitor next to the field (Polish), also carried as gRPC field violations. */
export const COMMENT_MESSAGES = {
  name: 'Podaj imię lub pseudonim (od 2 do 100 znaków)',
  email: 'Wprowadź prawidłowy adres e-mail',
  text: 'Wpisz treść komentarza (od 3 do 5000 znaków)',
  html: 'Komentarz nie może zawierać znaczników HTML',
  rating: 'Wybierz ocenę od 1 do 5',
  replyRating: 'Odpowiedź nie zawiera oceny',
  pagePath: 'Nieprawidłowy adres strony',
  replyTo: 'Komentarz, na który odpowiadasz, nie istnieje',
  /** Right-to-left overrides and zero-width characters (names only): @lib/pl-validation's rule. */
  hiddenCharacters: HIDDEN_CHARACTERS_MESSAGE,
} as const;

/**
 * Page types whose pages take comments (route metadata `type`): articles and lender reviews, the
 * pages that show a comment form. SubmitComment for any other path is NOT_FOUND.
 */
export const COMMENTED_PAGE_TYPES = ['blog', 'lender'] as const;

export const MAX_COMMENT_LENGTH = 5000;

/** Comments belong to a page below the home page (articles, lender reviews, guides). */
const isCommentPagePath = (path: string) => path !== '/' && isPagePath(path);
const HTML_TAG = /<\/?[a-zA-Z!][^>]*>/;
/**
 * Line breaks as one character: a browser sends a textarea's line breaks as CRLF, while the
 * textarea's own 5,000-character limit counted them as one, so a text the form accepted would
 * otherwise come out longer than the rule allows.
 */
const oneCharLineBreaks = (text: string) => text.replace(/\r\n?/g, '\n');
const CONTROL = /(?![\n\r\t])\p{Cc}/u;

/** A visitor's comment as the gRPC request carries it (int64 ids arrive as numbers). */
export const submitCommentSchema = z
  .object({
    pagePath: z.string().refine(isCommentPagePath, COMMENT_MESSAGES.pagePath),
    name: z
      .string()
      .trim()
      .min(2, COMMENT_MESSAGES.name)
      .max(100, COMMENT_MESSAGES.name)
      .refine((v) => !HTML_TAG.test(v) && !CONTROL.test(v), COMMENT_MESSAGES.name)
      .refine((v) => !hasHiddenCharacters(v), COMMENT_MESSAGES.hiddenCharacters),
    email: z
      .string()
      .trim()
      .max(254, COMMENT_MESSAGES.email)
      .refine(isEmail, COMMENT_MESSAGES.email)
      .transform(normalizeEmail),
    text: z
      .string()
      .overwrite(oneCharLineBreaks)
      .trim()
      .min(3, COMMENT_MESSAGES.text)
      .max(MAX_COMMENT_LENGTH, COMMENT_MESSAGES.text)
      .refine((v) => !HTML_TAG.test(v), COMMENT_MESSAGES.html)
      .refine((v) => !CONTROL.test(v), COMMENT_MESSAGES.text),
    rating: z.number().int(),
    replyTo: z.number().int().min(0),
    sessionId: z.string().max(36),
  })
  .superRefine((c, ctx) => {
    // Top-level comments rate the lender or article; replies only answer.
    if (c.replyTo === 0 && (c.rating < 1 || c.rating > 5))
      ctx.addIssue({ code: 'custom', path: ['rating'], message: COMMENT_MESSAGES.rating });
    if (c.replyTo !== 0 && c.rating !== 0)
      ctx.addIssue({ code: 'custom', path: ['rating'], message: COMMENT_MESSAGES.replyRating });
  });

export type SubmitCommentInput = z.output<typeof submitCommentSchema>;

/** A staff reply (company or expert): published at once, one level under a published visitor comment. */
export const staffReplySchema = z.object({
  commentId: z.number().int().positive(),
  authorType: z.enum(['company', 'expert'], { error: 'must be COMPANY or EXPERT' }),
  name: z
    .string()
    .trim()
    .min(2, COMMENT_MESSAGES.name)
    .max(100, COMMENT_MESSAGES.name)
    .refine((v) => !hasHiddenCharacters(v), COMMENT_MESSAGES.hiddenCharacters),
  text: z
    .string()
    .overwrite(oneCharLineBreaks)
    .trim()
    .min(3, COMMENT_MESSAGES.text)
    .max(MAX_COMMENT_LENGTH, COMMENT_MESSAGES.text)
    .refine((v) => !HTML_TAG.test(v), COMMENT_MESSAGES.html),
  moderator: z.string().trim().min(1, 'is required').max(100),
});

export type StaffReplyInput = z.output<typeof staffReplySchema>;
