import { FeedEntity } from './feed.entity';
import { LeadRequestEntity } from './lead-request.entity';
import { CreateOffers1763683600000 } from './migrations/1763683600000-create-offers';
import { FeedStore1796000000000 } from './migrations/1796000000000-feed-store';
import { FeedProvenance1797000000000 } from './migrations/1797000000000-feed-provenance';

/**
 * The PostgreSQL schema the offers service owns: its name, its tables and their history. The
 * service and the tests open the database with these, so an entity or a migration added here is
 * seen by every one of them.
 */
export const OFFERS_SCHEMA = 'offers';

export const OFFERS_ENTITIES = [FeedEntity, LeadRequestEntity];

/** In the order they run. */
export const OFFERS_MIGRATIONS = [
  CreateOffers1763683600000,
  FeedStore1796000000000,
  FeedProvenance1797000000000,
];
