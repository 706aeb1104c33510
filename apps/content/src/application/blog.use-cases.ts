import { Inject, Injectable } from '@nestjs/common';
import { type Cache, readThrough } from '@lib/cache';
import { type contentV1 } from '@lib/contracts';
import { CACHE, notFound, type PageSlice, toPageInfo } from '@lib/service-kit';
import { byPolishName } from '../domain/polish-order';
import { type ArticleFilter, ArticlesRepository } from '../persistence/articles.repository';
import { BlogTaxonomyRepository } from '../persistence/blog-taxonomy.repository';
import { toArticle, toArticleSummary, toAuthorSummary, toTag } from './blog-answers';
import { CONTENT_CACHE_POLICY, cacheKey } from './content-cache';

export const SIMILAR_ARTICLES = 3;
export const POPULAR_ARTICLES_DEFAULT = 5;
export const POPULAR_ARTICLES_MAX = 20;

/** An author named by id or by slug (ListArticles and GetAuthor accept either). */
export type AuthorRef = { id: number } | { slug: string };

export interface ArticleListQuery {
  page: PageSlice;
  tagSlug?: string;
  author?: AuthorRef;
}

/** A listing, or which filter named something that does not exist (cached like a listing). */
type Listing =
  { found: contentV1.ListArticlesResponse } | { missing: { type: 'tag' | 'author'; name: string } };

const authorKey = (author: AuthorRef) => ('id' in author ? `id=${author.id}` : `slug=${author.slug}`);
const authorName = (author: AuthorRef) => ('id' in author ? String(author.id) : author.slug);

/** The blog: listings (all, by tag, by author), articles, popular articles, tags and authors. */
@Injectable()
export class BlogUseCases {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly taxonomy: BlogTaxonomyRepository,
    @Inject(CACHE) private readonly cache: Cache,
  ) {}

  /** Newest first; NOT_FOUND when the tag or author filtered by does not exist. */
  async listArticles(query: ArticleListQuery): Promise<contentV1.ListArticlesResponse> {
    const { page, tagSlug, author } = query;
    const key = cacheKey('articles', tagSlug ?? '', author ? authorKey(author) : '', page.page, page.size);
    const answer = await readThrough(this.cache, key, CONTENT_CACHE_POLICY, async (): Promise<Listing> => {
      const filter: ArticleFilter = {};
      if (tagSlug !== undefined) {
        if (!(await this.taxonomy.findTag(tagSlug))) return { missing: { type: 'tag', name: tagSlug } };
        filter.tag = tagSlug;
      }
      if (author) {
        const row = await this.taxonomy.findAuthor(author);
        if (!row) return { missing: { type: 'author', name: authorName(author) } };
        filter.authorId = row.id;
      }
      const { rows, total } = await this.articles.list(filter, page.offset, page.size);
      return { found: { articles: rows.map(toArticleSummary), pageInfo: toPageInfo(page, total) } };
    });
    if ('missing' in answer) throw notFound(answer.missing.type, answer.missing.name);
    return answer.found;
  }

  async getArticle(slug: string): Promise<contentV1.Article> {
    const article = await readThrough(this.cache, cacheKey('article', slug), CONTENT_CACHE_POLICY, () =>
      this.loadArticle(slug),
    );
    if (!article) throw notFound('article', slug);
    return article;
  }

  async listPopularArticles(limit: number): Promise<contentV1.ListPopularArticlesResponse> {
    return { articles: await this.popular(limit) };
  }

  /** Every tag with its count of published articles, in Polish alphabetical order. */
  async listTags(): Promise<contentV1.ListTagsResponse> {
    const tags = await readThrough(this.cache, cacheKey('tags'), CONTENT_CACHE_POLICY, async () =>
      (await this.taxonomy.listTags()).map(toTag),
    );
    return { tags: [...tags].sort(byPolishName) };
  }

  async getTag(slug: string): Promise<contentV1.Tag> {
    const { tags } = await this.listTags();
    const tag = tags.find((t) => t.slug === slug);
    if (!tag) throw notFound('tag', slug);
    return tag;
  }

  /** An author with one page of their articles, newest first. */
  async getAuthor(author: AuthorRef, page: PageSlice): Promise<contentV1.Author> {
    const key = cacheKey('author', authorKey(author), page.page, page.size);
    const answer = await readThrough(this.cache, key, CONTENT_CACHE_POLICY, async () => {
      const row = await this.taxonomy.findAuthor(author);
      if (!row) return null;
      const { rows, total } = await this.articles.list({ authorId: row.id }, page.offset, page.size);
      return {
        summary: toAuthorSummary(row),
        bioHtml: row.bioHtml,
        articles: rows.map(toArticleSummary),
        pageInfo: toPageInfo(page, total),
      };
    });
    if (!answer) throw notFound('author', authorName(author));
    return answer;
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
      // One more than shown, in case the article itself is among them.
      this.popular(POPULAR_ARTICLES_DEFAULT + 1),
    ]);
    const tagOrder = new Map(article.tags.map((tag, index) => [tag, index]));
    return toArticle(article, {
      author,
      // In the order the article lists them.
      tags: tags.map(toTag).sort((a, b) => (tagOrder.get(a.slug) ?? 0) - (tagOrder.get(b.slug) ?? 0)),
      similar,
      popular: popular.filter((p) => p.slug !== slug).slice(0, POPULAR_ARTICLES_DEFAULT),
    });
  }
}
