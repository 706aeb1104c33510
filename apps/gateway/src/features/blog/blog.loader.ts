import { status as GrpcStatus } from '@grpc/grpc-js';
import { type contentV1, GrpcCallError } from '@lib/contracts';
import { oncePerAnswer } from '../../app/loaders/per-answer';
import { type LoadContext, PageNotFoundError } from '../../app/route-types';
import { BLOG_PAGE_SIZE, blogPagePath } from '../../app/site-paths/blog';
import { toArticleCard, toTagLink } from '../../app/view-models';
import { type BlogListData } from './blog-data';

/** Articles in the 'popular' box of the listing. */
export const POPULAR_LIMIT = 5;

export interface BlogParams {
  /** Tag slug; empty for the whole blog. */
  tag: string;
  page: number;
}

async function listArticles(ctx: LoadContext<BlogParams>) {
  const { tag, page } = ctx.params;
  try {
    return await ctx.services.content.listArticles({
      page: { page, pageSize: BLOG_PAGE_SIZE },
      tagSlug: tag,
      authorId: 0,
      authorSlug: '',
    });
  } catch (error) {
    // A page number past the end is an address without a page, whichever way the service says it.
    if (page > 1 && GrpcCallError.hasCode(error, GrpcStatus.OUT_OF_RANGE)) {
      throw new PageNotFoundError(`${blogPagePath(tag || null, page)} is past the last page`);
    }
    throw error;
  }
}

/** The tags box, once per ListTags answer (one shared answer for every listing page). */
const tagLinksOf = oncePerAnswer(
  (answer: contentV1.ListTagsResponse) => answer.tags.map(toTagLink),
  () => '',
);

/** The popular box, once per ListPopularArticles answer. */
const popularCardsOf = oncePerAnswer(
  (answer: contentV1.ListPopularArticlesResponse) => answer.articles.map(toArticleCard),
  () => '',
);

/** One listing page (the whole blog or a tag's) with the tags and popular articles beside it. */
export async function loadBlogList(ctx: LoadContext<BlogParams>): Promise<BlogListData> {
  const { tag, page } = ctx.params;
  const { content } = ctx.services;
  const [tagInfo, list, tags, popular] = await Promise.all([
    tag ? content.getTag({ slug: tag }) : Promise.resolve(null),
    listArticles(ctx),
    ctx.section(async () => tagLinksOf(await content.listTags({}))),
    ctx.section(async () => popularCardsOf(await content.listPopularArticles({ limit: POPULAR_LIMIT }))),
  ]);
  const totalPages = Math.max(1, list.pageInfo?.totalPages ?? 1);
  if (page > totalPages)
    throw new PageNotFoundError(`${blogPagePath(tag || null, page)} is past page ${totalPages}`);
  return {
    tag: tagInfo ? { slug: tagInfo.slug, name: tagInfo.name, description: tagInfo.description } : null,
    articles: list.articles.map(toArticleCard),
    page,
    totalPages,
    totalItems: list.pageInfo?.totalItems ?? list.articles.length,
    tags,
    popular,
  };
}
