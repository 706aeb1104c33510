import { MemoryRateLimiter } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { EVENT, type RawTrackingRecord } from '@lib/tracking';
import { type Request, type Response } from 'express';
import { Registry } from 'prom-client';
import { type ServerEventIntake, type ServerEventOutcome } from '../../kit/feature';
import { createClickMetrics } from './click-metrics';
import { clickRecording } from './click-recording';
import { CLICK_WINDOW_MS } from './click-window';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SESSION = '3f2b8c1e-9d4a-4e7b-a5c6-0123456789ab';
const OFFER = { offerId: 101, lenderSlug: 'vivus' };

/** The parts of a request the recording reads. */
function request(headers: Record<string, string> = {}, ip = '198.51.100.7'): Request {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    method: 'GET',
    originalUrl: '/przejdz/101/?z=offers&p=2',
    ip,
    secure: false,
    socket: { remoteAddress: ip },
    get: (name: string) => lower[name.toLowerCase()],
  } as unknown as Request;
}

/** A response that keeps the Set-Cookie values appended to it. */
function response(): Response & { cookies: string[] } {
  const cookies: string[] = [];
  return {
    cookies,
    append(name: string, value: string) {
      if (name.toLowerCase() === 'set-cookie') cookies.push(value);
      return this;
    },
  } as unknown as Response & { cookies: string[] };
}

/** An intake that keeps what it is given and answers `next` (stored unless told otherwise). */
function intake() {
  const records: RawTrackingRecord[] = [];
  const state: { next: ServerEventOutcome } = { next: { outcome: 'stored' } };
  const serverEvents: ServerEventIntake = {
    record: (record) => {
      records.push(record);
      return Promise.resolve(state.next);
    },
  };
  return { records, state, serverEvents };
}

interface LogLine {
  level: string;
  fields: Record<string, unknown>;
  message: string;
}

function setup(publicOrigin = 'http://localhost:3000') {
  const lines: LogLine[] = [];
  const log =
    (level: string) =>
    (fields: Record<string, unknown>, message: string): void =>
      void lines.push({ level, fields, message });
  const logger = { info: log('info'), warn: log('warn'), error: log('error') } as unknown as Logger;
  const registry = new Registry();
  const events = intake();
  const record = clickRecording({
    serverEvents: events.serverEvents,
    window: new MemoryRateLimiter({ limit: 1, windowMs: CLICK_WINDOW_MS }),
    metrics: createClickMetrics(registry),
    logger,
    salt: 'a-test-salt-that-is-long-enough-for-it',
    publicOrigin,
  });
  const counted = async (outcome: string) =>
    (await registry.getMetricsAsJSON())
      .find((metric) => metric.name === 'gateway_offer_clicks_total')
      ?.values.find((value) => value.labels['outcome'] === outcome)?.value ?? -1;
  return { record, events, lines, counted };
}

const sessionOf = (cookie: string | undefined) => /^session_id=([^;]+);/.exec(cookie ?? '')?.[1];

describe('recording an offer click', () => {
  it('draws a session for a request without one, sets its cookie (30 min, HttpOnly) and records the click with it', async () => {
    const { record, events, counted, lines } = setup();
    const res = response();
    expect(await record(request({ 'user-agent': 'ua-1' }), res, OFFER)).toBe('stored');
    expect(res.cookies).toHaveLength(1);
    expect(res.cookies[0]).toMatch(
      /^session_id=[0-9a-f-]{36}; Max-Age=1800; Path=\/; SameSite=Lax; HttpOnly$/,
    );
    const drawn = sessionOf(res.cookies[0]);
    expect(drawn).toMatch(UUID_V4);
    expect(events.records).toEqual([
      expect.objectContaining({
        event_id: EVENT.offerClick,
        session_id: drawn,
        sub4: '101',
        sub5: 'vivus',
        sub6: '2',
        sub7: 'offers',
        domain: 'localhost',
        page_path: '/przejdz/101/',
        user_agent: 'ua-1',
      }),
    ]);
    expect(events.records[0]!.ingest_id).toMatch(UUID_V4);
    expect(await counted('stored')).toBe(1);
    expect(lines.at(-1)).toMatchObject({ level: 'info', fields: { recorded: true, outcome: 'stored' } });
  });

  it("keeps a valid session cookie's id, renews the cookie, and marks it Secure behind https", async () => {
    const { record, events } = setup('https://www.example.pl');
    const res = response();
    await record(request({ cookie: `session_id=${SESSION}` }), res, OFFER);
    expect(res.cookies).toEqual([
      `session_id=${SESSION}; Max-Age=1800; Path=/; SameSite=Lax; Secure; HttpOnly`,
    ]);
    expect(events.records[0]).toMatchObject({ session_id: SESSION, domain: 'www.example.pl' });
  });

  it('carries the referer and the client id with consent only: not before a choice, not after a refusal', async () => {
    const { record, events } = setup();
    const referer = 'https://www.example.pl/?utm_source=newsletter';
    const client = '7d1e2f30-4a5b-4c6d-8e9f-a0b1c2d3e4f5';
    const visit = (cookie: string, offerId: number) =>
      record(request({ cookie: `session_id=${SESSION}; ${cookie}`, referer }), response(), {
        ...OFFER,
        offerId,
      });
    await visit(`client_id=${client}`, 201);
    await visit(`cookie_consent=denied; client_id=${client}`, 202);
    await visit(`cookie_consent=granted; client_id=${client}`, 203);
    expect(
      events.records.map(({ referer: sent, client_id, consent }) => ({ sent, client_id, consent })),
    ).toEqual([
      { sent: '', client_id: '', consent: '' },
      { sent: '', client_id: '', consent: 'denied' },
      { sent: referer, client_id: client, consent: 'granted' },
    ]);
  });

  it('records once per visitor and offer within the window: the cookie set on the first answer, or the same address and user agent without it', async () => {
    const { record, events, counted } = setup();
    const first = response();
    await record(request({ 'user-agent': 'ua-1' }), first, OFFER);
    const cookie = first.cookies[0]!.split(';')[0]!;

    expect(await record(request({ cookie, 'user-agent': 'ua-1' }), response(), OFFER)).toBe('repeat');
    expect(await record(request({ 'user-agent': 'ua-1' }), response(), OFFER)).toBe('repeat');
    expect(events.records).toHaveLength(1);
    expect(await counted('repeat')).toBe(2);

    // Another offer, another browser at the same address, another address: other clicks.
    expect(await record(request({ cookie }), response(), { ...OFFER, offerId: 102 })).toBe('stored');
    expect(await record(request({ 'user-agent': 'ua-2' }), response(), OFFER)).toBe('stored');
    expect(await record(request({ 'user-agent': 'ua-1' }, '198.51.100.8'), response(), OFFER)).toBe('stored');
    expect(events.records).toHaveLength(4);
  });

  it('logs a refused click as an error with the reason, never as recorded, counts it, and gives its window back', async () => {
    const { record, events, counted, lines } = setup();
    events.state.next = { outcome: 'refused', reason: 'session_id is not a UUID v4' };
    const res = response();
    expect(await record(request({ 'user-agent': 'ua-1' }), res, OFFER)).toBe('refused');
    expect(await counted('refused')).toBe(1);
    expect(lines.at(-1)).toMatchObject({
      level: 'error',
      message: 'offer click not recorded',
      fields: { outcome: 'refused', recorded: false, reason: 'session_id is not a UUID v4' },
    });
    expect(lines.some((line) => line.fields['recorded'] === true)).toBe(false);

    // The window stayed open: the next click of the same visitor is recorded.
    events.state.next = { outcome: 'stored' };
    const cookie = res.cookies[0]!.split(';')[0]!;
    expect(await record(request({ cookie, 'user-agent': 'ua-1' }), response(), OFFER)).toBe('stored');
    expect(events.records).toHaveLength(2);
  });

  it('counts a queued click (the events service did not answer in time) and keeps its window spent', async () => {
    const { record, events, counted, lines } = setup();
    events.state.next = { outcome: 'queued', cause: 'DEADLINE_EXCEEDED' };
    expect(await record(request({ 'user-agent': 'ua-1' }), response(), OFFER)).toBe('queued');
    expect(await counted('queued')).toBe(1);
    expect(lines.at(-1)).toMatchObject({ level: 'warn', fields: { outcome: 'queued', recorded: false } });
    expect(await record(request({ 'user-agent': 'ua-1' }), response(), OFFER)).toBe('repeat');
  });
});
