import { CreateContactMessages1763683300000 } from './1763683300000-create-contact-messages';
import { CreateIdempotencyKeys1795540000000 } from './1795540000000-create-idempotency-keys';
import { ProtectPersonalData1796300000000 } from './1796300000000-protect-personal-data';

/** The leads schema's history, in the order it runs (the service definition and the migration test share it). */
export const LEADS_MIGRATIONS = [
  CreateContactMessages1763683300000,
  CreateIdempotencyKeys1795540000000,
  ProtectPersonalData1796300000000,
];
