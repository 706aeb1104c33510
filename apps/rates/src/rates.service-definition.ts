import { type Cache } from '@lib/cache';
import { CACHE, type ServiceDefinition } from '@lib/service-kit';
import { CreateNbpTables1763683200000 } from './migrations/1763683200000-create-nbp-tables';
import { importBundledArchives } from './nbp/reference-data';
import { NbpRateEntity } from './persistence/nbp-rate.entity';
import { NbpTableEntity } from './persistence/nbp-table.entity';
import { NbpTablesRepository } from './persistence/nbp-tables.repository';
import { RATES_CACHE_PREFIX } from './rates.controller';
import { RatesModule } from './rates.module';
import { ratesConfigSchema, type RatesConfig } from './rates.config';

export const ratesService: ServiceDefinition<'rates', RatesConfig> = {
  name: 'rates',
  configSchema: ratesConfigSchema,
  module: RatesModule,
  entities: [NbpTableEntity, NbpRateEntity],
  migrations: [CreateNbpTables1763683200000],
  onDatabaseReady: async (app, logger) => {
    const added = await importBundledArchives(app.get(NbpTablesRepository), logger);
    if (added > 0) await app.get<Cache>(CACHE).deleteByPrefix(RATES_CACHE_PREFIX);
  },
};
