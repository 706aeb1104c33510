import { useRenderContext } from '../../app/render-context';
import { COMMENT_FORM_ANCHOR } from './comment-texts';
import { type CommentFormPageData } from './comments-data';
import { CommentForm } from './comments-section';

/**
 * Just the comment form, refilled, with the answer's message: what a rejected post (limit, outage,
 * too long) answers when the commented page cannot be drawn. When no page takes comments at the
 * address, the visitor's text is shown to copy instead of a form that could not be sent.
 */
export default function CommentFormPage({ data }: { data: CommentFormPageData }) {
  const { formState } = useRenderContext();
  return (
    <section className="container comment-form-page">
      <h1>{data.acceptsComments ? 'Twój komentarz' : 'Nie można dodać komentarza'}</h1>
      {data.acceptsComments && data.pagePath !== null ? (
        <CommentForm pagePath={data.pagePath} replyName={() => null} />
      ) : (
        <>
          <p className="comment-form__message" role="alert">
            {formState?.message ?? ''}
          </p>
          {formState?.values?.text && (
            <div className="form-field">
              <label htmlFor="komentarz-kopia">Twój tekst</label>
              <textarea id="komentarz-kopia" rows={8} readOnly defaultValue={formState.values.text} />
            </div>
          )}
        </>
      )}
      {data.pagePath !== null && (
        <p>
          <a href={data.acceptsComments ? `${data.pagePath}#${COMMENT_FORM_ANCHOR}` : '/'}>
            {data.acceptsComments ? 'Wróć do strony' : 'Strona główna'}
          </a>
        </p>
      )}
    </section>
  );
}
