import { type Admin } from 'kafkajs';
import { Gauge, type Registry } from 'prom-client';
import { kafkaClient } from './kafka-client';
import { type MessagingConnection } from './messaging';

export interface PartitionLag {
  topic: string;
  partition: number;
  /** Records between the group's committed offset and the partition's high watermark. */
  lag: number;
}

/**
 * The lag of a consumer group per topic partition, as the broker sees it: high watermark minus the
 * committed offset (a partition the group never committed counts from the log start, so its lag is
 * every record still retained).
 */
export async function readConsumerLag(
  admin: Admin,
  groupId: string,
  topics: readonly string[],
): Promise<PartitionLag[]> {
  const committed = await admin.fetchOffsets({ groupId, topics: [...topics] });
  const lags: PartitionLag[] = [];
  for (const topic of topics) {
    const ends = await admin.fetchTopicOffsets(topic);
    const offsets = new Map(
      committed.find((c) => c.topic === topic)?.partitions.map((p) => [p.partition, p.offset]) ?? [],
    );
    for (const end of ends) {
      const high = BigInt(end.high);
      const stored = offsets.get(end.partition);
      const from = stored !== undefined && stored !== '-1' ? BigInt(stored) : BigInt(end.low);
      const lag = high > from ? high - from : 0n;
      lags.push({ topic, partition: end.partition, lag: Number(lag) });
    }
  }
  return lags;
}

export interface ConsumerLagMetricsOptions {
  connection: MessagingConnection;
  groupId: string;
  topics: readonly string[];
  /** Longest one scrape waits for the broker, ms (default 2000). */
  timeoutMs?: number;
}

export interface ConsumerLagMetrics {
  /** Disconnects the admin client (at shutdown). */
  close(): Promise<void>;
}

/**
 * Registers `kafka_consumergroup_lag{group, topic, partition}`, read from the broker at each scrape,
 * and `kafka_consumergroup_lag_scrape_success{group}` (0 when the broker could not be asked: the lag
 * series then keep their last values). The admin connection is opened at the first scrape and kept.
 */
export function registerConsumerLagMetrics(
  registry: Registry,
  options: ConsumerLagMetricsOptions,
): ConsumerLagMetrics {
  const timeoutMs = options.timeoutMs ?? 2_000;
  let admin: Admin | undefined;
  let connecting: Promise<Admin> | undefined;
  let closed = false;

  const connected = (): Promise<Admin> => {
    connecting ??= (async () => {
      const client = kafkaClient(options.connection).admin();
      try {
        await client.connect();
      } catch (error) {
        connecting = undefined;
        throw error;
      }
      admin = client;
      return client;
    })();
    return connecting;
  };

  const read = async (): Promise<PartitionLag[]> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Kafka did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([
        connected().then((client) => readConsumerLag(client, options.groupId, options.topics)),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  };

  // Both gauges are collected in parallel at a scrape: they share one read of the broker.
  let inFlight: Promise<PartitionLag[] | undefined> | undefined;
  const scrape = (): Promise<PartitionLag[] | undefined> => {
    inFlight ??= read()
      .catch(() => undefined)
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };

  new Gauge({
    name: 'kafka_consumergroup_lag_scrape_success',
    help: 'Whether the last read of the consumer group offsets from Kafka succeeded (1) or failed (0)',
    labelNames: ['group'] as const,
    registers: [registry],
    async collect() {
      if (closed) return;
      this.set({ group: options.groupId }, (await scrape()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'kafka_consumergroup_lag',
    help: 'Records between the consumer group committed offset and the partition high watermark',
    labelNames: ['group', 'topic', 'partition'] as const,
    registers: [registry],
    async collect() {
      if (closed) return;
      for (const p of (await scrape()) ?? [])
        this.set({ group: options.groupId, topic: p.topic, partition: String(p.partition) }, p.lag);
    },
  });

  return {
    async close() {
      closed = true;
      if (admin) {
        await admin.disconnect();
        return;
      }
      // Still connecting (broker down): do not wait out the client's retries; disconnect once it gives up or connects.
      void connecting?.then((client) => client.disconnect()).catch(() => undefined);
    },
  };
}
