import { Controller, Inject } from '@nestjs/common';
import { type Cache, readThrough } from '@lib/cache';
import { contentV1 } from '@lib/contracts';
import { CACHE, GrpcService, notFound, parseRequest } from '@lib/service-kit';
import { z } from 'zod';
import { CONTENT_CACHE_POLICY, cacheKey } from './cache-keys';
import { byPolishName, toArticleSummary, toTag } from './mappers';
import { type ArticleFilter, ArticlesRepository } from './persistence/articles.repository';
import { type AuthorRow, BlogTaxonomyRepository } from './persistence/blog-taxonomy.repository';
import {
  BLOG_PAGE_SIZE,
  optionalIdField,
  optionalSlugField,
  pageField,
  pageInfo,
  slugField,
} from './requests';

export const SIMILAR_ARTICLES = 3;
export const POPULAR_ARTICLES_DEFAULT = 5;
const POPULAR_ARTICLES_MAX = 20;

const listArticlesRequest = z.object({
  page: pageField(BLOG_PAGE_SIZE),
  tagSlug: optionalSlugField,
  authorId: optionalIdField,
  authorSlug: optionalSlugField,
});
const getArticleRequest = z.object({ slug: slugField });
const listPopularArticlesRequest = z.object({
  limit: z
    .number()
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .transform((limit) => Math.min(limit || POPULAR_ARTICLES_DEFAULT, POPULAR_ARTICLES_MAX)),
});
const getTagRequest = z.object({ slug: slugField });
const getAuthorRequest = z
  .object({ slug: optionalSlugField, id: optionalIdField, page: pageField(BLOG_PAGE_SIZE) })
  .refine((request) => request.slug !== undefined || request.id !== undefined, {
    message: 'is required (or id)',
    path: ['slug'],
  });

/** A listing, or which filter named something that does not exist (cached like a listing). */
type Listing =
  { found: contentV1.ListArticlesResponse } | { missing: { type: 'tag' | 'author'; name: string } };

function authorSummary(author: AuthorRow): contentV1.AuthorSummary {
  return {
    id: author.id,
    slug: author.slug,
    name: author.name,
    role: author.role,
    imageUrl: author.imageUrl,
  };
}

/** The blog: listings (all, by tag, by author), articles, popular articles, tags and authors. */
@Controller()
@GrpcService(contentV1.CONTENT_SERVICE_NAME)
export class BlogController implements Pick<
  contentV1.ContentServiceController,
  'listArticles' | 'getArticle' | 'listPopularArticles' | 'listTags' | 'getTag' | 'getAuthor'
> {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly taxonomy: BlogTaxonomyRepository,
    @Inject(CACHE) private readonly cache: Cache,
  ) {}

  async listArticles(request: contentV1.ListArticlesRequest): Promise<contentV1.ListArticlesResponse> {
    const { page, tagSlug, authorId, authorSlug } = parseRequest(listArticlesRequest, request);
    const author =
      authorId !== undefined ? `id=${authorId}` : authorSlug !== undefined ? `slug=${authorSlug}` : '';
    const key = cacheKey('articles', tagSlug ?? '', author, page.page, page.size);
    const answer = await readThrough(this.cache, key, CONTENT_CACHE_POLICY, async (): Promise<Listing> => {
      const filter: ArticleFilter = {};
      if (tagSlug !== undefined) {
        if (!(await this.taxonomy.findTag(tagSlug))) return { missing: { type: 'tag', name: tagSlug } };
        filter.tag = tagSlug;
      }
      if (authorId !== undefined || authorSlug !== undefined) {
        const author = await this.taxonomy.findAuthor(
          authorId !== undefined ? { id: authorId } : { slug: authorSlug! },
        );
        if (!author) return { missing: { type: 'author', name: String(authorId ?? authorSlug) } };
        filter.authorId = author.id;
      }
      const { rows, total } = await this.articles.list(filter, page.offset, page.size);
      return {
        found: { articles: rows.map(toArticleSummary), pageInfo: pageInfo(page.page, page.size, total) },
      };
    });
    if ('missing' in answer) throw notFound(answer.missing.type, answer.missing.name);
    return answer.found;
  }

  async getArticle(request: contentV1.GetArticleRequest): Promise<contentV1.Article> {
    const { slug } = parseRequest(getArticleRequest, request);
    const article = await readThrough(this.cache, cacheKey('article', slug), CONTENT_CACHE_POLICY, () =>
      this.loadArticle(slug),
    );
    if (!article) throw notFound('article', slug);
    return article;
  }

  async listPopularArticles(
    request: contentV1.ListPopularArticlesRequest,
  ): Promise<contentV1.ListPopularArticlesResponse> {
    const { limit } = parseRequest(listPopularArticlesRequest, request);
    return { articles: await this.popular(limit) };
  }

  async listTags(): Promise<contentV1.ListTagsResponse> {
    const tags = await readThrough(this.cache, cacheKey('tags'), CONTENT_CACHE_POLICY, async () =>
      (await this.taxonomy.listTags()).map(toTag),
    );
    return { tags: [...tags].sort(byPolishName) };
  }

  async getTag(request: contentV1.GetTagRequest): Promise<contentV1.Tag> {
    const { slug } = parseRequest(getTagRequest, request);
    const { tags } = await this.listTags();
    const tag = tags.find((t) => t.slug === slug);
    if (!tag) throw notFound('tag', slug);
    return tag;
  }

  async getAuthor(request: contentV1.GetAuthorRequest): Promise<contentV1.Author> {
    const { slug, id, page } = parseRequest(getAuthorRequest, request);
    const key = cacheKey('author', id !== undefined ? `id=${id}` : `slug=${slug}`, page.page, page.size);
    const author = await readThrough(this.cache, key, CONTENT_CACHE_POLICY, async () => {
      const row = await this.taxonomy.findAuthor(id !== undefined ? { id } : { slug: slug! });
      if (!row) return null;
      const { rows, total } = await this.articles.list({ authorId: row.id }, page.offset, page.size);
      return {
        summary: authorSummary(row),
        bioHtml: row.bioHtml,
        articles: rows.map(toArticleSummary),
        pageInfo: pageInfo(page.page, page.size, total),
      };
    });
    if (!author) throw notFound('author', String(id ?? slug));
    return author;
  }

  private popular(limit: number): Promise<contentV1.ArticleSummary[]> {
    return readThrough(this.cache, cacheKey('popular', limit), CONTENT_CACHE_POLICY, async () =>
      (await this.articles.popular(limit)).map(toArticleSummary),
    );
  }

  private async loadArticle(slug: string): Promise<contentV1.Article | null> {
    const article = await this.articles.findBySlug(slug);
    if (!article) return null;
    const [author, tags, similar, popular] = await Promise.all([
      this.taxonomy.findAuthor({ id: article.authorId }),
      this.taxonomy.listTags(article.tags),
      this.articles.similar(slug, article.tags, SIMILAR_ARTICLES),
      this.popular(POPULAR_ARTICLES_DEFAULT + 1),
    ]);
    const tagOrder = new Map(article.tags.map((tag, index) => [tag, index]));
    return {
      summary: toArticleSummary(article),
      description: article.description,
      bodyHtml: article.bodyHtml,
      author: author ? authorSummary(author) : null,
      tags: tags.map(toTag).sort((a, b) => (tagOrder.get(a.slug) ?? 0) - (tagOrder.get(b.slug) ?? 0)),
      ratingsCount: article.ratingsCount,
      ratingsSum: article.ratingsSum,
      commentsCount: article.commentsCount,
      toc: article.toc.map((entry) => ({ anchor: entry.anchor, title: entry.title, level: entry.level })),
      similar: similar.map(toArticleSummary),
      // The article itself is not among its own popular list.
      popular: popular.filter((p) => p.slug !== slug).slice(0, POPULAR_ARTICLES_DEFAULT),
      h1: article.h1,
      sources: article.sources.map((s) => ({ name: s.name, url: s.url })),
      wordCount: article.wordCount,
    };
  }
}
