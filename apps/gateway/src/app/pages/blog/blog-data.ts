import { type Section } from '../section';
import { type TocItem } from '../content/content-data';

/** An article in lists: blog pages, tag pages, author pages, similar and popular articles. */
export interface ArticleCard {
  path: string;
  title: string;
  excerpt: string;
  imageUrl: string;
  imageCaption: string;
  /** 'YYYY-MM-DD' */
  writtenAt: string;
  /** 'YYYY-MM-DD'; empty when never edited. */
  editedAt: string;
  views: number;
  readingTimeMinutes: number;
}

export interface TagLink {
  slug: string;
  name: string;
  /** Listing path, '/blog/<slug>/'. */
  url: string;
  articlesCount: number;
}

export interface AuthorLink {
  name: string;
  role: string;
  /** '/autor/<slug>/' */
  path: string;
  imageUrl: string;
}

/** A blog article page (the body comes from the content service as sanitised HTML). */
export interface ArticleView {
  path: string;
  /** Absolute URL to share (the canonical one). */
  shareUrl: string;
  h1: string;
  description: string;
  /** null in the inline hydration copy (read back from the DOM). */
  bodyHtml: string | null;
  imageUrl: string;
  imageCaption: string;
  writtenAt: string;
  editedAt: string;
  views: number;
  readingTimeMinutes: number;
  ratingsCount: number;
  /** Average of the ratings (1–5); null without ratings. */
  ratingsAverage: number | null;
  commentsCount: number;
  author: AuthorLink | null;
  tags: TagLink[];
  toc: TocItem[];
  similar: ArticleCard[];
  popular: ArticleCard[];
  sources: { name: string; url: string }[];
}

/** The blog listing, all articles or one tag's, one page at a time. */
export interface BlogListData {
  /** The tag of a tag page; null on /blog/. */
  tag: { slug: string; name: string; description: string } | null;
  articles: ArticleCard[];
  /** 1-based page shown. */
  page: number;
  /** Pages in the whole list (at least 1, so an empty blog still has its first page). */
  totalPages: number;
  totalItems: number;
  tags: Section<TagLink[]>;
  popular: Section<ArticleCard[]>;
}

/** Listing path of page n: '/blog/', '/blog/page-2/', '/blog/kredyty/page-3/'. */
export function blogPagePath(tagSlug: string | null, page: number): string {
  const base = tagSlug ? `/blog/${tagSlug}/` : '/blog/';
  return page <= 1 ? base : `${base}page-${page}/`;
}
