import { type ServiceDefinition } from '@lib/service-kit';
import { ContentImportUseCases } from './application/content-import.use-cases';
import { contentConfigSchema, type ContentConfig } from './content.config';
import { ContentModule } from './content.module';
import { CONTENT_ENTITIES, CONTENT_MIGRATIONS } from './persistence/content-schema';

export const contentService: ServiceDefinition<'content', ContentConfig> = {
  name: 'content',
  configSchema: contentConfigSchema,
  module: ContentModule,
  entities: CONTENT_ENTITIES,
  migrations: CONTENT_MIGRATIONS,
  onDatabaseReady: async (app) => {
    await app.get(ContentImportUseCases).runAtStart();
  },
};
