import { Module } from '@nestjs/common';
import { NbpImportUseCases } from './application/nbp-import.use-cases';
import { RateTablesUseCases } from './application/rate-tables.use-cases';
import { BundledNbpArchives } from './persistence/bundled-nbp-archives';
import { NbpTablesRepository } from './persistence/nbp-tables.repository';
import { RatesController } from './transport/rates.controller';

/** Nest wiring only: the controller, its use cases and their adapters. */
@Module({
  controllers: [RatesController],
  providers: [RateTablesUseCases, NbpImportUseCases, NbpTablesRepository, BundledNbpArchives],
})
export class RatesModule {}
