import { MemoryCache } from '@lib/cache';
import { notFound } from '@lib/service-kit';
import { silentLogger, strictMock } from '@lib/testing';
import { articleDetailRow, articleRow, authorRow, tagRow } from '../../test/support/content-rows';
import { sameServiceError } from '../../test/support/service-errors';
import { type ArticlesRepository } from '../persistence/articles.repository';
import { type BlogTaxonomyRepository } from '../persistence/blog-taxonomy.repository';
import { BlogUseCases } from './blog.use-cases';

const firstPage = { page: 1, size: 9, offset: 0 };
const summary = (slug: string) => expect.objectContaining({ slug }) as unknown;

describe('BlogUseCases.listArticles', () => {
  let cache: MemoryCache;
  beforeEach(() => {
    cache = new MemoryCache({ logger: silentLogger() });
  });

  it('lists newest articles as summaries with the page info, and caches the page', async () => {
    const list = jest.fn().mockResolvedValue({
      rows: [articleRow(), articleRow({ slug: 'b', edited: '2026-01-05' })],
      total: 20,
    });
    const useCases = new BlogUseCases(
      strictMock<ArticlesRepository>('articles', { list }),
      strictMock('taxonomy'),
      cache,
    );

    const answer = await useCases.listArticles({ page: { page: 2, size: 9, offset: 9 } });
    expect(answer.pageInfo).toEqual({ page: 2, pageSize: 9, totalItems: 20, totalPages: 3 });
    expect(answer.articles[0]).toEqual({
      slug: 'placa-minimalna',
      path: '/placa-minimalna/',
      title: 'Płaca minimalna 2026',
      excerpt: 'Ile wynosi płaca minimalna.',
      imageUrl: '',
      imageCaption: '',
      writtenAt: '2026-01-05',
      editedAt: '2026-02-10',
      views: 10,
      readingTimeMinutes: 3,
      tagSlugs: ['praca-i-kariera'],
      authorId: 3,
    });
    // Never edited: no edit date shown.
    expect(answer.articles[1]!.editedAt).toBe('');
    expect(list).toHaveBeenCalledWith({}, 9, 9);

    await useCases.listArticles({ page: { page: 2, size: 9, offset: 9 } });
    expect(list).toHaveBeenCalledTimes(1);
    expect(await cache.get('cache:articles:::2:9')).toBeDefined();
  });

  it('filters by a tag and an author that exist', async () => {
    const list = jest.fn().mockResolvedValue({ rows: [], total: 0 });
    const findAuthor = jest.fn().mockResolvedValue(authorRow({ id: 3 }));
    const taxonomy = strictMock<BlogTaxonomyRepository>('taxonomy', {
      findTag: jest.fn().mockResolvedValue(tagRow()),
      findAuthor,
    });
    const useCases = new BlogUseCases(strictMock<ArticlesRepository>('articles', { list }), taxonomy, cache);

    await expect(
      useCases.listArticles({ page: firstPage, tagSlug: 'praca-i-kariera', author: { slug: 'redakcja' } }),
    ).resolves.toEqual({ articles: [], pageInfo: { page: 1, pageSize: 9, totalItems: 0, totalPages: 0 } });
    expect(findAuthor).toHaveBeenCalledWith({ slug: 'redakcja' });
    expect(list).toHaveBeenCalledWith({ tag: 'praca-i-kariera', authorId: 3 }, 0, 9);
    expect(await cache.get('cache:articles:praca-i-kariera:slug=redakcja:1:9')).toBeDefined();
  });

  it('answers NOT_FOUND for a tag that does not exist, without listing anything', async () => {
    const taxonomy = strictMock<BlogTaxonomyRepository>('taxonomy', {
      findTag: jest.fn().mockResolvedValue(undefined),
    });
    const useCases = new BlogUseCases(strictMock('articles'), taxonomy, cache);

    await expect(useCases.listArticles({ page: firstPage, tagSlug: 'nie-ma' })).rejects.toEqual(
      sameServiceError(notFound('tag', 'nie-ma')),
    );
  });

  it('answers NOT_FOUND naming an author id that does not exist', async () => {
    const findAuthor = jest.fn().mockResolvedValue(undefined);
    const useCases = new BlogUseCases(
      strictMock('articles'),
      strictMock<BlogTaxonomyRepository>('taxonomy', { findAuthor }),
      cache,
    );

    await expect(useCases.listArticles({ page: firstPage, author: { id: 42 } })).rejects.toEqual(
      sameServiceError(notFound('author', '42')),
    );
    expect(findAuthor).toHaveBeenCalledWith({ id: 42 });
  });
});

describe('BlogUseCases.getArticle', () => {
  it('answers the article with its author, its tags in its own order, similar and popular articles', async () => {
    const article = articleDetailRow({
      slug: 'placa-minimalna',
      tags: ['praca-i-kariera', 'finanse-domowe'],
    });
    const popular = jest
      .fn()
      .mockResolvedValue(['a', 'placa-minimalna', 'b', 'c', 'd', 'e'].map((slug) => articleRow({ slug })));
    const similar = jest.fn().mockResolvedValue([articleRow({ slug: 'emerytury' })]);
    const listTags = jest
      .fn()
      .mockResolvedValue([
        tagRow({ slug: 'finanse-domowe', name: 'Finanse domowe' }),
        tagRow({ slug: 'praca-i-kariera', name: 'Praca i kariera' }),
      ]);
    const useCases = new BlogUseCases(
      strictMock<ArticlesRepository>('articles', {
        findBySlug: jest.fn().mockResolvedValue(article),
        similar,
        popular,
      }),
      strictMock<BlogTaxonomyRepository>('taxonomy', {
        findAuthor: jest.fn().mockResolvedValue(authorRow()),
        listTags,
      }),
      new MemoryCache({ logger: silentLogger() }),
    );

    const answer = await useCases.getArticle('placa-minimalna');
    expect(answer).toMatchObject({
      summary: summary('placa-minimalna'),
      h1: 'Płaca minimalna w 2026 roku',
      author: { id: 3, slug: 'redakcja', name: 'Redakcja', role: 'Zespół redakcyjny', imageUrl: '' },
      ratingsCount: 2,
      ratingsSum: 9,
      commentsCount: 3,
      toc: [{ anchor: 'kwota', title: 'Kwota', level: 2 }],
      sources: [{ name: 'ISAP', url: 'https://isap.sejm.gov.pl/' }],
      wordCount: 600,
      similar: [summary('emerytury')],
    });
    expect(answer.tags.map((t) => t.slug)).toEqual(['praca-i-kariera', 'finanse-domowe']);
    expect(answer.tags[0]!.url).toBe('/blog/praca-i-kariera/');
    // Five popular articles, never the article itself.
    expect(answer.popular.map((p) => p.slug)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(popular).toHaveBeenCalledWith(6);
    expect(similar).toHaveBeenCalledWith('placa-minimalna', ['praca-i-kariera', 'finanse-domowe'], 3);
    expect(listTags).toHaveBeenCalledWith(['praca-i-kariera', 'finanse-domowe']);
  });

  it('answers NOT_FOUND for an unknown slug', async () => {
    const useCases = new BlogUseCases(
      strictMock<ArticlesRepository>('articles', { findBySlug: jest.fn().mockResolvedValue(undefined) }),
      strictMock('taxonomy'),
      new MemoryCache({ logger: silentLogger() }),
    );
    await expect(useCases.getArticle('nie-ma')).rejects.toEqual(
      sameServiceError(notFound('article', 'nie-ma')),
    );
  });
});

describe('BlogUseCases: popular articles, tags and authors', () => {
  let cache: MemoryCache;
  beforeEach(() => {
    cache = new MemoryCache({ logger: silentLogger() });
  });

  it('lists the most viewed articles, cached per limit', async () => {
    const popular = jest.fn().mockResolvedValue([articleRow({ slug: 'a' })]);
    const useCases = new BlogUseCases(
      strictMock<ArticlesRepository>('articles', { popular }),
      strictMock('taxonomy'),
      cache,
    );

    await expect(useCases.listPopularArticles(5)).resolves.toEqual({ articles: [summary('a')] });
    await useCases.listPopularArticles(5);
    expect(popular).toHaveBeenCalledTimes(1);
    expect(popular).toHaveBeenCalledWith(5);
    expect(await cache.get('cache:popular:5')).toBeDefined();
  });

  it('lists tags in Polish alphabetical order and finds one by slug', async () => {
    const listTags = jest
      .fn()
      .mockResolvedValue([
        tagRow({ slug: 'zadluzenie', name: 'Zadłużenie' }),
        tagRow({ slug: 'swiadczenia', name: 'Świadczenia i zasiłki' }),
        tagRow({ slug: 'styl-zycia', name: 'Styl życia' }),
      ]);
    const useCases = new BlogUseCases(
      strictMock('articles'),
      strictMock<BlogTaxonomyRepository>('taxonomy', { listTags }),
      cache,
    );

    const { tags } = await useCases.listTags();
    expect(tags.map((t) => t.name)).toEqual(['Styl życia', 'Świadczenia i zasiłki', 'Zadłużenie']);
    await expect(useCases.getTag('styl-zycia')).resolves.toEqual({
      slug: 'styl-zycia',
      url: '/blog/styl-zycia/',
      name: 'Styl życia',
      description: 'Artykuły o pracy.',
      articlesCount: 4,
    });
    await expect(useCases.getTag('nie-ma')).rejects.toEqual(sameServiceError(notFound('tag', 'nie-ma')));
    expect(listTags).toHaveBeenCalledTimes(1);
  });

  it('answers an author with one page of their articles', async () => {
    const list = jest.fn().mockResolvedValue({ rows: [articleRow()], total: 10 });
    const useCases = new BlogUseCases(
      strictMock<ArticlesRepository>('articles', { list }),
      strictMock<BlogTaxonomyRepository>('taxonomy', {
        findAuthor: jest.fn().mockResolvedValue(authorRow()),
      }),
      cache,
    );

    await expect(useCases.getAuthor({ id: 3 }, { page: 2, size: 9, offset: 9 })).resolves.toEqual({
      summary: { id: 3, slug: 'redakcja', name: 'Redakcja', role: 'Zespół redakcyjny', imageUrl: '' },
      bioHtml: '<p>Piszemy poradniki.</p>',
      articles: [summary('placa-minimalna')],
      pageInfo: { page: 2, pageSize: 9, totalItems: 10, totalPages: 2 },
    });
    expect(list).toHaveBeenCalledWith({ authorId: 3 }, 9, 9);
    expect(await cache.get('cache:author:id=3:2:9')).toBeDefined();
  });

  it('answers NOT_FOUND naming the author slug asked for', async () => {
    const useCases = new BlogUseCases(
      strictMock('articles'),
      strictMock<BlogTaxonomyRepository>('taxonomy', { findAuthor: jest.fn().mockResolvedValue(undefined) }),
      cache,
    );
    await expect(useCases.getAuthor({ slug: 'nikt' }, firstPage)).rejects.toEqual(
      sameServiceError(notFound('author', 'nikt')),
    );
  });
});
