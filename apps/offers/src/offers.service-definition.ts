import { type ServiceDefinition } from '@lib/service-kit';
import { offersConfigSchema, type OffersConfig } from './offers.config';
import { OffersModule } from './offers.module';
import { OFFERS_MIGRATIONS } from './persistence/migrations';
import { OfferEntity } from './persistence/offer.entity';

export const offersService: ServiceDefinition<'offers', OffersConfig> = {
  name: 'offers',
  configSchema: offersConfigSchema,
  module: OffersModule,
  entities: [OfferEntity],
  migrations: OFFERS_MIGRATIONS,
};
