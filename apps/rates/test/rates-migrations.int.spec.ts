import { checkMigrations } from '@lib/testing';
import { BankRateEntity } from '../src/persistence/bank-rate.entity';
import { BankTableEntity } from '../src/persistence/bank-table.entity';
import { NbpTableEntity } from '../src/persistence/nbp-table.entity';
import { RATES_ENTITIES, RATES_MIGRATIONS, RATES_SCHEMA } from '../src/persistence/rates-schema';

describe('rates migrations (real PostgreSQL)', () => {
  it('apply one by one over existing data, revert completely and apply again without drift', async () => {
    let stored: NbpTableEntity | null = null;
    let bank: BankTableEntity | null = null;
    const report = await checkMigrations(
      { schema: RATES_SCHEMA, entities: RATES_ENTITIES, migrations: RATES_MIGRATIONS },
      {
        seedAfter: {
          // An installation that already holds an imported table with its rates.
          CreateNbpTables1763683200000: async (db) => {
            await db.getRepository(NbpTableEntity).save(
              db.getRepository(NbpTableEntity).create({
                tableType: 'A',
                no: '068/A/NBP/2025',
                effectiveDate: '2025-04-08',
                tradingDate: null,
                source: 'nbp-archive',
                rates: [{ code: 'USD', currency: 'dolar amerykański', mid: '3.927', bid: null, ask: null }],
              }),
            );
          },
          // A bank table shipped with the service, with one rate quoted per 100 units.
          CreateBankTables1796100000000: async (db) => {
            const { id } = await db.getRepository(BankTableEntity).save(
              db.getRepository(BankTableEntity).create({
                bankSlug: 'mbank',
                tableNo: '68/A/2025',
                effectiveDate: '2025-04-08',
                publishedAt: null,
                source: 'embedded',
              }),
            );
            await db
              .getRepository(BankRateEntity)
              .insert({ tableId: id, code: 'JPY', units: 100, buy: '2.6111', sell: '2.7166' });
          },
        },
        verify: async (db) => {
          stored = await db
            .getRepository(NbpTableEntity)
            .findOne({ where: { no: '068/A/NBP/2025' }, relations: { rates: true } });
          bank = await db
            .getRepository(BankTableEntity)
            .findOne({ where: { bankSlug: 'mbank' }, relations: { rates: true } });
        },
      },
    );

    expect(report.applied).toEqual(['CreateNbpTables1763683200000', 'CreateBankTables1796100000000']);
    expect(bank).toMatchObject({
      effectiveDate: '2025-04-08',
      source: 'embedded',
      rates: [{ code: 'JPY', units: 100, buy: '2.61110000', sell: '2.71660000' }],
    });
    expect(stored).toMatchObject({
      tableType: 'A',
      effectiveDate: '2025-04-08',
      rates: [{ code: 'USD', mid: '3.9270000000' }],
    });
    expect(report.reverted).toEqual(['CreateBankTables1796100000000', 'CreateNbpTables1763683200000']);
    expect(report.leftAfterDown).toEqual([]);
    expect(report.pendingAfterReapply).toEqual([]);
  });
});
