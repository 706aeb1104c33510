import { FEED_KEYS } from '@lib/offers-domain';
import { Gauge, type Registry } from 'prom-client';
import { type DataSource } from 'typeorm';
import { FeedEntity } from './feed.entity';

/**
 * The feeds' staleness on /metrics, read from the feeds table at each scrape:
 * offers_feed_last_good_fetch_timestamp_seconds{feed} (Unix seconds of the last good fetch, 0 while a
 * feed never had one) and offers_feed_staleness_seconds{feed} (seconds since it; absent while none).
 */
export function registerFeedMetrics(
  registry: Registry,
  dataSource: DataSource,
  now: () => number = Date.now,
): void {
  const lastGood = async (): Promise<Map<string, Date | null>> => {
    const rows = await dataSource.getRepository(FeedEntity).find({ select: ['feedKey', 'fetchedAt'] });
    const byKey = new Map<string, Date | null>(FEED_KEYS.map((key) => [key, null]));
    for (const row of rows) byKey.set(row.feedKey, row.fetchedAt);
    return byKey;
  };
  // Both gauges are collected in parallel at a scrape: they share one query.
  let inFlight: Promise<Map<string, Date | null>> | undefined;
  const read = () => {
    inFlight ??= lastGood().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  new Gauge({
    name: 'offers_feed_last_good_fetch_timestamp_seconds',
    help: 'When a partner feed was last fetched and validated (Unix seconds); 0 while it never was',
    labelNames: ['feed'] as const,
    registers: [registry],
    async collect() {
      for (const [feed, at] of await read()) this.set({ feed }, at ? at.getTime() / 1000 : 0);
    },
  });
  new Gauge({
    name: 'offers_feed_staleness_seconds',
    help: 'Seconds since a partner feed was last fetched and validated; absent while it never was',
    labelNames: ['feed'] as const,
    registers: [registry],
    async collect() {
      const at = now();
      for (const [feed, fetched] of await read())
        if (fetched) this.set({ feed }, Math.max(0, (at - fetched.getTime()) / 1000));
    },
  });
}
