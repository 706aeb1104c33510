import { Module } from '@nestjs/common';
import { BanksUseCases } from './application/banks.use-cases';
import { CurrenciesUseCases } from './application/currencies.use-cases';
import { DataLagUseCases } from './application/data-lag.use-cases';
import { IngestionStatus } from './application/ingestion-status';
import { NbpImportUseCases } from './application/nbp-import.use-cases';
import { RateTablesUseCases } from './application/rate-tables.use-cases';
import { SampleDataUseCases } from './application/sample-data.use-cases';
import { IngestionScheduler } from './jobs/ingestion.scheduler';
import { OutboundRequests } from './persistence/outbound-requests';
import { BankSourceClient } from './persistence/bank-source.client';
import { BankTablesRepository } from './persistence/bank-tables.repository';
import { BundledBankTables } from './persistence/bundled-bank-tables';
import { BundledNbpArchives } from './persistence/bundled-nbp-archives';
import { NbpApiClient } from './persistence/nbp-api.client';
import { NbpTablesRepository } from './persistence/nbp-tables.repository';
import { RatesMetrics } from './persistence/rates-metrics';
import { RatesController } from './transport/rates.controller';

/** Nest wiring only: the controller, its use cases, their adapters and the schedule. */
@Module({
  controllers: [RatesController],
  providers: [
    RateTablesUseCases,
    NbpImportUseCases,
    BanksUseCases,
    CurrenciesUseCases,
    DataLagUseCases,
    SampleDataUseCases,
    IngestionStatus,
    NbpTablesRepository,
    BankTablesRepository,
    BundledNbpArchives,
    BundledBankTables,
    NbpApiClient,
    BankSourceClient,
    OutboundRequests,
    RatesMetrics,
    IngestionScheduler,
  ],
})
export class RatesModule {}
