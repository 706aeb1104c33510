import { ArticleEntity } from './article.entity';
import { AuthorEntity } from './author.entity';
import { CommentEntity } from './comment.entity';
import { LenderReviewEntity } from './lender-review.entity';
import { CreatePages1763683500000 } from './migrations/1763683500000-create-pages';
import { EditorialImport1763740000000 } from './migrations/1763740000000-editorial-import';
import { CreateComments1763750000000 } from './migrations/1763750000000-create-comments';
import { NavigationEntity } from './navigation.entity';
import { PageEntity } from './page.entity';
import { TagEntity } from './tag.entity';

/** The PostgreSQL schema the content service owns: its tables and the migrations that make them. */
export const CONTENT_SCHEMA = 'content';

export const CONTENT_ENTITIES = [
  PageEntity,
  AuthorEntity,
  TagEntity,
  ArticleEntity,
  LenderReviewEntity,
  NavigationEntity,
  CommentEntity,
];

/** In the order they run. */
export const CONTENT_MIGRATIONS = [
  CreatePages1763683500000,
  EditorialImport1763740000000,
  CreateComments1763750000000,
];
