import { type ServiceDefinition } from '@lib/service-kit';
import { ContentModule } from './content.module';
import { CreatePages1763683500000 } from './migrations/1763683500000-create-pages';
import { PageEntity } from './persistence/page.entity';

export const contentService: ServiceDefinition<'content'> = {
  name: 'content',
  module: ContentModule,
  entities: [PageEntity],
  migrations: [CreatePages1763683500000],
};
