import { type eventsV1 } from '@lib/contracts';
import { LIMITS, validateTrackingEvent } from './tracking-event';

const SESSION = '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c';
const CLIENT = '5f0c3b2a-8d7e-4f1a-b2c3-d4e5f6a7b8c9';
const NOW = new Date('2026-11-20T10:00:00.000Z');
const noNewId = () => {
  throw new Error('no ingest id should be generated');
};

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
  utmMedium: '',
  utmCampaign: '',
  utmContent: '',
  utmTerm: '',
  sessionId: SESSION,
  clientId: CLIENT,
  domain: 'localhost',
  referer: '',
  receivedAt: '',
  userAgent: 'jest',
  ipHash: '',
  ingestId: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5',
  pagePath: '/kredyt-gotowkowy/',
  consent: 'granted',
  ...overrides,
});

const reason = (input: eventsV1.TrackingEvent) => {
  const verdict = validateTrackingEvent(input, NOW, noNewId);
  return verdict.ok ? 'accepted' : verdict.reason;
};

describe('validateTrackingEvent', () => {
  it('accepts a good event: empty texts become null, ids canonical, the time is now when not sent', () => {
    const verdict = validateTrackingEvent(
      event({ clientId: CLIENT.replace(/-/g, '').toUpperCase() }),
      NOW,
      noNewId,
    );
    expect(verdict).toEqual({
      ok: true,
      event: expect.objectContaining({
        eventId: 5,
        sessionId: SESSION,
        clientId: CLIENT,
        sub1: null,
        sub4: 'pageView',
        utmSource: 'google',
        utmMedium: null,
        domain: 'localhost',
        referer: null,
        userAgent: 'jest',
        ipHash: null,
        pagePath: '/kredyt-gotowkowy/',
        consent: 'granted',
        ingestId: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5',
        receivedAt: NOW,
      }),
    });
  });

  it('takes the sender’s time when it is RFC 3339, and refuses one that is not', () => {
    const verdict = validateTrackingEvent(event({ receivedAt: '2026-11-20T23:30:00.000Z' }), NOW, noNewId);
    expect(verdict.ok && verdict.event.receivedAt).toEqual(new Date('2026-11-20T23:30:00.000Z'));
    expect(reason(event({ receivedAt: 'wczoraj' }))).toBe('received_at is not an RFC 3339 timestamp');
  });

  it.each([
    ['2026-11-20T23:30:00Z', '2026-11-20T23:30:00.000Z'],
    ['2026-11-21T00:30:00+01:00', '2026-11-20T23:30:00.000Z'],
    ['2026-11-20T23:30:00.123456Z', '2026-11-20T23:30:00.123Z'],
  ])('reads %s with its zone', (sent, stored) => {
    const verdict = validateTrackingEvent(event({ receivedAt: sent }), NOW, noNewId);
    expect(verdict.ok && verdict.event.receivedAt.toISOString()).toBe(stored);
  });

  it.each([
    ['1', 'a bare number (Date reads it as 2001-01-01)'],
    ['March 5', 'words (Date reads them as a day of 2001)'],
    ['2026-11-20', 'a day without a time'],
    ['2026-11-20T23:30:00', 'a time without a zone'],
    ['2026-11-20 23:30:00Z', 'a space instead of T'],
    ['2026-02-30T10:00:00Z', 'a day that does not exist'],
    ['2026-11-20T24:00:00Z', 'hour 24'],
  ])('refuses %p (%s)', (sent) => {
    expect(reason(event({ receivedAt: sent }))).toBe('received_at is not an RFC 3339 timestamp');
  });

  it('gives an event sent without an ingest id a new one from the caller’s generator', () => {
    const verdict = validateTrackingEvent(event({ ingestId: '' }), NOW, () => 'generated-id');
    expect(verdict.ok && verdict.event.ingestId).toBe('generated-id');
  });

  it.each([
    [{ eventId: 0 }, 'event_id must be a positive integer'],
    [{ eventId: 1.5 }, 'event_id must be a positive integer'],
    [{ eventId: 6 }, 'event_id 6 is not in the event catalogue'],
    [{ sub4: '' }, "sub4 must be 'pageView' for event 5 (pageView)"],
    [
      { eventId: 41, sub4: 'contact', sub8: 'x' },
      'sub8 must be a non-negative integer for event 41 (fieldFilled)',
    ],
    [{ pagePath: '/'.repeat(LIMITS.pagePath + 1) }, `page_path is longer than ${LIMITS.pagePath} characters`],
    [{ consent: 'yes' }, "consent must be 'granted', 'denied' or empty"],
    [{ sub5: 'a\u0000b' }, 'sub5 contains a NUL character'],
    [{ referer: 'https://x.pl/\ud800' }, 'referer is not valid Unicode'],
    [{ userAgent: 'Mozilla\u0000' }, 'user_agent contains a NUL character'],
    [{ receivedAt: '2026-11-21T10:00:00.001Z' }, 'received_at is more than a day in the future'],
    [{ sessionId: 'not-a-uuid' }, 'session_id is not a UUID v4'],
    [{ clientId: '3f1c2a9e-5b7d-1c1a-9e2f-0a1b2c3d4e5f' }, 'client_id is not a UUID v4'],
    [{ utmCampaign: 'x'.repeat(LIMITS.text + 1) }, `utm_campaign is longer than ${LIMITS.text} characters`],
    [{ referer: 'x'.repeat(LIMITS.referer + 1) }, `referer is longer than ${LIMITS.referer} characters`],
    [{ ipHash: 'x'.repeat(LIMITS.ipHash + 1) }, 'ip_hash is too long'],
    [{ ingestId: 'abc' }, 'ingest_id is not a UUID v4'],
  ])('rejects %p with a reason', (overrides, expected) => {
    expect(reason(event(overrides))).toBe(expected);
  });

  it('accepts an event without a client id (no consent to the cookie) and stores no client id', () => {
    const verdict = validateTrackingEvent(event({ clientId: '', consent: '' }), NOW, noNewId);
    expect(verdict.ok && [verdict.event.clientId, verdict.event.consent]).toEqual([null, '']);
  });

  it.each([
    // UUID v4 vectors: hyphens optional, any case; version 4 and variant 8-b required.
    ['0B7E8C1A2F4D4E6B9A1C3D5E7F9A1B2C', '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c'],
    ['0b7e8c1a-2f4d-4e6b-bA1c-3d5e7f9a1b2c', '0b7e8c1a-2f4d-4e6b-ba1c-3d5e7f9a1b2c'],
  ])('accepts the session id %p as %p', (sent, stored) => {
    const verdict = validateTrackingEvent(event({ sessionId: sent }), NOW, noNewId);
    expect(verdict.ok && verdict.event.sessionId).toBe(stored);
  });

  it.each([
    ['0b7e8c1a-2f4d-1e6b-9a1c-3d5e7f9a1b2c', 'version 1'],
    ['0b7e8c1a-2f4d-4e6b-7a1c-3d5e7f9a1b2c', 'variant 7'],
    ['0b7e8c1a2f4d-4e6b-9a1c-3d5e7f9a1b2c', 'some hyphens only'],
    ['0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2', 'one digit short'],
    ['{0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c}', 'braces'],
  ])('refuses the session id %p (%s)', (sent) => {
    expect(reason(event({ sessionId: sent }))).toBe('session_id is not a UUID v4');
  });

  it('keeps text with real surrogate pairs (emoji) and Polish letters', () => {
    const verdict = validateTrackingEvent(event({ sub5: 'zażółć 😀' }), NOW, noNewId);
    expect(verdict.ok && verdict.event.sub5).toBe('zażółć 😀');
  });

  it('cuts an overlong user agent instead of rejecting the event', () => {
    const verdict = validateTrackingEvent(
      event({ userAgent: 'u'.repeat(LIMITS.userAgent + 10) }),
      NOW,
      noNewId,
    );
    expect(verdict.ok && verdict.event.userAgent).toHaveLength(LIMITS.userAgent);
  });

  it('refuses a server-only event from the browser origin (the default) and takes it from the server', () => {
    const accepted = event({
      eventId: 101,
      sub4: 'vivus',
      sub5: 'accepted',
      sub6: 'callback',
      sub7: '1',
      clientId: '',
      consent: '',
      pagePath: '',
    });
    const refusal =
      'event_id 101 (applicationAccepted) is recorded by the server only, never accepted from a browser';
    expect(reason(accepted)).toBe(refusal);
    expect(validateTrackingEvent(accepted, NOW, noNewId, 'browser')).toEqual({ ok: false, reason: refusal });
    expect(validateTrackingEvent(accepted, NOW, noNewId, 'server')).toEqual({
      ok: true,
      event: expect.objectContaining({ eventId: 101, sub4: 'vivus', sub5: 'accepted', clientId: null }),
    });
  });

  it("refuses an offer click from the browser origin and takes it, with the visitor's session, from the server", () => {
    const click = event({ eventId: 50, sub4: '17', sub5: 'vivus', sub6: '2', sub7: 'offers' });
    const refusal = 'event_id 50 (offerClick) is recorded by the server only, never accepted from a browser';
    expect(reason(click)).toBe(refusal);
    expect(validateTrackingEvent(click, NOW, noNewId, 'browser')).toEqual({ ok: false, reason: refusal });
    expect(validateTrackingEvent(click, NOW, noNewId, 'server')).toEqual({
      ok: true,
      event: expect.objectContaining({ eventId: 50, sub4: '17', sessionId: SESSION, clientId: CLIENT }),
    });
  });
});
