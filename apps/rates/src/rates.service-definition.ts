import { type ServiceDefinition } from '@lib/service-kit';
import { NbpImportUseCases } from './application/nbp-import.use-cases';
import { RATES_MIGRATIONS } from './persistence/migrations';
import { NbpRateEntity } from './persistence/nbp-rate.entity';
import { NbpTableEntity } from './persistence/nbp-table.entity';
import { ratesConfigSchema, type RatesConfig } from './rates.config';
import { RatesModule } from './rates.module';

export const ratesService: ServiceDefinition<'rates', RatesConfig> = {
  name: 'rates',
  configSchema: ratesConfigSchema,
  module: RatesModule,
  entities: [NbpTableEntity, NbpRateEntity],
  migrations: RATES_MIGRATIONS,
  // Readiness waits for this: a fresh installation answers with the bundled NBP tables from its first call.
  onDatabaseReady: async (app) => {
    await app.get(NbpImportUseCases).importBundledArchives();
  },
};
