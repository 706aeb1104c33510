import { type Section } from '../../app/section';
import { type ArticleCard, type TagLink } from '../../app/view-types';

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
