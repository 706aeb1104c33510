import { type ServiceDefinition } from '@lib/service-kit';
import { DataSource } from 'typeorm';
import { leadsConfigSchema, type LeadsConfig } from './leads.config';
import { OutboxDispatchJob } from './jobs/outbox-dispatch.job';
import { LeadsModule } from './leads.module';
import { sealLegacyContactMessages } from './persistence/key-rotation';
import { LEADS_ENTITIES, LEADS_MIGRATIONS } from './persistence/leads-schema';
import { PersonalDataVault } from './persistence/personal-data-vault';

export const leadsService: ServiceDefinition<'leads', LeadsConfig> = {
  name: 'leads',
  configSchema: leadsConfigSchema,
  module: LeadsModule,
  entities: LEADS_ENTITIES,
  migrations: LEADS_MIGRATIONS,
  // Messages stored in clear before encryption are sealed before the service takes calls; the
  // outbox dispatcher starts once its tables exist.
  onDatabaseReady: async (app, logger) => {
    const sealed = await sealLegacyContactMessages(app.get(DataSource), app.get(PersonalDataVault));
    if (sealed > 0) logger.info({ sealed }, 'contact messages from before encryption sealed');
    app.get(OutboxDispatchJob).start();
  },
};
