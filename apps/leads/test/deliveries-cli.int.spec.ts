import { runCli } from '@lib/service-kit';
import { provideTestDatabase, silentLogger, type TestDatabase } from '@lib/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { deliveriesCli } from '../src/cli/deliveries.cli';

/*
 * `npm run leads:deliveries` against a real PostgreSQL: the command migrates the leads schema as
 * every command does, then reads and replays what the rows below hold. The outbox is seeded with
 * SQL, so each state (the dispatcher would need lenders and hours of backoff to reach `failed`) is
 * there at once and exactly known.
 */

describe('npm run leads:deliveries (real PostgreSQL)', () => {
  let database: TestDatabase;
  let sql: Client;
  const lines: string[] = [];
  const run = async (...argv: string[]) => {
    lines.length = 0;
    const code = await runCli(deliveriesCli, {
      argv,
      env: { DATABASE_URL: database.url },
      io: { out: (l) => lines.push(l), err: (l) => lines.push(`ERR ${l}`) },
      logger: silentLogger(),
    });
    return { code, out: lines.join('\n') };
  };

  const appA = randomUUID();
  const appB = randomUUID();
  const ids = {
    aVivus: randomUUID(),
    aWandoo: randomUUID(),
    aKuki: randomUUID(),
    aProvident: randomUUID(),
    bVivus: randomUUID(),
    bKuki: randomUUID(),
    bNetcredit: randomUUID(),
  };
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

  async function seed() {
    for (const id of [appA, appB])
      await sql.query(
        `INSERT INTO leads.applications (id, status, step, form_version, submitted_at, updated_at) VALUES ($1, 'matched', 0, 2, now(), now())`,
        [id],
      );
    const delivery = async (
      id: string,
      app: string,
      lender: string,
      state: string,
      attempts: number,
      ago: number,
    ) => {
      await sql.query(
        `INSERT INTO leads.lead_deliveries (id, application_id, lender_slug, lender_id, state, attempts, next_attempt_at, fields, updated_at)
         VALUES ($1, $2, $3, 1, $4, $5, $6, '{firstName,phone}', $6)`,
        [id, app, lender, state, attempts, minutesAgo(ago)],
      );
      await sql.query(
        `INSERT INTO leads.lead_delivery_events (delivery_id, state, attempt, http_status, detail, at) VALUES ($1, 'queued', 0, NULL, 'queued', $2)`,
        [id, minutesAgo(ago + 60)],
      );
    };
    const event = (
      id: string,
      state: string,
      attempt: number,
      status: number | null,
      detail: string,
      ago: number,
    ) =>
      sql.query(
        `INSERT INTO leads.lead_delivery_events (delivery_id, state, attempt, http_status, detail, at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, state, attempt, status, detail, minutesAgo(ago)],
      );
    await delivery(ids.aVivus, appA, 'vivus', 'failed', 1, 30);
    await event(ids.aVivus, 'failed', 1, 422, 'HTTP 422: {"error":{"code":"field-missing"}}', 30);
    await delivery(ids.aWandoo, appA, 'wandoo', 'failed', 12, 20);
    await event(ids.aWandoo, 'failed', 12, 503, 'HTTP 503: busy; gave up after 12 attempts', 20);
    await delivery(ids.aKuki, appA, 'kuki', 'accepted', 1, 25);
    await event(ids.aKuki, 'accepted', 1, 200, 'HTTP 200: accepted', 25);
    await delivery(ids.aProvident, appA, 'provident', 'queued', 3, -5);
    await event(ids.aProvident, 'queued', 3, null, 'no answer within the timeout', 1);
    await delivery(ids.bVivus, appB, 'vivus', 'failed', 2, 10);
    await event(ids.bVivus, 'failed', 2, 401, 'HTTP 401: signature-mismatch', 10);
    await delivery(ids.bKuki, appB, 'kuki', 'rejected', 1, 9);
    await event(ids.bKuki, 'rejected', 1, 200, 'HTTP 200: rejected', 9);
    await delivery(ids.bNetcredit, appB, 'netcredit', 'withdrawn', 0, 8);
    await event(ids.bNetcredit, 'withdrawn', 0, null, 'consent withdrawn', 8);
    for (const [channel, state] of [
      ['email', 'sent'],
      ['email', 'sent'],
      ['email', 'queued'],
      ['sms', 'failed'],
    ])
      await sql.query(
        `INSERT INTO leads.outbound_messages (id, channel, kind, state, attempts, next_attempt_at, recipient_index)
         VALUES ($1, $2, 'application-confirmation', $3, 1, now(), repeat('a', 64))`,
        [randomUUID(), channel, state],
      );
  }

  const stateOf = async (id: string) =>
    (
      await sql.query<{ state: string; attempts: number; due: boolean }>(
        `SELECT state, attempts, next_attempt_at <= now() AS due FROM leads.lead_deliveries WHERE id = $1`,
        [id],
      )
    ).rows[0];
  const lastEventOf = async (id: string) =>
    (
      await sql.query<{ state: string; attempt: number; detail: string; events: string }>(
        `SELECT state, attempt, detail, count(*) OVER () AS events FROM leads.lead_delivery_events
          WHERE delivery_id = $1 ORDER BY at DESC, id DESC LIMIT 1`,
        [id],
      )
    ).rows[0];

  beforeAll(async () => {
    database = await provideTestDatabase();
    // The first run creates the schema (every command migrates, as a starting service does).
    expect((await run('summary')).out).toContain('deliveries: 0');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    await seed();
  }, 60_000);
  afterAll(async () => {
    await sql?.end();
    await database?.drop();
  });

  it('summarises deliveries per lender and state and messages per channel and state, with no personal data', async () => {
    const { code, out } = await run('summary');
    expect(code).toBe(0);
    expect(out.split('\n')).toEqual([
      'deliveries: 7',
      '  lender     queued  sent  accepted  rejected  failed  withdrawn',
      '  kuki       0       0     1         1         0       0',
      '  netcredit  0       0     0         0         0       1',
      '  provident  1       0     0         0         0       0',
      '  vivus      0       0     0         0         2       0',
      '  wandoo     0       0     0         0         1       0',
      '  (all)      1       0     1         1         3       1',
      'messages: 4',
      '  channel  queued  sent  failed  cancelled',
      '  email    1       2     0       0',
      '  sms      0       0     1       0',
    ]);
  });

  it('lists failed deliveries, the most recently changed first, with the answer that made them fail', async () => {
    const all = await run('list');
    expect(all.code).toBe(0);
    const rows = all.out.split('\n');
    expect(rows[0]).toBe('3 failed deliveries:');
    expect(rows.slice(2).map((r) => r.split(/\s{2,}/)[0])).toEqual([ids.bVivus, ids.aWandoo, ids.aVivus]);
    expect(rows[2]).toContain(appB);
    expect(rows[2]).toMatch(/vivus\s+failed\s+2\s+—\s+HTTP 401: signature-mismatch$/);

    const vivus = await run('list', '--state', 'failed', '--lender', 'vivus', '--limit', '1');
    expect(vivus.out.split('\n')[0]).toBe('1 failed delivery to vivus (the first 1; --limit shows more):');
    expect(vivus.out).toContain(ids.bVivus);

    const queued = await run('list', '--state', 'queued');
    expect(queued.out).toContain(ids.aProvident);
    expect(queued.out).toMatch(
      /provident\s+queued\s+3\s+\d{4}-\d\d-\d\dT[\d:]+Z\s+no answer within the timeout/,
    );
    expect((await run('list', '--lender', 'kuki')).out).toBe('no failed deliveries to kuki');
  });

  it('shows one delivery with every event in order; an unknown id exits 1, a malformed one 2', async () => {
    const { code, out } = await run('history', ids.aWandoo);
    expect(code).toBe(0);
    const rows = out.split('\n');
    expect(rows[0]).toBe(`delivery ${ids.aWandoo} of application ${appA} to wandoo: failed, 12 attempt(s)`);
    expect(rows.slice(2).map((r) => r.split(/\s{2,}/).slice(1))).toEqual([
      ['queued', '0', '—', 'queued'],
      ['failed', '12', '503', 'HTTP 503: busy; gave up after 12 attempts'],
    ]);
    const unknown = randomUUID();
    expect(await run('history', unknown)).toEqual({ code: 1, out: `ERR no delivery ${unknown}` });
    expect((await run('history', '42')).code).toBe(2);
  });

  it('replays failed deliveries only: queued again at once, attempts from zero, with an event saying so; prints the count', async () => {
    // Not an accepted one: the lender answered.
    const accepted = await run('replay', '--delivery', ids.aKuki);
    expect(accepted).toEqual({
      code: 0,
      out: `replayed 0 failed deliveries with id ${ids.aKuki}\n  delivery ${ids.aKuki} is accepted: only failed deliveries are replayed`,
    });
    expect(await stateOf(ids.aKuki)).toMatchObject({ state: 'accepted', attempts: 1 });
    expect((await run('replay', '--delivery', ids.bKuki)).out).toContain(
      'is rejected: only failed deliveries',
    );
    expect((await run('replay', '--delivery', ids.bNetcredit)).out).toContain('is withdrawn');

    // One application's failed deliveries, and nothing else of it.
    expect(await run('replay', '--application', appA)).toEqual({
      code: 0,
      out: `replayed 2 failed deliveries of application ${appA}`,
    });
    for (const id of [ids.aVivus, ids.aWandoo]) {
      expect(await stateOf(id)).toEqual({ state: 'queued', attempts: 0, due: true });
      expect(await lastEventOf(id)).toMatchObject({
        state: 'queued',
        attempt: 0,
        detail: 'replayed by an operator',
        events: '3',
      });
    }
    expect(await stateOf(ids.aKuki)).toMatchObject({ state: 'accepted' });
    expect(await stateOf(ids.aProvident)).toMatchObject({ state: 'queued', attempts: 3 });

    // A lender's: only the one still failed (application A's is queued already).
    expect((await run('replay', '--lender', 'vivus')).out).toBe('replayed 1 failed delivery to vivus');
    expect(await stateOf(ids.bVivus)).toEqual({ state: 'queued', attempts: 0, due: true });
    // Nothing left to replay: a second run changes nothing and adds no event.
    expect((await run('replay', '--lender', 'vivus')).out).toBe('replayed 0 failed deliveries to vivus');
    expect(await lastEventOf(ids.bVivus)).toMatchObject({ events: '3' });
    expect((await run('list')).out).toBe('no failed deliveries');
    expect((await run('history', ids.bVivus)).out.split('\n').at(-1)).toMatch(
      /queued\s+0\s+—\s+replayed by an operator$/,
    );
  });

  it('answers --help with the usage and bad arguments with exit code 2 and the usage', async () => {
    const help = await run('--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('usage: npm run leads:deliveries -- <command>');
    const bad = await run('replay', '--lender', 'vivus', '--application', appA);
    expect(bad.code).toBe(2);
    expect(bad.out.split('\n')[0]).toBe(
      'ERR replay takes exactly one of --lender, --delivery or --application',
    );
    expect(bad.out).toContain('usage: npm run leads:deliveries');
  });
});
