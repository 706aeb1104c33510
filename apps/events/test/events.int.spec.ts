import { status } from '@grpc/grpc-js';
import { eventsV1, type GrpcCallError } from '@lib/contracts';
import { startTestService, type TestService } from '@lib/testing';
import { randomUUID } from 'node:crypto';
import { eventsService } from '../src/events.service-definition';
import { storedEventsAfter } from '../src/persistence/tracking-events.repository';

const event = (overrides: Partial<eventsV1.TrackingEvent> = {}): eventsV1.TrackingEvent => ({
  eventId: 5,
  providerId: '',
  sub1: '',
  sub3: '',
  sub4: 'pageView',
  sub5: '',
  sub6: '',
  sub7: '',
  sub8: '',
  utmSource: 'google',
  utmMedium: 'cpc',
  utmCampaign: '',
  utmContent: '',
  utmTerm: '',
  sessionId: randomUUID(),
  clientId: randomUUID().replace(/-/g, ''),
  domain: 'localhost',
  referer: '',
  receivedAt: '2026-11-20T10:00:00.000Z',
  userAgent: 'jest',
  ipHash: '',
  ingestId: randomUUID(),
  pagePath: '/',
  consent: '',
  ...overrides,
});

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('events service over gRPC (real PostgreSQL sink)', () => {
  let t: TestService<'events'>;
  beforeAll(async () => {
    t = await startTestService(eventsService);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('stores valid events, rejects bad ones with a reason, and counts per Warsaw day', async () => {
    const dup = event();
    const answer = await t.client.ingestEvents({
      events: [
        dup,
        event({ eventId: 27, sub1: 'pageLoadFromCache', receivedAt: '2026-11-20T23:30:00.000Z' }), // 00:30 on the 21st in Warsaw
        event({ sessionId: 'not-a-uuid' }),
        event({ clientId: '3f1c2a9e-5b7d-1c1a-9e2f-0a1b2c3d4e5f' }),
        { ...dup },
      ],
    });
    expect(answer.accepted).toBe(3);
    expect(answer.rejected).toBe(2);
    expect(answer.results.map((r) => [r.accepted, r.duplicate, r.reason])).toEqual([
      [true, false, ''],
      [true, false, ''],
      [false, false, 'session_id is not a UUID v4'],
      [false, false, 'client_id is not a UUID v4'],
      [true, true, ''],
    ]);

    const again = await t.client.ingestEvents({ events: [dup] });
    expect(again.results[0]).toMatchObject({ accepted: true, duplicate: true });

    const counts = await t.client.countEvents({ from: '2026-11-20', to: '2026-11-21' });
    expect(counts.buckets).toEqual([
      { day: '2026-11-20', eventId: 5, count: 1 },
      { day: '2026-11-21', eventId: 27, count: 1 },
    ]);
    expect(counts.total).toBe(2);
    const only27 = await t.client.countEvents({ from: '2026-11-20', to: '2026-11-21', eventId: 27 });
    expect(only27.total).toBe(1);
  });

  it('refuses empty and oversized batches and bad ranges with INVALID_ARGUMENT', async () => {
    const empty = (await t.client.ingestEvents({ events: [] }).catch((e: unknown) => e)) as GrpcCallError;
    expect(empty.code).toBe(status.INVALID_ARGUMENT);
    expect(empty.fieldViolations[0]?.field).toBe('events');
    const big = (await t.client
      .ingestEvents({ events: Array.from({ length: 501 }, () => event()) })
      .catch((e: unknown) => e)) as GrpcCallError;
    expect(big.fieldViolations).toEqual([
      { field: 'events', description: 'must contain at most 500 events' },
    ]);
    const range = (await t.client
      .countEvents({ from: '2026-11-21', to: '2026-11-01' })
      .catch((e: unknown) => e)) as GrpcCallError;
    expect(range.code).toBe(status.INVALID_ARGUMENT);
    expect(range.fieldViolations).toEqual([{ field: 'to', description: 'must not be before from' }]);
  });

  it('refuses impossible input over the wire: a day that does not exist, a range over 366 days, a timestamp that is not RFC 3339', async () => {
    const failure = (call: Promise<unknown>) => call.catch((e: unknown) => e) as Promise<GrpcCallError>;
    const day = await failure(t.client.countEvents({ from: '2026-02-30', to: '2026-03-02' }));
    expect(day.code).toBe(status.INVALID_ARGUMENT);
    expect(day.fieldViolations).toEqual([{ field: 'from', description: 'is not a real date' }]);
    const range = await failure(t.client.countEvents({ from: '2024-01-01', to: '2025-01-01' }));
    expect(range.fieldViolations).toEqual([{ field: 'to', description: 'range must be at most 366 days' }]);
    await expect(t.client.countEvents({ from: '2024-01-01', to: '2024-12-31' })).resolves.toMatchObject({
      total: expect.any(Number),
    });

    const answer = await t.client.ingestEvents({
      events: [event({ receivedAt: '1' }), event({ receivedAt: 'March 5' })],
    });
    expect(answer.results.map((r) => [r.accepted, r.reason])).toEqual([
      [false, 'received_at is not an RFC 3339 timestamp'],
      [false, 'received_at is not an RFC 3339 timestamp'],
    ]);
  });

  it('answers the analysts’ questions over stored events: page views, unique clients, sources, funnel', async () => {
    // Three sessions on 2026-10-05 (Warsaw), one bot, and a session the day after.
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const [ca, cb] = [randomUUID(), randomUUID()];
    const at = (time: string) => `2026-10-05T${time}:00.000Z`;
    const view = (session: string, client: string, path: string, time: string, source = '') =>
      event({
        sessionId: session,
        clientId: client,
        pagePath: path,
        receivedAt: at(time),
        utmSource: source,
        userAgent: BROWSER,
      });
    const answer = await t.client.ingestEvents({
      events: [
        view(a, ca, '/', '08:00', 'google'),
        view(a, ca, '/application/', '08:01', 'facebook'), // a session's source is its first event's
        view(a, ca, '/offers/', '08:02'),
        view(b, cb, '/', '09:00', 'google'),
        view(b, cb, '/kredyt-gotowkowy/', '09:01'),
        view(c, '', '/', '10:00'),
        view(c, '', '/offers/', '10:01'), // offers without the application: not past step 1 of the funnel
        {
          ...view(randomUUID(), randomUUID(), '/', '11:00'),
          userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        },
        { ...view(d, cb, '/', '23:30'), userAgent: PHONE }, // 00:30 on the 6th in Warsaw
      ],
    });
    expect(answer.rejected).toBe(0);
    // The offer click of session a: recorded by the gateway's offer redirect (server origin) with
    // the visitor's session, so it is a step of the funnel like the browser's events.
    const click = event({
      eventId: 50,
      sub4: '1',
      sub5: 'vivus',
      sub6: '1',
      sub7: 'offers',
      sessionId: a,
      clientId: ca,
      pagePath: '/przejdz/1/',
      receivedAt: at('08:03'),
      userAgent: BROWSER,
    });
    expect(
      (await t.client.ingestEvents({ events: [click], origin: eventsV1.EventOrigin.SERVER })).rejected,
    ).toBe(0);
    // The leads service's event about an application submitted from a visit that day: counted by
    // CountEvents, never as a session, a client, a source or a funnel step.
    const server = await t.client.ingestEvents({
      origin: eventsV1.EventOrigin.SERVER,
      events: [
        event({
          eventId: 101,
          sub4: 'vivus',
          sub5: 'accepted',
          sub6: 'answer',
          sub7: '1',
          sub8: '200',
          sessionId: randomUUID(),
          clientId: '',
          domain: '',
          pagePath: '',
          userAgent: '',
          receivedAt: at('12:00'),
        }),
      ],
    });
    expect(server.rejected).toBe(0);
    const accepted = await t.client.countEvents({ from: '2026-10-05', to: '2026-10-06', eventId: 101 });
    expect(accepted.buckets).toEqual([{ day: '2026-10-05', eventId: 101, count: 1 }]);

    const pages = await t.client.countPageViews({
      from: '2026-10-05',
      to: '2026-10-06',
      pagePath: '',
      limit: 0,
    });
    expect(pages.rows).toEqual([
      { day: '2026-10-05', pagePath: '/', pageType: 'home', views: 3, sessions: 3 },
      { day: '2026-10-05', pagePath: '/offers/', pageType: 'offers', views: 2, sessions: 2 },
      { day: '2026-10-05', pagePath: '/application/', pageType: 'application', views: 1, sessions: 1 },
      { day: '2026-10-05', pagePath: '/kredyt-gotowkowy/', pageType: 'content', views: 1, sessions: 1 },
      { day: '2026-10-06', pagePath: '/', pageType: 'home', views: 1, sessions: 1 },
    ]);
    expect(pages.totalViews).toBe(8);
    const onePage = await t.client.countPageViews({
      from: '2026-10-05',
      to: '2026-10-06',
      pagePath: '/offers/',
      limit: 1,
    });
    expect(onePage.rows).toHaveLength(1);
    expect(onePage.totalViews).toBe(2);

    const clients = await t.client.countUniqueClients({ from: '2026-10-05', to: '2026-10-06' });
    expect(clients.days).toEqual([
      { day: '2026-10-05', clients: 2, sessions: 3 },
      { day: '2026-10-06', clients: 1, sessions: 1 },
    ]);
    expect([clients.totalClients, clients.totalSessions]).toEqual([2, 4]);

    const sources = await t.client.countSessionsBySource({ from: '2026-10-05', to: '2026-10-06', limit: 0 });
    expect(sources.sources).toEqual([
      { utmSource: '', sessions: 2, events: 3 },
      { utmSource: 'google', sessions: 2, events: 6 },
    ]);
    expect(sources.totalSessions).toBe(4);
    const top = await t.client.countSessionsBySource({ from: '2026-10-05', to: '2026-10-06', limit: 1 });
    expect([top.sources.length, top.totalSessions]).toEqual([1, 4]);

    const funnel = await t.client.getFunnel({ from: '2026-10-05', to: '2026-10-05', utmSource: '' });
    expect(funnel.steps.map((s) => [s.key, s.sessions, s.conversionBasisPoints])).toEqual([
      ['home', 3, 10_000],
      ['application', 1, 3_333],
      ['offers', 1, 3_333],
      ['lender_click', 1, 3_333],
    ]);
    const fromGoogle = await t.client.getFunnel({
      from: '2026-10-05',
      to: '2026-10-05',
      utmSource: 'google',
    });
    expect(fromGoogle.steps.map((s) => s.sessions)).toEqual([2, 1, 1, 1]);
  });

  it("refuses an offer click from the browser origin: only the gateway's offer redirect records one", async () => {
    const click = event({
      eventId: 50,
      sub4: '17',
      sub5: 'vivus',
      sub7: 'offers',
      receivedAt: '2026-10-21T09:00:00.000Z',
    });
    for (const origin of [undefined, eventsV1.EventOrigin.BROWSER]) {
      const answer = await t.client.ingestEvents({
        events: [click],
        ...(origin === undefined ? {} : { origin }),
      });
      expect(answer.results).toEqual([
        {
          index: 0,
          accepted: false,
          reason: 'event_id 50 (offerClick) is recorded by the server only, never accepted from a browser',
          duplicate: false,
        },
      ]);
    }
    const day = { from: '2026-10-21', to: '2026-10-21', eventId: 50 };
    expect((await t.client.countEvents(day)).total).toBe(0);
    const fromServer = await t.client.ingestEvents({ events: [click], origin: eventsV1.EventOrigin.SERVER });
    expect(fromServer.results).toEqual([{ index: 0, accepted: true, reason: '', duplicate: false }]);
    expect((await t.client.countEvents(day)).total).toBe(1);
  });

  it('refuses server-only events from a caller that does not say it is the server (the gateway relaying browsers), and stores them once from one that does', async () => {
    const delivered = event({
      eventId: 100,
      sub4: 'kuki',
      sub5: 'sent',
      sub6: 'answer',
      sub7: '2',
      sub8: '202',
      clientId: '',
      domain: '',
      pagePath: '',
      userAgent: '',
      utmSource: '',
      utmMedium: '',
      receivedAt: '2026-10-20T09:00:00.000Z',
    });
    const refusal =
      'event_id 100 (applicationDelivered) is recorded by the server only, never accepted from a browser';
    for (const origin of [undefined, eventsV1.EventOrigin.UNSPECIFIED, eventsV1.EventOrigin.BROWSER]) {
      const answer = await t.client.ingestEvents({
        events: [delivered],
        ...(origin === undefined ? {} : { origin }),
      });
      expect(answer.results).toEqual([{ index: 0, accepted: false, reason: refusal, duplicate: false }]);
    }
    const day = { from: '2026-10-20', to: '2026-10-20' };
    expect((await t.client.countEvents(day)).total).toBe(0);

    const fromServer = () =>
      t.client.ingestEvents({ events: [delivered], origin: eventsV1.EventOrigin.SERVER });
    expect((await fromServer()).results).toEqual([
      { index: 0, accepted: true, reason: '', duplicate: false },
    ]);
    expect((await fromServer()).results).toEqual([{ index: 0, accepted: true, reason: '', duplicate: true }]);
    expect(await t.client.countEvents(day)).toEqual({
      buckets: [{ day: '2026-10-20', eventId: 100, count: 1 }],
      total: 1,
    });
    const [row] = await storedEventsAfter(
      t.service.dataSource,
      { receivedAt: new Date('2026-10-20T08:59:59Z'), ingestId: '00000000-0000-0000-0000-000000000000' },
      10,
    );
    expect(row).toMatchObject({
      ingestId: delivered.ingestId,
      eventName: 'applicationDelivered',
      sessionId: delivered.sessionId,
      clientId: null,
      pageType: 'other',
      deviceClass: 'unknown',
      isBot: false,
    });
  });

  it('refuses bad report requests with INVALID_ARGUMENT naming the field', async () => {
    const failure = (call: Promise<unknown>) => call.catch((e: unknown) => e) as Promise<GrpcCallError>;
    const limit = await failure(
      t.client.countPageViews({ from: '2026-10-05', to: '2026-10-06', pagePath: '', limit: 10_001 }),
    );
    expect(limit.code).toBe(status.INVALID_ARGUMENT);
    expect(limit.fieldViolations).toEqual([{ field: 'limit', description: 'must be at most 10000' }]);
    const range = await failure(t.client.getFunnel({ from: '2026-10-06', to: '2026-10-05', utmSource: '' }));
    expect(range.fieldViolations).toEqual([{ field: 'to', description: 'must not be before from' }]);
    const day = await failure(t.client.countUniqueClients({ from: '2026-13-01', to: '2026-12-01' }));
    expect(day.fieldViolations).toEqual([{ field: 'from', description: 'is not a real date' }]);
    const source = await failure(
      t.client.countSessionsBySource({ from: '2026-10-05', to: '2026-10-06', limit: -1 }),
    );
    expect(source.fieldViolations).toEqual([{ field: 'limit', description: 'must not be negative' }]);
  });

  it('reads stored events back in time order for events:tail, as they were enriched', async () => {
    const sent = event({
      receivedAt: '2026-09-01T08:00:00.000Z',
      pagePath: '/blog/',
      userAgent: PHONE,
      clientId: '',
    });
    await t.client.ingestEvents({ events: [sent] });
    const [first] = await storedEventsAfter(
      t.service.dataSource,
      { receivedAt: new Date('2026-09-01T07:59:59Z'), ingestId: '00000000-0000-0000-0000-000000000000' },
      1,
    );
    expect(first).toMatchObject({
      ingestId: sent.ingestId,
      receivedAt: new Date('2026-09-01T08:00:00.000Z'),
      eventName: 'pageView',
      pageType: 'blog',
      deviceClass: 'mobile',
      isBot: false,
      clientId: null,
      sub4: 'pageView',
    });
  });

  it('stores events of a day far from today in a partition made for that day', async () => {
    const old = event({ receivedAt: '2024-02-29T12:00:00.000Z' });
    await expect(t.client.ingestEvents({ events: [old] })).resolves.toMatchObject({ accepted: 1 });
    const [row] = await t.service.dataSource.query<{ partition: string }[]>(
      `SELECT c.relname AS partition FROM events.tracking_events e JOIN pg_class c ON c.oid = e.tableoid WHERE ingest_id = $1`,
      [old.ingestId],
    );
    expect(row?.partition).toBe('tracking_events_p20240229');
  });

  it('keeps entities and migrations in agreement', async () => {
    await expect(t.pendingSchemaChanges()).resolves.toEqual([]);
  });
});
