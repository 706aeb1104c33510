import { contentV1 } from '@lib/contracts';
import { loadOfferBlock } from '../../app/loaders/offer-block.loader';
import { offerRequestForPage } from '../../app/loaders/offer-request';
import { type LoadContext } from '../../app/route-types';
import { SECTION_UNAVAILABLE } from '../../app/section';
import { toContentView } from '../../app/view-models';
import { type CommentsQuery, type CommentsSectionData } from '../comments';
import { commentSliceRequest, commentsSectionOf, loadComments } from '../comments/comments.loader';
import { type ContentPageData } from './content-data';
import { toArticleView } from './article.view-model';
import { applicantGroupOf } from './form-limits-notice.view-model';

export interface ContentParams {
  /** '/slug/' or '/a/b/'. */
  path: string;
  comments: CommentsQuery;
}

/**
 * GetPage, then by the page's route type: an article adds GetArticle and its comments, an SEO page
 * the offers block it declares (GetPage's offer_block: the request and filters of its front
 * matter) and, when the block names a group of borrowers, what the application form accepts
 * (GetApplicationLimits; unknown limits count as a section that did not load, so such a page is
 * not cached); anything else is a document. A path the route list names as an article is one
 * call, GetArticlePage: the page, its article and its comments composed by the content service.
 */
export async function loadContentPage(ctx: LoadContext<ContentParams>): Promise<ContentPageData> {
  if (ctx.contentType === contentV1.RouteType.BLOG) {
    const { path, comments: query } = ctx.params;
    const { sort, page: commentPage } = commentSliceRequest(query);
    const answer = await ctx.services.content.getArticlePage({ path, commentSort: sort, commentPage });
    if (!answer.page) throw new Error(`GetArticlePage answered ${path} without its page`);
    // The list was out of date when the page is no longer an article: its own type decides.
    return answer.article
      ? articlePage(ctx, answer.page, answer.article, commentsSectionOf(answer, path, query))
      : pageOfType(ctx, answer.page);
  }
  return pageOfType(ctx, await ctx.services.content.getPage({ path: ctx.params.path }));
}

const getArticle = (ctx: LoadContext<ContentParams>) =>
  ctx.services.content.getArticle({ slug: ctx.params.path.slice(1, -1) });

async function pageOfType(ctx: LoadContext<ContentParams>, page: contentV1.Page): Promise<ContentPageData> {
  if (page.type === contentV1.RouteType.BLOG) {
    const [article, comments] = await Promise.all([
      getArticle(ctx),
      loadComments(ctx, ctx.params.path, ctx.params.comments),
    ]);
    return articlePage(ctx, page, article, comments);
  }
  const view = toContentView(page);
  if (page.type === contentV1.RouteType.SEO) {
    const applicantGroup = view.showOffers ? applicantGroupOf(page.offerBlock) : null;
    const [offers, formLimits] = await Promise.all([
      view.showOffers ? ctx.section(() => loadOfferBlock(ctx, offerRequestForPage(page.offerBlock))) : null,
      applicantGroup
        ? ctx
            .section(() => ctx.services.leads.getApplicationLimits({}))
            .then((limits) => (limits.status === 'ok' && !limits.value.known ? SECTION_UNAVAILABLE : limits))
        : null,
    ]);
    return { kind: 'seo', page: view, offers, applicantGroup, formLimits };
  }
  // Documents, core pages, and any type this build does not know yet read as a document.
  return { kind: 'page', page: view };
}

function articlePage(
  ctx: LoadContext<ContentParams>,
  page: contentV1.Page,
  article: contentV1.Article,
  comments: CommentsSectionData,
): ContentPageData {
  const view = toContentView(page);
  // The article's own body is the one shown; the page's copy of it would only be carried along.
  const shareUrl = view.canonicalUrl || `${ctx.origin}${ctx.params.path}`;
  return {
    kind: 'article',
    page: { ...view, bodyHtml: '' },
    article: toArticleView(article, shareUrl),
    comments,
  };
}
