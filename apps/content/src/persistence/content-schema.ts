import { IdempotencyKeyEntity } from '@lib/database';
import { ArticleEntity } from './article.entity';
import { AuthorEntity } from './author.entity';
import { CommentEntity } from './comment.entity';
import { LenderReviewEntity } from './lender-review.entity';
import { CreatePages1763683500000 } from './migrations/1763683500000-create-pages';
import { EditorialImport1763740000000 } from './migrations/1763740000000-editorial-import';
import { CreateComments1763750000000 } from './migrations/1763750000000-create-comments';
import { CreateIdempotencyKeys1795600000000 } from './migrations/1795600000000-create-idempotency-keys';
import { IndexPublishedComments1795610000000 } from './migrations/1795610000000-index-published-comments';
import { PageOfferBlock1797100000000 } from './migrations/1797100000000-page-offer-block';
import { NavigationEntity } from './navigation.entity';
import { PageEntity } from './page.entity';
import { TagEntity } from './tag.entity';

/**
 * The PostgreSQL schema the content service owns: its name, its tables and their history. The
 * service, the import command and the tests all open the database with these, so an entity or a
 * migration added here is seen by every one of them.
 */
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

/** In the order they run. */
export const CONTENT_MIGRATIONS = [
  CreatePages1763683500000,
  EditorialImport1763740000000,
  CreateComments1763750000000,
  CreateIdempotencyKeys1795600000000,
  IndexPublishedComments1795610000000,
  PageOfferBlock1797100000000,
];
