import { type SubmissionBudget } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { HIDDEN_CHARACTERS_MESSAGE, isPagePath } from '@lib/pl-validation';
import { type Request, type Response, Router } from 'express';
import { type GatewayServices } from '../../app/services';
import { type CsrfKey } from '../../kit/csrf';
import { type FeatureHandler } from '../../kit/feature';
import {
  type FormDeclaration,
  type FormReading,
  type FormRejection,
  type FormStored,
  type FormValues,
  formPipeline,
} from '../../kit/forms/form-pipeline';
import { type OriginPolicy } from '../../kit/http/same-origin';
import { type PagePort } from '../../kit/pages/page-port';
import { type ResolvedPage } from '../../kit/pages/resolved-page';
import { type FieldTexts, fieldTextOf } from '../../kit/forms/field-texts';
import { commentBudget } from './comment-rate-limit';
import { type CommentSubmission, type CommentValues, readCommentBody } from './comment-submission';
import { COMMENT_TEXTS, COMMENTS_ENDPOINT, FIELD, isVisibleField } from './comment-texts';
import { type CommentFormPageData, type CommentFormState } from './comments-data';
import { pendingHref } from './comments-query';
import { derivedSubmissionKey } from './submission-key';

/**
 * The explicit limit of a comment post's body, sized so the longest comment the form takes always
 * fits, in any encoding: 5,000 characters (the textarea's limit) at the worst 9 bytes each
 * form-encoded (a 3-byte UTF-8 character is %XX%XX%XX; a Polish letter takes 6, as does a JSON
 * \uXXXX escape or a CRLF line break), 45 kB, plus name and e-mail at the same worst and the
 * hidden fields: under 49 kB. A larger body is not read (413).
 */
export const COMMENT_BODY_LIMIT_BYTES = 64 * 1024;

/** Service field names (SubmitCommentRequest, camelCase) → form field names. */
const FORM_FIELD: Record<string, string> = {
  pagePath: FIELD.pagePath,
  replyTo: FIELD.replyTo,
  sessionId: FIELD.sessionId,
  idempotencyKey: FIELD.idempotencyKey,
};

/**
 * The words next to a field SubmitComment refused: the content service's rules, word for word
 * (so the visitor reads the very rule that failed), the field's general rule first.
 */
const COMMENT_FIELD_TEXTS: FieldTexts = {
  [FIELD.name]: ['Podaj imię lub pseudonim (od 2 do 100 znaków)', HIDDEN_CHARACTERS_MESSAGE],
  [FIELD.email]: ['Wprowadź prawidłowy adres e-mail'],
  [FIELD.text]: [
    'Wpisz treść komentarza (od 3 do 5000 znaków)',
    'Komentarz nie może zawierać znaczników HTML',
  ],
  [FIELD.rating]: ['Wybierz ocenę od 1 do 5', 'Odpowiedź nie zawiera oceny'],
};

/** A page that can carry comments: a site path below the root. */
const isCommentedPagePath = (path: string) => path !== '/' && isPagePath(path);

/**
 * The page a post came from, by its Referer (same-origin posts only reach the handlers): where a
 * body too large to read is answered, since the body that names the page was not read.
 */
function pagePathOfReferer(req: Request): string | null {
  const referer = req.get('referer');
  if (!referer) return null;
  try {
    const { pathname } = new URL(referer);
    return isCommentedPagePath(pathname) ? pathname : null;
  } catch {
    return null;
  }
}

export interface CommentsApiDeps {
  services: GatewayServices;
  logger: Logger;
  /** The comment form's own budget of stored comments per client address. */
  budget: SubmissionBudget;
  /** Our origin for the same-origin check (PUBLIC_ORIGIN, and whether it was configured). */
  publicOrigin: OriginPolicy;
  /** Draws the commented page again (no-JavaScript answers with errors). */
  pages: PagePort;
  csrfKey: CsrfKey;
  onUpstreamError: (error: unknown) => void;
}

type CommentInput = Omit<CommentSubmission, 'idempotencyKey'>;

/** What SubmitComment stored (or had stored before: a repeat) for the page it was posted under. */
interface Submitted {
  pagePath: string;
  duplicate: boolean;
}

/** The form's values with the page they were sent from (the page the form is drawn on again). */
const withPage = (values: CommentValues, pagePath: string | null): FormValues => ({
  ...values,
  ...(pagePath === null ? {} : { [FIELD.pagePath]: pagePath }),
});

/**
 * POST /api/comments through the one form pipeline (kit/forms/form-pipeline.ts), as a plain form
 * (application/x-www-form-urlencoded: 303 back to the page, or the page again with errors) or as
 * JSON from the page's script ({status, message} or {error: {status, message, fields,
 * idempotencyKey}}). The comment form reads its own body (at most COMMENT_BODY_LIMIT_BYTES: 413)
 * and carries no CSRF token: the same-origin check guards it. SubmitComment's NOT_FOUND (no page
 * there takes comments) answers 404 with the text to copy. A form answer never loses the text: the
 * commented page with the form refilled, or, when that page cannot be drawn, a page with just the
 * form.
 */
export function commentsApi(deps: CommentsApiDeps): Router {
  /**
   * The commented page with the form state and the error status. When it cannot be drawn (its
   * data failed: the content service that just failed the post may fail the page too) or takes no
   * comments, a page with just the form (or the text to copy); a status page only when the post
   * named no page and carried no text.
   */
  const renderPage = async (
    req: Request,
    res: Response,
    status: number,
    pagePath: string | null,
    state: CommentFormState,
    acceptsComments: boolean,
  ) => {
    const page = pagePath === null || !acceptsComments ? null : await deps.pages.resolve(pagePath);
    let shown: ResolvedPage;
    if (page && page.status === 200) shown = { ...page, status, formState: state };
    else if (pagePath !== null || state.values?.text)
      shown = formPage(pagePath, status, state, acceptsComments);
    else shown = { ...deps.pages.statusPage('/', status), formState: {} };
    await deps.pages.render(req, res, shown);
  };

  const formPage = (
    pagePath: string | null,
    status: number,
    state: CommentFormState,
    acceptsComments: boolean,
  ): ResolvedPage => {
    const base = deps.pages.statusPage(pagePath ?? '/', status, 'comment-form');
    const data: CommentFormPageData = { pagePath, acceptsComments: acceptsComments && pagePath !== null };
    return {
      ...base,
      route: 'comment-form',
      page: 'comment-form',
      data,
      head: { ...base.head, title: 'Twój komentarz' },
      formState: state,
    };
  };

  const rejected = (
    status: number,
    message: string,
    extra: Omit<FormRejection, 'status' | 'message'> = {},
  ): FormReading<CommentInput> => ({
    kind: 'rejected',
    rejection: { status, message, values: {}, ...extra },
  });

  const form: FormDeclaration<CommentInput, Submitted> = {
    name: 'comment',
    routeLabel: COMMENTS_ENDPOINT,
    texts: COMMENT_TEXTS,
    csrf: false,
    ownBody: { limitBytes: COMMENT_BODY_LIMIT_BYTES, parameterLimit: 20 },
    service: 'content',
    keyField: FIELD.idempotencyKey,
    read: (req) => {
      const read = readCommentBody(req.body);
      switch (read.kind) {
        case 'unreadable':
          return rejected(400, COMMENT_TEXTS.badBody);
        case 'honeypot':
          return read.pagePath !== null
            ? { kind: 'honeypot', stored: pendingAnswer(read.pagePath) }
            : rejected(400, COMMENT_TEXTS.unknownPage);
        case 'unknown-page':
          return rejected(400, COMMENT_TEXTS.unknownPage);
        case 'invalid':
          return rejected(400, read.badReplyTo ? COMMENT_TEXTS.badBody : COMMENT_TEXTS.fixFields, {
            errors: read.errors,
            values: withPage(read.values, read.pagePath),
          });
        case 'valid':
          return {
            kind: 'valid',
            input: read.submission,
            values: withPage(read.values, read.submission.pagePath),
            sentKey: read.sentKey,
          };
      }
    },
    // A post without a key (the plain form of a shared page) goes by a key derived from the post itself.
    derivedKey: (submission, address) => derivedSubmissionKey(address, submission),
    submit: async (submission, idempotencyKey) => {
      const stored = await deps.services.content.submitComment({ ...submission, idempotencyKey });
      deps.logger.info(
        {
          pagePath: submission.pagePath,
          commentId: stored.commentId,
          reply: submission.replyTo > 0,
          duplicate: stored.duplicate,
        },
        stored.duplicate
          ? 'comment repeated: already pending moderation'
          : 'comment received: pending moderation',
      );
      return { pagePath: submission.pagePath, duplicate: stored.duplicate };
    },
    nothingStored: (submitted) => submitted.duplicate,
    // A repeat is answered as the first post was: the comment is waiting for moderation.
    stored: (submitted) => pendingAnswer(submitted.pagePath),
    fieldOfViolation: (field) => {
      const name = FORM_FIELD[field] ?? field;
      return isVisibleField(name) ? name : undefined;
    },
    fieldText: (field, description) =>
      fieldTextOf(COMMENT_FIELD_TEXTS, field, description, COMMENT_TEXTS.badField),
    hiddenFieldText: (field) => {
      const name = FORM_FIELD[field] ?? field;
      if (name === FIELD.replyTo) return COMMENT_TEXTS.replyGone;
      if (name === FIELD.pagePath) return COMMENT_TEXTS.unknownPage;
      return undefined;
    },
    refusal: (_error, status, values) => {
      if (status !== 404) return undefined;
      deps.logger.info({ pagePath: values[FIELD.pagePath] }, 'comment refused: no page takes comments there');
      return { status, message: COMMENT_TEXTS.notCommentable, values };
    },
    wantsJson: (req) => req.is('application/json') === 'application/json',
    renderRejection: (req, res, rejection) => {
      // No values: the body (and the page it names) was not read; the page the form was sent from shows the message.
      const pagePath = rejection.values ? (rejection.values[FIELD.pagePath] ?? null) : pagePathOfReferer(req);
      const { [FIELD.pagePath]: _page, ...values } = rejection.values ?? {};
      const state: CommentFormState = {
        message: rejection.message,
        ...(rejection.errors ? { errors: rejection.errors } : {}),
        ...(Object.keys(values).length > 0 ? { values } : {}),
      };
      // NOT_FOUND: no page under the address takes comments; the text is shown without a form.
      return renderPage(req, res, rejection.status, pagePath, state, rejection.status !== 404);
    },
    renderForbidden: (req, res) =>
      deps.pages.render(req, res, { ...deps.pages.statusPage('/', 403), formState: {} }),
  };

  const router = Router();
  router.post(
    COMMENTS_ENDPOINT,
    ...formPipeline(form, {
      logger: deps.logger,
      budget: deps.budget,
      origin: deps.publicOrigin,
      csrfKey: deps.csrfKey,
      onUpstreamError: deps.onUpstreamError,
    }),
  );
  return router;
}

/** A stored comment: 303 to the page with the pending notice, or 202 for the page's script. */
function pendingAnswer(pagePath: string): FormStored {
  return {
    href: pendingHref(pagePath),
    json: { status: 202, body: { status: 'pending', message: COMMENT_TEXTS.pending } },
  };
}

/** POST /api/comments, before the general body limit: it holds its own (COMMENT_BODY_LIMIT_BYTES). */
export const commentsFeature: FeatureHandler = {
  name: 'comments',
  stage: 'own-body',
  endpoints: [{ path: COMMENTS_ENDPOINT, methods: ['POST'] }],
  create: (ctx) =>
    commentsApi({
      services: ctx.services,
      logger: ctx.logger,
      budget: commentBudget(ctx.config, ctx.budgets),
      publicOrigin: ctx.origin,
      pages: ctx.pages,
      csrfKey: ctx.csrf.key,
      onUpstreamError: ctx.onUpstreamError,
    }),
};
