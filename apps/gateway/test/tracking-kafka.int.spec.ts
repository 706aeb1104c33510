import { provideTestKafka, type TestKafka } from '@lib/kafka-test-broker';
import { type ConsumerGroup, type IncomingMessage, ensureTopics, startConsumerGroup } from '@lib/messaging';
import { freePort, provideTestDatabase, type TestDatabase, until } from '@lib/testing';
import { TRACKING_TOPICS } from '@lib/tracking';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { OFFERS } from './support/fixtures';
import { rawRequest } from './support/raw-http';
import { ChildRun } from './support/stack';
import { type TestGateway, startTestGateway } from './support/test-gateway';

const workspaceRoot = path.resolve(__dirname, '../../..');

/**
 * The pipeline end to end as a visitor's browser starts it: POST /api/event on the gateway (with
 * KAFKA_BROKERS) → tracking.raw.v1 over the Kafka protocol (real Kafka with KAFKA_BROKERS, a
 * container where Docker answers, else the in-memory test broker) → the events service's consumer
 * group (the real process, from its build) → PostgreSQL and the clean topic tracking.events.v1.
 */
describe('POST /api/event through Kafka into PostgreSQL', () => {
  let kafka: TestKafka;
  let database: TestDatabase;
  let events: ChildRun;
  let gateway: TestGateway;
  let offers: FakeGrpcServer;
  let reader: ConsumerGroup;
  let db: Client;
  const clean: IncomingMessage[] = [];

  beforeAll(async () => {
    kafka = await provideTestKafka();
    const connection = { brokers: kafka.brokers, clientId: 'gateway-pipeline-test' };
    await ensureTopics(connection, [
      { topic: TRACKING_TOPICS.raw, partitions: 2 },
      { topic: TRACKING_TOPICS.clean, partitions: 2 },
      { topic: TRACKING_TOPICS.dlq, partitions: 1 },
    ]);
    reader = await startConsumerGroup(connection, {
      groupId: `gateway-pipeline-reader-${randomUUID()}`,
      topics: [TRACKING_TOPICS.clean],
      maxWaitMs: 100,
      heartbeatIntervalMs: 300,
      handle: (batch) => {
        clean.push(...batch.messages);
        return Promise.resolve();
      },
    });
    database = await provideTestDatabase();
    const [grpcPort, opsPort] = [await freePort(), await freePort()];
    events = new ChildRun('events', path.join(workspaceRoot, 'dist/apps/events/src/main.js'), {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: String(grpcPort),
      OPS_PORT: String(opsPort),
      LOG_LEVEL: 'warn',
      KAFKA_BROKERS: kafka.brokers.join(','),
      EVENTS_CONSUMER_GROUP: `events-sink-${randomUUID()}`,
    });
    await events.waitUntilReady(`http://127.0.0.1:${opsPort}/readyz`);
    offers = await startFakeService('offers', { GetOffer: () => OFFERS[0] });
    gateway = await startTestGateway({
      targets: { events: `127.0.0.1:${grpcPort}`, offers: offers.target },
      env: { KAFKA_BROKERS: kafka.brokers.join(',') },
    });
    db = new Client({ connectionString: database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await gateway?.stop();
    await offers?.stop();
    await events?.stop();
    await reader?.stop();
    await database?.drop();
    await kafka?.close();
  });

  it('stores every accepted event once, with the session of the cookie, and publishes it clean', async () => {
    const send = (body: unknown, cookie?: string) =>
      rawRequest(gateway.port, {
        method: 'POST',
        path: '/api/event',
        headers: {
          'content-type': 'application/json',
          origin: 'http://localhost:3000',
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify(body),
      });
    // With consent: a visit's source (utm_*) is stored only then.
    const first = await send(
      { event_id: 5, sub4: 'pageView', page_path: '/offers/', utm_source: 'google' },
      'cookie_consent=granted',
    );
    expect(first.status).toBe(202);
    const sessionCookie = ([first.headers['set-cookie']].flat() as string[]).find((line) =>
      line.startsWith('session_id='),
    )!;
    const sessionId = sessionCookie.slice('session_id='.length, sessionCookie.indexOf(';'));
    const second = await send(
      [
        { event_id: 40, sub4: 'contact', sub5: 'email', sub8: '1', page_path: '/kontakt/' },
        { event_id: 80, sub4: 'cookies', sub5: 'accepted', page_path: '/kontakt/' },
      ],
      `session_id=${sessionId}`,
    );
    expect(second.status).toBe(202);
    // Refused at the door: never reaches the topic.
    expect((await send({ event_id: 5, sub4: 'pageView', sub8: [1] }, `session_id=${sessionId}`)).status).toBe(
      400,
    );

    const rows = async () =>
      (
        await db.query<{
          event_id: number;
          sub8: string | null;
          page_path: string;
          utm_source: string | null;
        }>(
          'SELECT event_id, sub8, page_path, utm_source FROM events.tracking_events WHERE session_id = $1::uuid ORDER BY event_id',
          [sessionId],
        )
      ).rows;
    await until(async () => (await rows()).length >= 3);
    expect((await rows()).map((row) => [row.event_id, row.page_path])).toEqual([
      [5, '/offers/'],
      [40, '/kontakt/'],
      [80, '/kontakt/'],
    ]);
    expect((await rows())[1]!.sub8).toBe('1');
    expect((await rows())[0]!.utm_source).toBe('google');

    const mine = () => clean.filter((message) => message.key === sessionId);
    await until(() => mine().length === 3);
    const published = mine().map(
      (message) => JSON.parse(message.value!.toString()) as { event_id: number; page_type: string },
    );
    expect(published.map((event) => event.event_id).sort((a, b) => a - b)).toEqual([5, 40, 80]);
    expect(published.find((event) => event.event_id === 5)!.page_type).toBe('offers');
  });

  it('records an offer click over IngestEvents as the server even with KAFKA_BROKERS set: stored before the redirect answers', async () => {
    const res = await rawRequest(gateway.port, { path: '/przejdz/101/?z=home&p=3' });
    expect(res.status).toBe(302);
    const cookie = ([res.headers['set-cookie']].flat() as string[]).find((line) =>
      line.startsWith('session_id='),
    )!;
    const sessionId = cookie.slice('session_id='.length, cookie.indexOf(';'));
    const { rows } = await db.query<{ event_id: number; sub6: string; sub7: string }>(
      'SELECT event_id, sub6, sub7 FROM events.tracking_events WHERE session_id = $1::uuid',
      [sessionId],
    );
    expect(rows).toEqual([{ event_id: 50, sub6: '3', sub7: 'home' }]);
  });
});
