/**
 * The client's one door into the features: small DOM behaviour (islands) for server-rendered
 * pages that ship no React: the share buttons, the article view beacon, and the comment form (its
 * module is loaded only where a form is on the page). It runs after the first load and after
 * every client-side navigation.
 */
import { countArticleView } from '../features/article-views/view-beacon.island';
import { onShareClick, revealShareButtons } from '../features/content/share-links.island';

export { onShareClick };

/** Everything a freshly shown page needs. */
export function enhancePage(): void {
  revealShareButtons();
  countArticleView();
  if (document.querySelector('form[data-comment-form]')) {
    // Without the module the form still posts as plain HTML; nothing to tell the visitor.
    import('../features/comments/comment-form.island').then(({ enhanceCommentForms }) => enhanceCommentForms()).catch(() => undefined);
  }
}
