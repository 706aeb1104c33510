import { status } from '@grpc/grpc-js';
import {
  createServiceClient,
  eventsV1,
  type GrpcCallError,
  leadsV1,
  type ServiceClient,
} from '@lib/contracts';
import { addDaysToIsoDate, warsawDay } from '@lib/pl-calendar';
import { type MailCatcher, startMailCatcher } from '@lib/test-support';
import {
  type PartnerSandbox,
  SANDBOX_LENDER_FILE,
  startPartnerSandbox,
  startTestService,
  type TestService,
  until,
} from '@lib/testing';
import { EVENT } from '@lib/tracking';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Client } from 'pg';
import { subjectKey, type StreamSubject } from '../src/domain/stream-events';
import { OutboxDispatchJob } from '../src/jobs/outbox-dispatch.job';
import { DEVELOPMENT_BLIND_INDEX_KEY } from '../src/leads.config';
import { leadsService } from '../src/leads.service-definition';
import { BANK, consents, PESEL, person, whole } from './support/application-requests';
import { type PeerProcess, startPeer } from './support/peers';

/*
 * Deliveries and consents on the analysts' event stream, end to end: the leads service (real
 * PostgreSQL) delivers a submitted application to the partner sandbox over HTTP, records what
 * happened with its stream events in the same transactions, and its dispatcher sends them to the
 * real events service (started from its build, without Kafka: IngestEvents straight into its
 * PostgreSQL table, which is what the tests read).
 */

/** One stored event of the events service, as analysts query it. */
interface StoredEvent {
  ingest_id: string;
  event_id: number;
  sub3: string | null;
  sub4: string | null;
  sub5: string | null;
  sub6: string | null;
  sub7: string | null;
  sub8: string | null;
  session_id: string;
  client_id: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
  domain: string | null;
  referer: string | null;
  page_path: string | null;
  user_agent: string | null;
  ip_hash: string | null;
  consent: string;
  received_at: Date;
}

const KEY = Buffer.from(DEVELOPMENT_BLIND_INDEX_KEY, 'base64');
const keyOf = (subject: StreamSubject) => subjectKey(KEY, subject);
const withDelivery = () => consents({ delivery: true });

describe('leads: deliveries and consents on the event stream (real PostgreSQL, events service, partner sandbox)', () => {
  let t: TestService<'leads'>;
  let events: PeerProcess;
  let offers: PeerProcess;
  let sandbox: PartnerSandbox;
  let mail: MailCatcher;
  let bridge: Server;
  let eventsClient: ServiceClient<'events'>;
  let eventsDb: Client;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    [events, offers, mail] = await Promise.all([
      startPeer('events'),
      startPeer('offers'),
      startMailCatcher(),
    ]);
    // The lenders' callbacks reach leads as the gateway passes them on: signature and raw body.
    bridge = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        t.client
          .recordDeliveryStatus({
            signature: String(req.headers['x-signature'] ?? ''),
            body: Buffer.concat(chunks),
          })
          .then(
            (answer) => res.writeHead(200).end(JSON.stringify(answer)),
            (error: GrpcCallError) =>
              res.writeHead(error.code === status.UNAUTHENTICATED ? 401 : 400).end(error.message),
          );
      });
    });
    await new Promise<void>((resolve) => bridge.listen(0, '127.0.0.1', resolve));
    sandbox = await startPartnerSandbox({
      callbackUrl: `http://127.0.0.1:${(bridge.address() as { port: number }).port}/api/partner/lead-status`,
      laterMs: 300,
      timeoutHoldMs: 5_000,
    });
    Object.assign(process.env, sandbox.env);
    t = await startTestService(leadsService, {
      env: {
        OFFERS_SERVICE_ADDR: offers.target,
        EVENTS_SERVICE_ADDR: events.target,
        LEADS_PEER_DEADLINE_MS: '3000',
        LENDER_DELIVERY_FILE: SANDBOX_LENDER_FILE,
        SMTP_URL: mail.smtpUrl,
        LEADS_DISPATCH_INTERVAL_MS: '200',
        LEADS_JOB_INTERVAL_MS: String(60 * 60_000),
      },
    });
    eventsClient = createServiceClient('events', { target: events.target, deadlineMs: 5_000 });
    eventsDb = new Client({ connectionString: events.database.url });
    await eventsDb.connect();
  }, 120_000);

  afterAll(async () => {
    await t?.stop();
    process.env = savedEnv;
    eventsClient?.close();
    await eventsDb?.end();
    await sandbox?.stop();
    await mail?.stop();
    if (bridge) await new Promise((resolve) => bridge.close(resolve));
    await Promise.all([events?.stop(), offers?.stop()]);
  });

  /** What the events service stored about one subject (its session id is the subject's key). */
  const storedAbout = async (subject: StreamSubject): Promise<StoredEvent[]> =>
    (
      await eventsDb.query<StoredEvent>(
        `SELECT * FROM events.tracking_events WHERE session_id = $1 ORDER BY received_at, event_id, sub4`,
        [keyOf(subject)],
      )
    ).rows;
  const outboxStates = async (subject: StreamSubject) =>
    (
      await t.service.dataSource.query<{ state: string; n: string }[]>(
        `SELECT state, count(*) AS n FROM leads.stream_events WHERE subject_key = $1 GROUP BY state ORDER BY state`,
        [keyOf(subject)],
      )
    ).map((r) => [r.state, Number(r.n)]);
  const today = () => warsawDay(new Date());
  const acceptedCount = async () =>
    (
      await eventsClient.countEvents({
        from: addDaysToIsoDate(today(), -1),
        to: addDaysToIsoDate(today(), 1),
        eventId: EVENT.applicationAccepted,
      })
    ).total;
  const dispatcher = () => t.service.app.get(OutboxDispatchJob);
  /**
   * Until every event recorded about the subject is published (the dispatcher runs every 200 ms; a
   * runOnce() may join a pass that took its events before the change being waited for committed).
   */
  const allPublished = (subject: StreamSubject, count: number) =>
    until(async () => JSON.stringify(await outboxStates(subject)) === JSON.stringify([['published', count]]));

  it('puts an accepted delivery on the stream once, however often the dispatcher runs or re-sends, with nothing personal in it', async () => {
    const who = person();
    // The visit it came from: its campaign labels go on the stream, its session and client ids and
    // its free-text fields (a search term can be what the person typed) do not.
    const visit = {
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'chwilowki-wiosna',
      utmContent: 'baner-gora',
      utmTerm: 'pozyczka jan kowalski',
      sessionId: randomUUID(),
      clientId: randomUUID(),
    };
    // 180 days: the lenders that can lend 2 000 zł for it (Smartney, NetCredit, Provident) decide in
    // their answer, later and never in time: one of each sandbox behaviour.
    const submitted = await t.client.submitApplication({
      ...whole(who),
      periodDays: 180,
      consents: withDelivery(),
      attribution: visit,
    });
    const application: StreamSubject = { kind: 'application', id: submitted.applicationId };
    // smartney decides in its answer, netcredit later (a callback); provident never answers in time
    // and is retried: no event for it yet.
    const decided = ['netcredit', 'smartney'];
    await until(async () => {
      const accepted = (await storedAbout(application)).filter(
        (e) => e.event_id === EVENT.applicationAccepted,
      );
      return accepted.length === decided.length;
    });

    const countBefore = await acceptedCount();
    // Two more passes, then a pass after "a crash between the call and the mark": every event of
    // the application queued again and sent again under its ingest id.
    await dispatcher().runOnce();
    await dispatcher().runOnce();
    await t.service.dataSource.query(
      `UPDATE leads.stream_events SET state = 'queued', next_attempt_at = now(), published_at = NULL WHERE subject_key = $1`,
      [keyOf(application)],
    );
    // Published again only once the events service answered for each (as duplicates).
    await allPublished(application, 4);
    expect(await acceptedCount()).toBe(countBefore);

    const stored = await storedAbout(application);
    const read = (e: StoredEvent) => [e.event_id, e.sub4, e.sub5, e.sub6, e.sub7];
    expect(stored.map(read).sort()).toEqual(
      [
        [EVENT.applicationDelivered, 'smartney', 'accepted', 'answer', '1'],
        [EVENT.applicationAccepted, 'smartney', 'accepted', 'answer', '1'],
        [EVENT.applicationDelivered, 'netcredit', 'sent', 'answer', '1'],
        [EVENT.applicationAccepted, 'netcredit', 'accepted', 'callback', '1'],
      ].sort(),
    );
    expect(new Set(stored.map((e) => e.ingest_id)).size).toBe(stored.length);
    expect(stored.filter((e) => e.sub6 === 'answer').every((e) => /^20[02]$/.test(e.sub8 ?? ''))).toBe(true);

    // Nothing personal: none of what the person typed, none of the ids a lender received, nothing
    // of a visitor (no client id, address, user agent, IP hash, free-text campaign fields).
    const text = JSON.stringify(stored);
    const lenderIds = (
      await t.service.dataSource.query<{ id: string }[]>(
        `SELECT id FROM leads.lead_deliveries WHERE application_id = $1`,
        [submitted.applicationId],
      )
    ).map((r) => r.id);
    for (const personal of [
      who.email,
      who.phone,
      who.phone.replace(/\D/g, '').slice(-9),
      PESEL,
      BANK,
      'ABA300000',
      'Jan',
      'Kowalski',
      submitted.applicationId,
      ...lenderIds,
      visit.sessionId,
      visit.clientId,
      visit.utmContent,
      visit.utmTerm,
    ])
      expect({ personal, found: text.includes(personal) }).toEqual({ personal, found: false });
    for (const event of stored)
      expect(event).toMatchObject({
        sub3: null,
        client_id: null,
        domain: null,
        referer: null,
        page_path: null,
        user_agent: null,
        ip_hash: null,
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'chwilowki-wiosna',
        utm_content: null,
        utm_term: null,
        consent: '',
      });
  }, 90_000);

  it('reports an erasure by its counts, and the delivery it stopped, on the stream', async () => {
    const who = person();
    // 180 days: Provident (180–1 460 days), which never answers in time, is matched with it.
    const submitted = await t.client.submitApplication({
      ...whole(who),
      periodDays: 180,
      consents: withDelivery(),
    });
    const application: StreamSubject = { kind: 'application', id: submitted.applicationId };
    // Every lender but provident (retried: still queued), that is smartney and netcredit, has answered.
    await until(
      async () =>
        (await storedAbout(application)).filter((e) => e.event_id === EVENT.applicationDelivered).length ===
        2,
    );

    const erasure = await t.client.requestErasure({ email: who.email, phone: '', note: '' });
    // Two delivered, two accepted, the withdrawn provident; and the erasure itself.
    await allPublished(application, 5);
    await allPublished({ kind: 'erasure', id: erasure.requestId }, 1);

    expect(
      (await storedAbout(application))
        .filter((e) => e.event_id === EVENT.applicationDeliveryWithdrawn)
        .map((e) => [e.sub4, e.sub5, e.sub6]),
    ).toEqual([['provident', 'withdrawn', 'erased']]);
    expect(
      (await storedAbout({ kind: 'erasure', id: erasure.requestId })).map((e) => [
        e.event_id,
        e.sub4,
        e.sub5,
        e.sub6,
        e.sub7,
        e.utm_source,
      ]),
    ).toEqual([[EVENT.personalDataErased, '1', '0', '0', '1', null]]);
  }, 90_000);

  it('reports a self-service withdrawal: the consents that were in force, and the delivery it stopped', async () => {
    const who = person();
    // 180 days: Provident (180–1 460 days), which never answers in time, is matched with it.
    const submitted = await t.client.submitApplication({
      ...whole(who),
      periodDays: 180,
      consents: withDelivery(),
    });
    const application: StreamSubject = { kind: 'application', id: submitted.applicationId };
    // smartney and netcredit have answered; provident is retried.
    await until(
      async () =>
        (await storedAbout(application)).filter((e) => e.event_id === EVENT.applicationDelivered).length ===
        2,
    );
    await t.client.requestSelfServiceLink({ email: who.email, phone: '', idempotencyKey: randomUUID() });
    const link = await mail.waitFor(
      (m) => m.to.some((a) => a.address === who.email) && /\/moje-dane\/\?t=/.test(m.text ?? ''),
      15_000,
    );
    const linkToken = /\/moje-dane\/\?t=([\w-]+)/.exec(link.text ?? '')![1]!;
    const { sessionToken } = await t.client.openSelfService({ linkToken });

    // The delivery consent was given, marketing by SMS never was.
    await t.client.withdrawSelfServiceConsents({
      sessionToken,
      types: [leadsV1.ConsentType.DELIVERY, leadsV1.ConsentType.MARKETING_SMS],
    });
    // Two delivered, two accepted, the delivery consent withdrawn, the withdrawn provident.
    await allPublished(application, 6);

    const stored = await storedAbout(application);
    expect(stored.filter((e) => e.event_id === EVENT.consentWithdrawn).map((e) => [e.sub4, e.sub5])).toEqual([
      ['delivery', 'selfService'],
    ]);
    expect(
      stored
        .filter((e) => e.event_id === EVENT.applicationDeliveryWithdrawn)
        .map((e) => [e.sub4, e.sub5, e.sub6]),
    ).toEqual([['provident', 'withdrawn', 'consentWithdrawn']]);
  }, 90_000);

  it('reports a withdrawn consent once: an unsubscribe withdraws the marketing consent given, not the ones never given', async () => {
    const who = person();
    // Given: the required consents and marketingEmail; no delivery, so no lender is involved.
    const submitted = await t.client.submitApplication({ ...whole(who), consents: consents() });
    const application: StreamSubject = { kind: 'application', id: submitted.applicationId };

    await t.client.unsubscribe({ email: who.email, phone: '' });
    await t.client.unsubscribe({ email: who.email, phone: '' });
    await allPublished(application, 1);

    expect(
      (await storedAbout(application)).map((e) => [e.event_id, e.sub4, e.sub5, e.client_id, e.user_agent]),
    ).toEqual([[EVENT.consentWithdrawn, 'marketingEmail', 'unsubscribe', null, null]]);

    // A week after it was published the outbox lets it go; the stream keeps it.
    await t.service.dataSource.query(
      `UPDATE leads.stream_events SET published_at = now() - interval '8 days' WHERE subject_key = $1`,
      [keyOf(application)],
    );
    await until(async () => (await outboxStates(application)).length === 0);
    expect(await storedAbout(application)).toHaveLength(1);
  }, 30_000);

  it('refuses a server-only event sent the way the gateway relays browser events, so a visitor cannot forge one', async () => {
    const forged: eventsV1.TrackingEvent = {
      eventId: EVENT.applicationAccepted,
      providerId: '',
      sub1: '',
      sub3: '',
      sub4: 'vivus',
      sub5: 'accepted',
      sub6: 'callback',
      sub7: '1',
      sub8: '',
      utmSource: '',
      utmMedium: '',
      utmCampaign: '',
      utmContent: '',
      utmTerm: '',
      sessionId: randomUUID(),
      clientId: randomUUID(),
      domain: 'localhost',
      referer: '',
      receivedAt: new Date().toISOString(),
      userAgent: 'Mozilla/5.0',
      ipHash: 'h',
      ingestId: randomUUID(),
      pagePath: '/',
      consent: 'granted',
    };
    const before = await acceptedCount();
    // The gateway's sink without Kafka sends no origin; a browser origin said outright is no better.
    for (const request of [
      { events: [forged] },
      { events: [forged], origin: eventsV1.EventOrigin.BROWSER },
    ]) {
      const answer = await eventsClient.ingestEvents(request);
      expect(answer.results).toEqual([
        {
          index: 0,
          accepted: false,
          duplicate: false,
          reason:
            'event_id 101 (applicationAccepted) is recorded by the server only, never accepted from a browser',
        },
      ]);
    }
    expect(await acceptedCount()).toBe(before);
    const rows = await eventsDb.query(`SELECT 1 FROM events.tracking_events WHERE ingest_id = $1`, [
      forged.ingestId,
    ]);
    expect(rows.rowCount).toBe(0);
  }, 30_000);
});
