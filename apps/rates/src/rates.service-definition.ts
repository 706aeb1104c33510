import { type ServiceDefinition, SERVICE_CONFIG } from '@lib/service-kit';
import { BanksUseCases } from './application/banks.use-cases';
import { DataLagUseCases } from './application/data-lag.use-cases';
import { IngestionStatus } from './application/ingestion-status';
import { NbpImportUseCases } from './application/nbp-import.use-cases';
import { SampleDataUseCases } from './application/sample-data.use-cases';
import { IngestionScheduler } from './jobs/ingestion.scheduler';
import { RatesMetrics } from './persistence/rates-metrics';
import { RATES_ENTITIES, RATES_MIGRATIONS } from './persistence/rates-schema';
import { ratesConfigSchema, type RatesConfig } from './rates.config';
import { RatesModule } from './rates.module';

export const ratesService: ServiceDefinition<'rates', RatesConfig> = {
  name: 'rates',
  configSchema: ratesConfigSchema,
  module: RatesModule,
  entities: RATES_ENTITIES,
  migrations: RATES_MIGRATIONS,
  // Readiness waits for this: a fresh installation answers with the bundled NBP table A history
  // (2016 onwards) and, outside production, the shipped sample bank tables from its first call;
  // then the schedule starts.
  onDatabaseReady: async (app, logger) => {
    const started = Date.now();
    const tables = await app.get(NbpImportUseCases).importBundledArchives();
    const banks = await app.get(BanksUseCases).importBundled();
    logger.info({ tables, banks, ms: Date.now() - started }, 'shipped rates data loaded');
    app.get(IngestionStatus).dataLoaded = true;
    const dataLag = app.get(DataLagUseCases);
    app.get(RatesMetrics).readFrom((now) => dataLag.report(now));
    if (app.get<RatesConfig>(SERVICE_CONFIG).scheduleOn) await app.get(IngestionScheduler).start();
  },
  readinessDetails: async (app) =>
    app.get(IngestionStatus).dataLoaded
      ? {
          dataLag: await app.get(DataLagUseCases).report(),
          sampleData: await app.get(SampleDataUseCases).inUse(),
        }
      : { dataLag: 'loading' },
  // A deployment relying on bundled sample data is not ready (sample-data.use-cases.ts).
  readinessChecks: (app) => [app.get(SampleDataUseCases).readinessCheck()],
};
