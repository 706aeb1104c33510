import { Inject, Injectable, type OnModuleDestroy, Optional } from '@nestjs/common';
import { runExclusive } from '@lib/database';
import { type Logger } from '@lib/observability';
import { LOGGER } from '@lib/service-kit';
import { DataSource } from 'typeorm';
import { BanksUseCases } from '../application/banks.use-cases';
import { DataLagUseCases } from '../application/data-lag.use-cases';
import { NbpImportUseCases } from '../application/nbp-import.use-cases';
import { type IngestionKind, nextRun } from '../domain/ingestion-schedule';
import { OutboundRequests, OutboundStoppedError } from '../persistence/outbound-requests';

const KINDS: readonly IngestionKind[] = ['C', 'A', 'B', 'banks'];

/**
 * The Europe/Warsaw schedule of the fetches (domain/ingestion-schedule.ts): table C on working
 * days after its morning publication, A around midday, B on Wednesdays, the banks twice a working
 * day; at start, every kind whose stored data is behind the calendar is fetched once. A failed run
 * is logged (and shown on /readyz); the stored tables keep being served and the next run tries again.
 * Each kind runs on one replica at a time (PostgreSQL advisory lock `rates:ingestion:<kind>`); a
 * replica that does not get the lock skips that run, the stores being shared.
 */
@Injectable()
export class IngestionScheduler implements OnModuleDestroy {
  private readonly timers = new Map<IngestionKind, NodeJS.Timeout>();
  private stopped = false;
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly nbp: NbpImportUseCases,
    private readonly banks: BanksUseCases,
    private readonly dataLag: DataLagUseCases,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly outbound: OutboundRequests,
    // The service's DataSource (one runner across replicas); without it (unit tests) every run goes ahead.
    @Optional() @Inject(DataSource) private readonly dataSource?: DataSource,
  ) {}

  /** Starts the schedule; `now` is injectable for tests. Resolves once the catch-up runs have been started. */
  async start(now: () => Date = () => new Date()): Promise<void> {
    this.stopped = false;
    const behind = (await this.dataLag.report(now())).filter((f) => f.stale).map((f) => f.kind);
    for (const kind of KINDS) {
      if (behind.includes(kind)) this.track(this.run(kind, now));
      this.schedule(kind, now);
    }
  }

  /** Runs one kind now (also what the timers call). Never rejects: failures are logged. */
  async run(kind: IngestionKind, now: () => Date = () => new Date()): Promise<void> {
    try {
      if (!this.dataSource) return await this.fetch(kind, now);
      const run = await runExclusive(this.dataSource, `rates:ingestion:${kind}`, () => this.fetch(kind, now));
      if (!run.ran) this.logger.debug({ kind }, 'fetch runs on another replica; skipped here');
    } catch (error) {
      if (error instanceof OutboundStoppedError) {
        this.logger.info({ kind }, 'fetch cut short: the service is stopping');
        return;
      }
      this.logger.error({ kind, err: error }, 'scheduled fetch failed; stored tables keep being served');
    }
  }

  private async fetch(kind: IngestionKind, now: () => Date): Promise<void> {
    if (kind === 'banks') {
      const report = await this.banks.ingest(now());
      this.logger.info({ kind, ...report }, 'bank tables fetched');
    } else {
      await this.nbp.ingest(kind, now());
    }
  }

  /** Waits for the runs in progress (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.running]);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    // A run retrying an unreachable source would hold the shutdown past its deadline.
    this.outbound.stop();
    await this.idle();
  }

  private schedule(kind: IngestionKind, now: () => Date): void {
    if (this.stopped) return;
    const at = nextRun(kind, now());
    const timer = setTimeout(
      () => {
        this.track(this.run(kind, now).finally(() => this.schedule(kind, now)));
      },
      Math.max(0, at.getTime() - now().getTime()),
    );
    timer.unref();
    this.timers.set(kind, timer);
    this.logger.debug({ kind, at: at.toISOString() }, 'next fetch scheduled');
  }

  private track(run: Promise<unknown>): void {
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }
}
