import { type ArticleCard } from '../../app/view-types';

export interface AuthorPageData {
  author: {
    slug: string;
    name: string;
    role: string;
    imageUrl: string;
    /** Sanitised HTML. */
    bioHtml: string;
  };
  articles: ArticleCard[];
  totalArticles: number;
}
