import { type eventsV1 } from '@lib/contracts';
import { startTestService, type TestService } from '@lib/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { eventsService } from '../src/events.service-definition';
import { TrackingPartitionsJob } from '../src/jobs/tracking-partitions.job';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** Names of the day partitions of events.tracking_events, oldest first. */
async function partitionNames(db: DataSource): Promise<string[]> {
  const rows = await db.query<{ name: string }[]>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'events.tracking_events'::regclass ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/** A page view received at `at`; the fields left out are empty on the wire. */
const pageView = (ingestId: string, at: Date) =>
  ({
    eventId: 5,
    sub4: 'pageView',
    sessionId: randomUUID(),
    receivedAt: at.toISOString(),
    userAgent: 'jest',
    ingestId,
    pagePath: '/',
  }) as eventsV1.TrackingEvent;

const partitionOf = (date: Date) => `tracking_events_p${date.toISOString().slice(0, 10).replace(/-/g, '')}`;

describe('events retention (EVENTS_RETENTION_DAYS)', () => {
  let t: TestService<'events'>;
  let db: DataSource;
  beforeAll(async () => {
    t = await startTestService(eventsService, { env: { EVENTS_RETENTION_DAYS: '30' } });
    db = t.service.app.get(DataSource);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('drops day partitions and ledger entries past retention, keeps the rest, and a replay of a dropped event is stored again', async () => {
    const old = { ingestId: randomUUID(), at: daysAgo(40) };
    const kept = { ingestId: randomUUID(), at: daysAgo(29) };
    const answer = await t.client.ingestEvents({
      events: [old, kept].map(({ ingestId, at }) => pageView(ingestId, at)),
    });
    expect(answer.accepted).toBe(2);
    expect(await partitionNames(db)).toEqual(
      expect.arrayContaining([partitionOf(old.at), partitionOf(kept.at)]),
    );

    await t.service.app.get(TrackingPartitionsJob).runOnce();

    const names = await partitionNames(db);
    expect(names).not.toContain(partitionOf(old.at));
    expect(names).toContain(partitionOf(kept.at));
    expect(names.every((name) => name >= partitionOf(daysAgo(30)))).toBe(true);
    const ledger = await db.query<{ ingest_id: string }[]>(`SELECT ingest_id FROM events.tracking_event_ids`);
    expect(ledger.map((r) => r.ingest_id).sort()).toEqual([kept.ingestId]);

    // The sink recreates a dropped day when an old event arrives again (a replay): nothing is refused.
    const replay = await t.client.ingestEvents({
      events: [pageView(old.ingestId, old.at)],
    });
    expect(replay.results[0]).toMatchObject({ accepted: true, duplicate: false });
  });

  it('lets one replica at a time apply retention (advisory lock)', async () => {
    const repository = t.service.app.get(TrackingPartitionsJob)['events'];
    const runner = db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      await runner.query(`SELECT pg_advisory_xact_lock(hashtext('events.tracking_events retention'))`);
      await expect(repository.dropPartitionsBefore('2000-01-01')).resolves.toBeNull();
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    await expect(repository.dropPartitionsBefore('2000-01-01')).resolves.toEqual([]);
  });
});
