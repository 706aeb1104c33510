import { type ServiceDefinition } from '@lib/service-kit';
import { CreateOffers1763683600000 } from './migrations/1763683600000-create-offers';
import { OffersModule } from './offers.module';
import { OfferEntity } from './persistence/offer.entity';

export const offersService: ServiceDefinition<'offers'> = {
  name: 'offers',
  module: OffersModule,
  entities: [OfferEntity],
  migrations: [CreateOffers1763683600000],
};
