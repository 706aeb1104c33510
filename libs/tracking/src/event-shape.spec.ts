import {
  browserEventBodySchema,
  rawTrackingRecordSchema,
  toRawTrackingRecord,
  TRACKING_LIMITS,
} from './event-shape';

describe('browserEventBodySchema', () => {
  it('takes one event or a batch, and keeps a numeric sub-field as its text', () => {
    expect(browserEventBodySchema.parse({ event_id: 5, sub4: 'pageView' })).toEqual([
      { event_id: 5, sub4: 'pageView' },
    ]);
    expect(browserEventBodySchema.parse([{ event_id: 40, sub8: 3 }, { event_id: 27 }])).toEqual([
      { event_id: 40, sub8: '3' },
      { event_id: 27 },
    ]);
  });

  it.each([
    [[], 'must contain at least one event'],
    [
      Array.from({ length: TRACKING_LIMITS.batch + 1 }, () => ({ event_id: 5 })),
      `must contain at most ${TRACKING_LIMITS.batch} events`,
    ],
  ])('refuses a batch of the wrong size', (body, message) => {
    const result = browserEventBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain(message);
  });

  it.each([
    [{ event_id: '5' }, 'event_id'],
    [{ event_id: 5, sub4: 'x'.repeat(TRACKING_LIMITS.text + 1) }, 'sub4'],
    [{ event_id: 5, referer: 'x'.repeat(TRACKING_LIMITS.url + 1) }, 'referer'],
    [{ event_id: 5, sub8: -1 }, 'sub8'],
    [{ event_id: 5, subb4: 'pageView' }, 'subb4'],
  ])('refuses %p, naming the field', (event, field) => {
    const result = browserEventBodySchema.safeParse(event);
    expect(result.success).toBe(false);
    expect(result.error?.issues.some((i) => JSON.stringify(i).includes(field))).toBe(true);
  });
});

describe('toRawTrackingRecord', () => {
  it('fills every field of the raw record, with the gateway’s ids, time and user agent', () => {
    const record = toRawTrackingRecord(
      { event_id: 5, sub4: 'pageView', page_path: '/', utm_source: 'google' },
      {
        sessionId: '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c',
        clientId: '',
        receivedAt: new Date('2026-11-20T10:00:00Z'),
        userAgent: 'u'.repeat(600),
        ipHash: 'h',
        ingestId: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5',
        consent: 'denied',
      },
    );
    expect(record).toMatchObject({
      event_id: 5,
      sub4: 'pageView',
      sub1: '',
      page_path: '/',
      received_at: '2026-11-20T10:00:00.000Z',
      consent: 'denied',
      client_id: '',
    });
    expect(record.user_agent).toHaveLength(TRACKING_LIMITS.userAgent);
    expect(rawTrackingRecordSchema.parse(JSON.parse(JSON.stringify(record)))).toEqual(record);
  });
});
