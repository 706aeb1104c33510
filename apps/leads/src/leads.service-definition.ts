import { IdempotencyKeyEntity } from '@lib/database';
import { type ServiceDefinition } from '@lib/service-kit';
import { DataSource } from 'typeorm';
import { leadsConfigSchema, type LeadsConfig } from './leads.config';
import { LeadsModule } from './leads.module';
import { ApplicationConsentEntity, ApplicationEntity } from './persistence/application.entity';
import { ContactMessageEntity } from './persistence/contact-message.entity';
import { DataKeyEntity } from './persistence/data-key.entity';
import { LEADS_MIGRATIONS } from './persistence/migrations';
import { sealLegacyContactMessages } from './persistence/key-rotation';
import { PartnerEnquiryEntity } from './persistence/partner-enquiry.entity';
import { PersonalDataVault } from './persistence/personal-data-vault';
import {
  ErasureRequestEntity,
  SuppressionEntity,
  UnsubscribeRequestEntity,
} from './persistence/privacy.entity';

/** Every table of the leads schema. */
export const LEADS_ENTITIES = [
  ContactMessageEntity,
  IdempotencyKeyEntity,
  DataKeyEntity,
  ApplicationEntity,
  ApplicationConsentEntity,
  PartnerEnquiryEntity,
  SuppressionEntity,
  UnsubscribeRequestEntity,
  ErasureRequestEntity,
];

export const leadsService: ServiceDefinition<'leads', LeadsConfig> = {
  name: 'leads',
  configSchema: leadsConfigSchema,
  module: LeadsModule,
  entities: LEADS_ENTITIES,
  migrations: LEADS_MIGRATIONS,
  // Messages stored in clear before encryption are sealed before the service takes calls.
  onDatabaseReady: async (app, logger) => {
    const sealed = await sealLegacyContactMessages(app.get(DataSource), app.get(PersonalDataVault));
    if (sealed > 0) logger.info({ sealed }, 'contact messages from before encryption sealed');
  },
};
