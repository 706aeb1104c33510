import { IdempotencyKeyEntity } from '@lib/database';
import { ArticleEntity } from './article.entity';
import { AuthorEntity } from './author.entity';
import { CommentEntity } from './comment.entity';
import { LenderReviewEntity } from './lender-review.entity';
import { NavigationEntity } from './navigation.entity';
import { PageEntity } from './page.entity';
import { TagEntity } from './tag.entity';

/** The PostgreSQL schema the content service owns and its tables (migrations: ./migrations). */
export const CONTENT_SCHEMA = 'content';

export const CONTENT_ENTITIES = [
  PageEntity,
  AuthorEntity,
  TagEntity,
  ArticleEntity,
  LenderReviewEntity,
  NavigationEntity,
  CommentEntity,
  // Keyed writes (SubmitComment, PostStaffReply): content.idempotency_keys.
  IdempotencyKeyEntity,
];

export { CONTENT_MIGRATIONS } from './migrations';
