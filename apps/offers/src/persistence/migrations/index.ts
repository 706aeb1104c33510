import { CreateOffers1763683600000 } from './1763683600000-create-offers';
import { FeedStore1796000000000 } from './1796000000000-feed-store';

/** The offers schema's history, in the order it runs (the service definition and the migration test share it). */
export const OFFERS_MIGRATIONS = [CreateOffers1763683600000, FeedStore1796000000000];
