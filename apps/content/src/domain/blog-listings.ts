/** What the blog's listings need to know of one published article. */
export interface ListedArticle {
  tags: readonly string[];
  /** 'YYYY-MM-DD' */
  written: string;
  /** 'YYYY-MM-DD' */
  edited: string;
}

/** The size and date of one listing: the gateway pages it itself and dates its pages for sitemap.xml. */
export interface ListingSummary {
  articlesCount: number;
  /** Newest edited-or-written day of its articles ('YYYY-MM-DD'); '' when it has none. */
  lastmod: string;
}

export interface TagListingSummary extends ListingSummary {
  slug: string;
}

export interface BlogListings {
  blog: ListingSummary;
  /** One per tag asked for, sorted by slug; a tag without articles counts 0 and has no date. */
  tags: TagListingSummary[];
}

/**
 * The day an article last changed. The import refuses an `edited` before `written`, but the newer
 * of the two is what "edited or written" means, whatever a row holds.
 */
const changedOn = (article: ListedArticle): string =>
  article.edited > article.written ? article.edited : article.written;

const newer = (a: string, b: string): string => (a > b ? a : b);

/**
 * The whole blog listing and each tag listing of the published articles. Articles carrying a tag
 * not in `tagSlugs` (one without a published tag page) count for the blog only.
 */
export function blogListings(articles: readonly ListedArticle[], tagSlugs: readonly string[]): BlogListings {
  const blog: ListingSummary = { articlesCount: 0, lastmod: '' };
  const tags = new Map<string, TagListingSummary>(
    [...new Set(tagSlugs)].sort().map((slug) => [slug, { slug, articlesCount: 0, lastmod: '' }]),
  );
  for (const article of articles) {
    const day = changedOn(article);
    blog.articlesCount += 1;
    blog.lastmod = newer(blog.lastmod, day);
    for (const slug of new Set(article.tags)) {
      const tag = tags.get(slug);
      if (!tag) continue;
      tag.articlesCount += 1;
      tag.lastmod = newer(tag.lastmod, day);
    }
  }
  return { blog, tags: [...tags.values()] };
}
