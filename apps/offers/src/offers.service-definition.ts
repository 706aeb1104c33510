import { type ServiceDefinition } from '@lib/service-kit';
import { CreateOffers1763683600000 } from './migrations/1763683600000-create-offers';
import { OffersModule } from './offers.module';
import { OfferEntity } from './persistence/offer.entity';
import { offersConfigSchema, type OffersConfig } from './offers.config';

export const offersService: ServiceDefinition<'offers', OffersConfig> = {
  name: 'offers',
  configSchema: offersConfigSchema,
  module: OffersModule,
  entities: [OfferEntity],
  migrations: [CreateOffers1763683600000],
};
