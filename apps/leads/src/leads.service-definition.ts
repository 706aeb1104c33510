import { IdempotencyKeyEntity } from '@lib/database';
import { type ServiceDefinition } from '@lib/service-kit';
import { leadsConfigSchema, type LeadsConfig } from './leads.config';
import { LeadsModule } from './leads.module';
import { ContactMessageEntity } from './persistence/contact-message.entity';
import { LEADS_MIGRATIONS } from './persistence/migrations';

export const leadsService: ServiceDefinition<'leads', LeadsConfig> = {
  name: 'leads',
  configSchema: leadsConfigSchema,
  module: LeadsModule,
  entities: [ContactMessageEntity, IdempotencyKeyEntity],
  migrations: LEADS_MIGRATIONS,
};
