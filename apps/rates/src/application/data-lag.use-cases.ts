import { Injectable } from '@nestjs/common';
import { dataLag, type DataLag } from '../domain/data-lag';
import { type IngestionKind } from '../domain/ingestion-schedule';
import { BankTablesRepository } from '../persistence/bank-tables.repository';
import { NbpTablesRepository } from '../persistence/nbp-tables.repository';
import { IngestionStatus } from './ingestion-status';

/** How current the stored tables are (newest date against the publication calendar) and what the fetches last did. */
@Injectable()
export class DataLagUseCases {
  constructor(
    private readonly nbp: NbpTablesRepository,
    private readonly banks: BankTablesRepository,
    private readonly status: IngestionStatus,
  ) {}

  async report(now: Date = new Date()): Promise<DataLag[]> {
    const [a, b, c, banks] = await Promise.all([
      this.nbp.latestDate('A'),
      this.nbp.latestDate('B'),
      this.nbp.latestDate('C'),
      this.banks.latestOfEach(),
    ]);
    const newestBank = banks
      .map((x) => x.effectiveDate)
      .sort()
      .at(-1);
    const latest: Record<IngestionKind, string | undefined> = { A: a, B: b, C: c, banks: newestBank };
    return (['A', 'B', 'C', 'banks'] as const).map((kind) =>
      dataLag(kind, latest[kind], now, this.status.of(kind)),
    );
  }
}
