import { Module } from '@nestjs/common';
import { OffersController } from './offers.controller';
import { OffersRepository } from './persistence/offers.repository';

@Module({ controllers: [OffersController], providers: [OffersRepository] })
export class OffersModule {}
