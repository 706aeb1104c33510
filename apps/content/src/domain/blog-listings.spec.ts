import { blogListings, type ListedArticle } from './blog-listings';

const article = (written: string, edited: string, tags: string[]): ListedArticle => ({
  written,
  edited,
  tags,
});

describe('blogListings', () => {
  const articles = [
    article('2026-01-10', '2026-06-01', ['kredyty']),
    article('2026-03-05', '2026-03-05', ['kredyty', 'gospodarka']),
    article('2025-12-01', '2026-02-02', ['gospodarka']),
  ];

  it('counts the articles of the blog and of each tag, dated by their newest edit or writing', () => {
    expect(blogListings(articles, ['kredyty', 'gospodarka'])).toEqual({
      blog: { articlesCount: 3, lastmod: '2026-06-01' },
      tags: [
        { slug: 'gospodarka', articlesCount: 2, lastmod: '2026-03-05' },
        { slug: 'kredyty', articlesCount: 2, lastmod: '2026-06-01' },
      ],
    });
  });

  it('lists a tag without articles with no date, and leaves out tags it was not asked about', () => {
    expect(blogListings(articles, ['pusty', 'kredyty', 'kredyty']).tags).toEqual([
      { slug: 'kredyty', articlesCount: 2, lastmod: '2026-06-01' },
      { slug: 'pusty', articlesCount: 0, lastmod: '' },
    ]);
  });

  it('takes the written day when a row says it was edited before it was written', () => {
    expect(blogListings([article('2026-05-01', '2026-04-01', ['kredyty'])], ['kredyty'])).toEqual({
      blog: { articlesCount: 1, lastmod: '2026-05-01' },
      tags: [{ slug: 'kredyty', articlesCount: 1, lastmod: '2026-05-01' }],
    });
  });

  it('counts an article once per tag even when its file names the tag twice', () => {
    expect(
      blogListings([article('2026-05-01', '2026-05-01', ['kredyty', 'kredyty'])], ['kredyty']).tags,
    ).toEqual([{ slug: 'kredyty', articlesCount: 1, lastmod: '2026-05-01' }]);
  });

  it('answers an empty blog with no date', () => {
    expect(blogListings([], ['kredyty'])).toEqual({
      blog: { articlesCount: 0, lastmod: '' },
      tags: [{ slug: 'kredyty', articlesCount: 0, lastmod: '' }],
    });
  });
});
