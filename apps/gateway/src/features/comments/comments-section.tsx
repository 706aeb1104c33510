import { UnavailableNotice } from '../../app/components/unavailable-notice';
import { FieldError, FormField, fieldControl } from '../../app/components/form-field';
import { useRenderContext } from '../../app/render-context';
import { islandMarker } from '../../app/island-marker';
import { formatDate, formatInteger, formatRating, plural } from '../../shared/format';
import {
  COMMENT_FORM_ANCHOR,
  COMMENT_TEXTS,
  COMMENTS_ANCHOR,
  COMMENTS_ENDPOINT,
  FIELD,
  type VisibleField,
} from './comment-texts';
import { type CommentView, type CommentsSectionData, type CommentsView } from './comments-data';
import { commentsHref, replyHref } from './comments-query';

const RATINGS = [1, 2, 3, 4, 5] as const;

function Stars({ rating }: { rating: number }) {
  return (
    <span className="comment__rating">
      <span aria-hidden="true">{'★'.repeat(rating) + '☆'.repeat(5 - rating)}</span>
      <span className="visually-hidden">{`Ocena ${rating} z 5`}</span>
    </span>
  );
}

function CommentItem({
  comment,
  pagePath,
  canReply,
}: {
  comment: CommentView;
  pagePath: string;
  canReply: boolean;
}) {
  const { locale } = useRenderContext();
  return (
    <li className={`comment${comment.label ? ' comment--staff' : ''}`} id={`komentarz-${comment.id}`}>
      <article>
        <header className="comment__header">
          <strong className="comment__name">{comment.name}</strong>
          {comment.label && <span className="comment__label">{comment.label}</span>}
          {comment.rating > 0 && <Stars rating={comment.rating} />}
          <time className="comment__date" dateTime={comment.createdAt}>
            {formatDate(locale, comment.createdAt)}
          </time>
        </header>
        <p className="comment__text">{comment.text}</p>
        {canReply && (
          <a
            className="comment__reply"
            href={replyHref(pagePath, comment.id)}
            data-reply-to={comment.id}
            data-reply-name={comment.name}
          >
            Odpowiedz<span className="visually-hidden">{` na komentarz: ${comment.name}`}</span>
          </a>
        )}
      </article>
      {comment.replies.length > 0 && (
        <ol className="comment__replies">
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} pagePath={pagePath} canReply={false} />
          ))}
        </ol>
      )}
    </li>
  );
}

function Summary({ view }: { view: CommentsView }) {
  const { locale } = useRenderContext();
  const count = `${formatInteger(locale, view.totalCount)} ${plural(view.totalCount, 'komentarz', 'komentarze', 'komentarzy')}`;
  const rating =
    view.ratingAverage === null
      ? 'Brak ocen'
      : `Średnia ocena ${formatRating(locale, view.ratingAverage)}/5 (${formatInteger(locale, view.ratingsCount)} ${plural(view.ratingsCount, 'ocena', 'oceny', 'ocen')})`;
  return <p className="comments__summary">{`${count} · ${rating}`}</p>;
}

function SortSwitch({ view }: { view: CommentsView }) {
  const option = (sort: CommentsView['sort'], text: string) =>
    view.sort === sort ? (
      <span className="comments__sort-option" aria-current="true">
        {text}
      </span>
    ) : (
      <a className="comments__sort-option" href={commentsHref(view.pagePath, { sort, page: 1 })}>
        {text}
      </a>
    );
  return (
    <nav className="comments__sort" aria-label="Kolejność komentarzy">
      <span>Pokaż: </span>
      {option('newer', 'najnowsze')}
      {option('older', 'najstarsze')}
    </nav>
  );
}

function CommentPager({ view }: { view: CommentsView }) {
  if (view.totalPages <= 1) return null;
  const href = (page: number) => commentsHref(view.pagePath, { sort: view.sort, page });
  return (
    <nav className="pager" aria-label="Kolejne strony komentarzy">
      {view.page > 1 ? (
        <a className="pager__link" href={href(view.page - 1)} rel="prev">
          ‹ Poprzednie
        </a>
      ) : (
        <span className="pager__link pager__link--off" aria-hidden="true">
          ‹ Poprzednie
        </span>
      )}
      <span className="pager__text" aria-current="page">{`strona ${view.page} z ${view.totalPages}`}</span>
      {view.page < view.totalPages ? (
        <a className="pager__link" href={href(view.page + 1)} rel="next">
          Następne ›
        </a>
      ) : (
        <span className="pager__link pager__link--off" aria-hidden="true">
          Następne ›
        </span>
      )}
    </nav>
  );
}

/** The ids of the comment form's controls (their hint and error ids follow from them). */
const FIELD_IDS: Record<VisibleField, string> = {
  name: 'komentarz-imie',
  email: 'komentarz-email',
  rating: 'komentarz-ocena',
  text: 'komentarz-tresc',
};
const fieldId = (field: VisibleField) => FIELD_IDS[field];

/**
 * The comment form. A plain POST to /api/comments works without JavaScript (303 back here with
 * the notice, or this page again with the errors and values); the page's client script posts it
 * with fetch instead and shows the same messages in place. The `website` field is a honeypot; the
 * hidden `idempotency_key` makes every retry of one submission the same submission.
 */
export function CommentForm({
  pagePath,
  replyName,
}: {
  pagePath: string;
  replyName: (id: string) => string | null;
}) {
  // The page's form state is this form's: the comments feature is the only one that fills it.
  const { formState: form } = useRenderContext();
  const values = form?.values ?? {};
  const replyTo = values.reply_to ?? '';
  const replying = replyTo !== '';
  const replyTarget = replying ? replyName(replyTo) : null;
  return (
    <form
      id={COMMENT_FORM_ANCHOR}
      className="comment-form"
      method="post"
      action={COMMENTS_ENDPOINT}
      data-comment-form=""
      {...islandMarker('comment-form')}
    >
      <h3 className="comment-form__title">Dodaj komentarz</h3>
      <div className="comment-form__status" role="status" data-comment-status="">
        {form?.pending ? COMMENT_TEXTS.pending : ''}
      </div>
      <div className="comment-form__message" role="alert" data-comment-message="">
        {form?.message ?? ''}
      </div>
      <input type="hidden" name={FIELD.pagePath} value={pagePath} />
      <input type="hidden" name={FIELD.replyTo} value={replyTo} data-reply-input="" />
      {/* Empty on the shared page: the island makes the key, or the gateway derives one from the post
          (submission-key.ts); the posted key when the form is drawn again after an answer. */}
      <input
        type="hidden"
        name={FIELD.idempotencyKey}
        value={values.idempotency_key ?? ''}
        data-idempotency-key=""
      />
      <p className="comment-form__replying" data-reply-notice="" hidden={!replying}>
        <span data-reply-text="">
          {replyTarget ? `Odpowiadasz na komentarz: ${replyTarget}.` : 'Odpowiadasz na komentarz.'}
        </span>{' '}
        <a href={`${pagePath}#${COMMENT_FORM_ANCHOR}`} data-reply-cancel="">
          Anuluj odpowiedź
        </a>
      </p>
      <FormField id={fieldId('name')} name={FIELD.name} label="Imię lub pseudonim" error={form?.errors?.name}>
        {(control) => (
          <input
            {...control}
            name={FIELD.name}
            type="text"
            autoComplete="nickname"
            required
            maxLength={100}
            defaultValue={values.name ?? ''}
          />
        )}
      </FormField>
      <FormField
        id={fieldId('email')}
        name={FIELD.email}
        label="E-mail"
        hint="Nie publikujemy adresu e-mail."
        error={form?.errors?.email}
      >
        {(control) => (
          <input
            {...control}
            name={FIELD.email}
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={values.email ?? ''}
          />
        )}
      </FormField>
      <fieldset
        className="form-field stars"
        data-rating-field=""
        disabled={replying}
        hidden={replying}
        {...fieldControl(fieldId('rating'), form?.errors?.rating)}
      >
        <legend>Twoja ocena</legend>
        <div className="stars__options">
          {RATINGS.map((rating) => (
            <label key={rating} className="stars__option">
              <input
                type="radio"
                name={FIELD.rating}
                value={rating}
                required
                defaultChecked={values.rating === String(rating)}
              />
              <span aria-hidden="true" className="stars__star">
                ★
              </span>
              <span className="visually-hidden">{`${rating} z 5`}</span>
            </label>
          ))}
        </div>
        <FieldError id={fieldId('rating')} name={FIELD.rating} error={form?.errors?.rating} />
      </fieldset>
      <FormField id={fieldId('text')} name={FIELD.text} label="Treść komentarza" error={form?.errors?.text}>
        {(control) => (
          <textarea
            {...control}
            name={FIELD.text}
            rows={5}
            required
            maxLength={5000}
            defaultValue={values.text ?? ''}
          />
        )}
      </FormField>
      <div className="comment-form__trap" aria-hidden="true">
        <label htmlFor="komentarz-strona-www">Nie wypełniaj tego pola</label>
        <input
          id="komentarz-strona-www"
          name={FIELD.trap}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <p className="form-field__hint">
        Komentarze publikujemy po sprawdzeniu przez moderatora. Nie zamieszczaj danych osobowych.
      </p>
      <button className="button" type="submit" data-comment-submit="">
        Dodaj komentarz
      </button>
    </form>
  );
}

/**
 * Published comments of a page (count, average rating, order switch, nested staff replies,
 * paging) and the form. While the comments cannot be listed, a short notice stands in for the list
 * and the form still accepts comments (SubmitComment is a separate call).
 */
export function CommentsSection({ comments, pagePath }: { comments: CommentsSectionData; pagePath: string }) {
  const view = comments.status === 'ok' ? comments.value : null;
  const replyName = (id: string) => view?.comments.find((comment) => String(comment.id) === id)?.name ?? null;
  return (
    <section id={COMMENTS_ANCHOR} className="comments" aria-labelledby="komentarze-naglowek">
      <h2 id="komentarze-naglowek">Komentarze</h2>
      {view === null ? (
        <UnavailableNotice what="Komentarze" />
      ) : (
        <>
          <Summary view={view} />
          {view.comments.length > 0 ? (
            <>
              <SortSwitch view={view} />
              <ol className="comments__list">
                {view.comments.map((comment) => (
                  <CommentItem
                    key={comment.id}
                    comment={comment}
                    pagePath={pagePath}
                    canReply={comment.author === 'visitor'}
                  />
                ))}
              </ol>
              <CommentPager view={view} />
            </>
          ) : (
            <p className="comments__empty">
              {view.totalCount > 0
                ? 'Na tej stronie nie ma już komentarzy.'
                : 'Nikt jeszcze nie skomentował. Bądź pierwszy!'}
            </p>
          )}
        </>
      )}
      <CommentForm pagePath={pagePath} replyName={replyName} />
    </section>
  );
}
