import { provideTestKafka, type TestKafka } from '@lib/kafka-test-broker';
import {
  type ConsumerGroup,
  createKafkaPublisher,
  ensureTopics,
  type IncomingMessage,
  type MessagingConnection,
  type Publisher,
  startConsumerGroup,
} from '@lib/messaging';
import { eventsV1 } from '@lib/contracts';
import { startTestService, type TestService, until } from '@lib/testing';
import { EVENT, type RawTrackingRecord, toRawTrackingRecord, TRACKING_TOPICS } from '@lib/tracking';
import { Kafka, logLevel } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { eventsService } from '../src/events.service-definition';
import { TrackingConsumerJob } from '../src/jobs/tracking-consumer.job';

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

/** A raw record as the gateway produces it (the catalogue's own builder). */
const rawRecord = (overrides: Partial<RawTrackingRecord> = {}): RawTrackingRecord => ({
  ...toRawTrackingRecord(
    { event_id: EVENT.pageView, sub4: 'pageView', page_path: '/offers/', utm_source: 'google' },
    {
      sessionId: randomUUID(),
      clientId: randomUUID(),
      receivedAt: new Date(),
      userAgent: BROWSER,
      ipHash: 'h',
      ingestId: randomUUID(),
      consent: 'granted',
    },
  ),
  ...overrides,
});

/**
 * The pipeline end to end over the Kafka wire protocol (real Kafka with KAFKA_BROKERS, a container
 * where Docker answers, else the in-memory test broker): tracking.raw.v1 → the events service's
 * consumer group → PostgreSQL → tracking.events.v1, refused records → tracking.dlq.v1.
 */
describe('tracking pipeline over Kafka (real PostgreSQL)', () => {
  let kafka: TestKafka;
  let connection: MessagingConnection;
  let t: TestService<'events'>;
  let producer: Publisher;
  let reader: ConsumerGroup;
  const groupId = `events-sink-${randomUUID()}`;
  const clean: IncomingMessage[] = [];
  const dead: IncomingMessage[] = [];

  const produce = (records: readonly (RawTrackingRecord | string)[]) =>
    producer.publish(
      TRACKING_TOPICS.raw,
      records.map((r) =>
        typeof r === 'string' ? { key: 'raw', value: r } : { key: r.session_id, value: JSON.stringify(r) },
      ),
    );
  const storedIds = async (ids: readonly string[]) => {
    const rows = await t.service.dataSource.query<{ ingest_id: string }[]>(
      `SELECT ingest_id FROM events.tracking_events WHERE ingest_id = ANY($1::uuid[])`,
      [ids],
    );
    return rows.map((r) => r.ingest_id);
  };
  const cleanIds = () =>
    clean.map((m) => (JSON.parse(m.value!.toString()) as { ingest_id: string }).ingest_id);
  const committedOffsets = async () => {
    const admin = new Kafka({
      clientId: 'pipeline-test-admin',
      brokers: kafka.brokers,
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    try {
      const [topic] = await admin.fetchOffsets({ groupId, topics: [TRACKING_TOPICS.raw] });
      return topic!.partitions.reduce((sum, p) => sum + Math.max(Number(p.offset), 0), 0);
    } finally {
      await admin.disconnect();
    }
  };

  beforeAll(async () => {
    kafka = await provideTestKafka();
    connection = { brokers: kafka.brokers, clientId: 'pipeline-test' };
    await ensureTopics(connection, [
      { topic: TRACKING_TOPICS.raw, partitions: 2 },
      { topic: TRACKING_TOPICS.clean, partitions: 2 },
      { topic: TRACKING_TOPICS.dlq, partitions: 1 },
    ]);
    producer = await createKafkaPublisher(connection);
    reader = await startConsumerGroup(connection, {
      groupId: `pipeline-reader-${randomUUID()}`,
      topics: [TRACKING_TOPICS.clean, TRACKING_TOPICS.dlq],
      maxWaitMs: 100,
      heartbeatIntervalMs: 300,
      handle: (batch) => {
        (batch.topic === TRACKING_TOPICS.clean ? clean : dead).push(...batch.messages);
        return Promise.resolve();
      },
    });
    t = await startTestService(eventsService, {
      env: { KAFKA_BROKERS: kafka.brokers.join(','), EVENTS_CONSUMER_GROUP: groupId },
    });
    await t.service.app.get(TrackingConsumerJob).joined();
  });

  afterAll(async () => {
    await t?.stop();
    await reader?.stop();
    await producer?.close();
    await kafka?.close();
  });

  it('stores valid records once (duplicates included), publishes them clean and refuses the rest to the DLQ', async () => {
    const good = Array.from({ length: 20 }, () => rawRecord());
    const resent = { ...good[3]! }; // the gateway re-sent one event (same ingest id)
    const bad = [
      rawRecord({ session_id: 'not-a-uuid' }),
      rawRecord({ event_id: 6 }),
      '{"event_id": "five"}',
      rawRecord({ event_id: EVENT.fieldFocus, sub4: 'contact', sub8: 'first' }),
    ];
    await produce([...good.slice(0, 10), resent, ...bad, ...good.slice(10), resent]);

    const ids = good.map((r) => r.ingest_id);
    await until(async () => (await storedIds(ids)).length === 20 && dead.length === 4);
    await until(() => ids.every((id) => cleanIds().includes(id)));

    expect(new Set(cleanIds())).toEqual(new Set(ids));
    const first = JSON.parse(clean.find((m) => m.key === good[0]!.session_id)!.value!.toString()) as Record<
      string,
      unknown
    >;
    expect(first).toMatchObject({
      event_id: 5,
      event_name: 'pageView',
      page_type: 'offers',
      device_class: 'mobile',
      is_bot: false,
      consent: 'granted',
      utm_source: 'google',
    });
    const reasons = dead.map((m) => (JSON.parse(m.value!.toString()) as { reason: string }).reason).sort();
    expect(reasons).toEqual([
      'event_id 6 is not in the event catalogue',
      'event_id: Invalid input: expected number, received string',
      'session_id is not a UUID v4',
      'sub8 must be a non-negative integer for event 40 (fieldFocus)',
    ]);
    const [row] = await t.service.dataSource.query<{ count: string }[]>(
      `SELECT count(*) FROM events.tracking_events WHERE ingest_id = $1`,
      [good[3]!.ingest_id],
    );
    expect(Number(row!.count)).toBe(1);
    // Everything read was committed: 20 good + 2 re-sent + 4 bad records.
    await until(async () => (await committedOffsets()) === 26);
  });

  it('refuses a server-only event on tracking.raw.v1 to the DLQ, and publishes one the leads service sends over IngestEvents on the clean stream', async () => {
    const committedBefore = await committedOffsets();
    const deadBefore = dead.length;
    // What a visitor forging a delivery would get onto the raw topic, had the gateway let it through.
    const forged = rawRecord({
      event_id: EVENT.applicationAccepted,
      sub4: 'vivus',
      sub5: 'accepted',
      sub6: 'callback',
      sub7: '1',
      page_path: '',
    });
    await produce([forged]);
    await until(() => dead.length === deadBefore + 1);
    const letter = JSON.parse(dead.at(-1)!.value!.toString()) as { reason: string; key: string };
    expect(letter).toMatchObject({
      reason:
        'event_id 101 (applicationAccepted) is recorded by the server only, never accepted from a browser',
      key: forged.session_id,
    });
    expect(await storedIds([forged.ingest_id])).toEqual([]);
    await until(async () => (await committedOffsets()) === committedBefore + 1);

    const serverEvent = {
      eventId: EVENT.applicationAccepted,
      providerId: '',
      sub1: '',
      sub3: '',
      sub4: 'vivus',
      sub5: 'accepted',
      sub6: 'callback',
      sub7: '1',
      sub8: '',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: '',
      utmContent: '',
      utmTerm: '',
      sessionId: randomUUID(),
      clientId: '',
      domain: '',
      referer: '',
      receivedAt: new Date().toISOString(),
      userAgent: '',
      ipHash: '',
      ingestId: randomUUID(),
      pagePath: '',
      consent: '',
    };
    const answer = await t.client.ingestEvents({
      events: [serverEvent],
      origin: eventsV1.EventOrigin.SERVER,
    });
    expect(answer).toMatchObject({ accepted: 1, rejected: 0 });
    await until(() => cleanIds().includes(serverEvent.ingestId));
    const published = clean.find(
      (m) => (JSON.parse(m.value!.toString()) as { ingest_id: string }).ingest_id === serverEvent.ingestId,
    )!;
    expect(published.key).toBe(serverEvent.sessionId);
    expect(JSON.parse(published.value!.toString())).toMatchObject({
      event_id: 101,
      event_name: 'applicationAccepted',
      session_id: serverEvent.sessionId,
      client_id: '',
      sub4: 'vivus',
      sub5: 'accepted',
      utm_source: 'google',
      page_type: 'other',
      device_class: 'unknown',
    });
  });

  /** kafka_consumergroup_lag of the service's group on tracking.raw.v1, by partition, from its /metrics. */
  const consumerLagOnMetrics = async (): Promise<Map<string, number>> => {
    const text = await (await fetch(`http://127.0.0.1:${t.service.opsPort}/metrics`)).text();
    const lag = new Map<string, number>();
    const pattern = new RegExp(
      `^kafka_consumergroup_lag\\{group="${groupId}",topic="${TRACKING_TOPICS.raw}",partition="(\\d+)",service="events"\\} (\\d+)$`,
      'gm',
    );
    for (const match of text.matchAll(pattern)) lag.set(match[1]!, Number(match[2]));
    return lag;
  };

  it('loses nothing while PostgreSQL refuses writes: the batch is retried, the offset waits, the rows land once it works again', async () => {
    const committedBefore = await committedOffsets();
    const db = t.service.dataSource;
    const rollbacks = async () => {
      const [row] = await db.query<{ n: string }[]>(
        `SELECT xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()`,
      );
      return Number(row!.n);
    };
    const rollbacksBefore = await rollbacks();
    // The sink's key ledger is gone: every write fails as it would with the database down.
    await db.query(`ALTER TABLE events.tracking_event_ids RENAME TO tracking_event_ids_away`);
    try {
      const during = Array.from({ length: 15 }, () => rawRecord());
      await produce(during);
      // The consumer tried, failed (rolled back) and tries again; nothing is stored or committed meanwhile.
      await until(async () => (await rollbacks()) >= rollbacksBefore + 2);
      expect(await storedIds(during.map((r) => r.ingest_id))).toEqual([]);
      expect(await committedOffsets()).toBe(committedBefore);
      // The ops port reports the records waiting per partition of the group (the Prometheus lag gauge).
      const lag = await consumerLagOnMetrics();
      expect([...lag.keys()].sort()).toEqual(['0', '1']);
      expect([...lag.values()].reduce((a, b) => a + b, 0)).toBe(15);

      await db.query(`ALTER TABLE events.tracking_event_ids_away RENAME TO tracking_event_ids`);
      await until(async () => (await storedIds(during.map((r) => r.ingest_id))).length === 15);
      await until(async () => (await committedOffsets()) === committedBefore + 15);
      await until(() => during.every((r) => cleanIds().includes(r.ingest_id)));
      await until(async () => [...(await consumerLagOnMetrics()).values()].every((v) => v === 0));
    } finally {
      await db.query(`ALTER TABLE IF EXISTS events.tracking_event_ids_away RENAME TO tracking_event_ids`);
    }
  });
});
