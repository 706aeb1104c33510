import { type ServiceDefinition } from '@lib/service-kit';
import { LeadsModule } from './leads.module';
import { CreateContactMessages1763683300000 } from './migrations/1763683300000-create-contact-messages';
import { ContactMessageEntity } from './persistence/contact-message.entity';
import { leadsConfigSchema, type LeadsConfig } from './leads.config';

export const leadsService: ServiceDefinition<'leads', LeadsConfig> = {
  name: 'leads',
  configSchema: leadsConfigSchema,
  module: LeadsModule,
  entities: [ContactMessageEntity],
  migrations: [CreateContactMessages1763683300000],
};
