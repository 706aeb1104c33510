import { type ServiceDefinition } from '@lib/service-kit';
import { CreateNbpTables1763683200000 } from './migrations/1763683200000-create-nbp-tables';
import { importBundledArchives } from './nbp/reference-data';
import { NbpRateEntity } from './persistence/nbp-rate.entity';
import { NbpTableEntity } from './persistence/nbp-table.entity';
import { NbpTablesRepository } from './persistence/nbp-tables.repository';
import { RatesModule } from './rates.module';

export const ratesService: ServiceDefinition<'rates'> = {
  name: 'rates',
  module: RatesModule,
  entities: [NbpTableEntity, NbpRateEntity],
  migrations: [CreateNbpTables1763683200000],
  onDatabaseReady: async (app, logger) => {
    await importBundledArchives(app.get(NbpTablesRepository), logger);
  },
};
