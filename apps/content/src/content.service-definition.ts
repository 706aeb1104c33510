import { type ServiceDefinition } from '@lib/service-kit';
import { CommentEntity } from './comments/comment.entity';
import { contentConfigSchema, type ContentConfig } from './content.config';
import { ContentModule } from './content.module';
import { ContentImporter } from './import/content-importer';
import { CreatePages1763683500000 } from './migrations/1763683500000-create-pages';
import { EditorialImport1763740000000 } from './migrations/1763740000000-editorial-import';
import { CreateComments1763750000000 } from './migrations/1763750000000-create-comments';
import { ArticleEntity } from './persistence/article.entity';
import { AuthorEntity } from './persistence/author.entity';
import { LenderReviewEntity } from './persistence/lender-review.entity';
import { NavigationEntity } from './persistence/navigation.entity';
import { PageEntity } from './persistence/page.entity';
import { TagEntity } from './persistence/tag.entity';

export const CONTENT_ENTITIES = [
  PageEntity,
  AuthorEntity,
  TagEntity,
  ArticleEntity,
  LenderReviewEntity,
  NavigationEntity,
  CommentEntity,
];
export const CONTENT_MIGRATIONS = [
  CreatePages1763683500000,
  EditorialImport1763740000000,
  CreateComments1763750000000,
];

export const contentService: ServiceDefinition<'content', ContentConfig> = {
  name: 'content',
  configSchema: contentConfigSchema,
  module: ContentModule,
  entities: CONTENT_ENTITIES,
  migrations: CONTENT_MIGRATIONS,
  onDatabaseReady: async (app) => {
    await app.get(ContentImporter).runAtStart();
  },
};
