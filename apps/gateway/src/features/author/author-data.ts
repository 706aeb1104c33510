import { type ArticleCard } from '../../app/view-types';

export interface AuthorPageData {
  author: {
    slug: string;
    name: string;
    role: string;
    imageUrl: string;
    /** Sanitised HTML; null in the inline hydration copy. */
    bioHtml: string | null;
  };
  articles: ArticleCard[];
  totalArticles: number;
}
