import { checkMigrations } from '@lib/testing';
import { RATES_MIGRATIONS } from '../src/persistence/migrations';
import { NbpRateEntity } from '../src/persistence/nbp-rate.entity';
import { NbpTableEntity } from '../src/persistence/nbp-table.entity';

describe('rates migrations (real PostgreSQL)', () => {
  it('apply one by one over existing data, revert completely and apply again without drift', async () => {
    let stored: NbpTableEntity | null = null;
    const report = await checkMigrations(
      { schema: 'rates', entities: [NbpTableEntity, NbpRateEntity], migrations: RATES_MIGRATIONS },
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
        },
        verify: async (db) => {
          stored = await db.getRepository(NbpTableEntity).findOne({ where: { no: '068/A/NBP/2025' }, relations: { rates: true } });
        },
      },
    );

    expect(report.applied).toEqual(['CreateNbpTables1763683200000']);
    expect(stored).toMatchObject({ tableType: 'A', effectiveDate: '2025-04-08', rates: [{ code: 'USD', mid: '3.9270000000' }] });
    expect(report.reverted).toEqual(['CreateNbpTables1763683200000']);
    expect(report.leftAfterDown).toEqual([]);
    expect(report.pendingAfterReapply).toEqual([]);
  });
});
