import { IdempotencyKeyEntity } from '@lib/database';
import { ApplicationConsentEntity, ApplicationEntity } from './application.entity';
import { ContactMessageEntity } from './contact-message.entity';
import { DataKeyEntity } from './data-key.entity';
import { DeliveryEntity, DeliveryEventEntity } from './delivery.entity';
import { CreateContactMessages1763683300000 } from './migrations/1763683300000-create-contact-messages';
import { CreateIdempotencyKeys1795540000000 } from './migrations/1795540000000-create-idempotency-keys';
import { ProtectPersonalData1796300000000 } from './migrations/1796300000000-protect-personal-data';
import { DeliverApplications1796900000000 } from './migrations/1796900000000-deliver-applications';
import { StreamEvents1797000000000 } from './migrations/1797000000000-stream-events';
import { ErasureApplicationIds1797300000000 } from './migrations/1797300000000-erasure-application-ids';
import { OutboundMessageEntity } from './outbound-message.entity';
import { PartnerEnquiryEntity } from './partner-enquiry.entity';
import { ErasureRequestEntity, SuppressionEntity, UnsubscribeRequestEntity } from './privacy.entity';
import { SelfServiceTokenEntity } from './self-service-token.entity';
import { StreamEventEntity } from './stream-event.entity';

/**
 * The PostgreSQL schema the leads service owns: its name, its tables and their history. The
 * service, the key rotation command and the tests all open the database with these, so an entity
 * or a migration added here is seen by every one of them.
 */
export const LEADS_SCHEMA = 'leads';

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
  DeliveryEntity,
  DeliveryEventEntity,
  OutboundMessageEntity,
  SelfServiceTokenEntity,
  StreamEventEntity,
];

/** In the order they run. */
export const LEADS_MIGRATIONS = [
  CreateContactMessages1763683300000,
  CreateIdempotencyKeys1795540000000,
  ProtectPersonalData1796300000000,
  DeliverApplications1796900000000,
  StreamEvents1797000000000,
  ErasureApplicationIds1797300000000,
];
