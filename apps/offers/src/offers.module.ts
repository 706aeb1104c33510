import { Module } from '@nestjs/common';
import { OfferListingUseCases } from './application/offer-listing.use-cases';
import { OffersRepository } from './persistence/offers.repository';
import { OffersController } from './transport/offers.controller';

/** Nest wiring only: the controller, its use cases and their adapters. */
@Module({ controllers: [OffersController], providers: [OfferListingUseCases, OffersRepository] })
export class OffersModule {}
