import { Inject, Injectable } from '@nestjs/common';
import { Gauge, type Registry } from 'prom-client';
import { METRICS_REGISTRY } from '@lib/service-kit';
import { type Freshness } from '../domain/freshness';

/**
 * The staleness metrics on /metrics, read when Prometheus scrapes:
 * rates_table_days_behind{kind} (0 when the newest stored table is the one expected by now; -1
 * while nothing is stored) and rates_last_fetch_success_timestamp_seconds{kind}.
 */
@Injectable()
export class RatesMetrics {
  private source: (() => Promise<Freshness[]>) | undefined;

  constructor(@Inject(METRICS_REGISTRY) registry: Registry) {
    const read = async () => (this.source ? await this.source() : []);
    new Gauge({
      name: 'rates_table_days_behind',
      help: 'Days the newest stored table of a kind (NBP A, B, C, banks) is behind the one expected by now; -1 when none is stored',
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        for (const f of await read()) this.set({ kind: f.kind }, Number.isFinite(f.daysBehind) ? f.daysBehind : -1);
      },
    });
    new Gauge({
      name: 'rates_last_fetch_success_timestamp_seconds',
      help: 'When the scheduled fetch of a kind last succeeded (Unix seconds); absent until it has',
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        for (const f of await read()) if (f.lastSuccessAt) this.set({ kind: f.kind }, Date.parse(f.lastSuccessAt) / 1000);
      },
    });
  }

  /** Where the figures come from (set once the service is wired). */
  readFrom(source: () => Promise<Freshness[]>): void {
    this.source = source;
  }
}
