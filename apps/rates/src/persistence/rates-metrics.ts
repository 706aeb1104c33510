import { Inject, Injectable } from '@nestjs/common';
import { Gauge, type Registry } from 'prom-client';
import { warsawMidnight } from '@lib/pl-calendar';
import { METRICS_REGISTRY } from '@lib/service-kit';
import { type DataLag } from '../domain/data-lag';

const NBP_TABLES = new Set<string>(['A', 'B', 'C']);

/**
 * The staleness metrics on /metrics, read when Prometheus scrapes:
 * rates_table_days_behind{kind} (0 when the newest stored table is the one expected by now; -1
 * while nothing is stored), rates_last_fetch_success_timestamp_seconds{kind} and
 * rates_nbp_table_age_seconds{table} (A, B, C: seconds since 00:00 Europe/Warsaw of the newest stored
 * table's effective date; absent while none is stored).
 */
@Injectable()
export class RatesMetrics {
  private source: ((now: Date) => Promise<DataLag[]>) | undefined;
  private clock: () => Date = () => new Date();

  constructor(@Inject(METRICS_REGISTRY) registry: Registry) {
    const read = async (now: Date = this.clock()) => (this.source ? await this.source(now) : []);
    new Gauge({
      name: 'rates_table_days_behind',
      help: 'Days the newest stored table of a kind (NBP A, B, C, banks) is behind the one expected by now; -1 when none is stored',
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        for (const f of await read())
          this.set({ kind: f.kind }, Number.isFinite(f.daysBehind) ? f.daysBehind : -1);
      },
    });
    new Gauge({
      name: 'rates_last_fetch_success_timestamp_seconds',
      help: 'When the scheduled fetch of a kind last succeeded (Unix seconds); absent until it has',
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        for (const f of await read())
          if (f.lastSuccessAt) this.set({ kind: f.kind }, Date.parse(f.lastSuccessAt) / 1000);
      },
    });
    const clock = () => this.clock();
    new Gauge({
      name: 'rates_nbp_table_age_seconds',
      help: 'Seconds since the effective date (00:00 Europe/Warsaw) of the newest stored NBP table of a type (A, B, C)',
      labelNames: ['table'] as const,
      registers: [registry],
      async collect() {
        const now = clock();
        for (const f of await read(now)) {
          if (NBP_TABLES.has(f.kind) && f.latestDate)
            this.set(
              { table: f.kind },
              Math.max(0, (now.getTime() - warsawMidnight(f.latestDate).getTime()) / 1000),
            );
        }
      },
    });
  }

  /** Where the figures come from (set once the service is wired); `clock` is "now" (tests pin it). */
  readFrom(source: (now: Date) => Promise<DataLag[]>, clock?: () => Date): void {
    this.source = source;
    if (clock) this.clock = clock;
  }
}
