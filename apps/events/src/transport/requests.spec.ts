import { eventsV1 } from '@lib/contracts';
import { parseRequest, type ServiceError } from '@lib/service-kit';
import {
  countEventsRequest,
  countPageViewsRequest,
  countSessionsBySourceRequest,
  countUniqueClientsRequest,
  getFunnelRequest,
  ingestEventsRequest,
} from './requests';

const violations = (schema: Parameters<typeof parseRequest>[0], request: unknown) => {
  try {
    parseRequest(schema, request);
  } catch (error) {
    return (error as ServiceError).extra.fieldViolations;
  }
  throw new Error('request was accepted');
};

describe('IngestEvents request', () => {
  it('refuses an empty or missing batch and one above 500 events', () => {
    const empty = [{ field: 'events', description: 'must contain at least one event' }];
    expect(violations(ingestEventsRequest, { events: [] })).toEqual(empty);
    expect(violations(ingestEventsRequest, {})).toEqual(empty);
    expect(violations(ingestEventsRequest, { events: Array.from({ length: 501 }, () => ({})) })).toEqual([
      { field: 'events', description: 'must contain at most 500 events' },
    ]);
  });

  it('passes the events on unchecked: each gets its own verdict later', () => {
    const events = [{ eventId: -1 }, { eventId: 5 }];
    expect(parseRequest(ingestEventsRequest, { events }).events).toEqual(events);
  });

  it("takes the origin 'server' only when the caller says so; absent or unspecified is the browser", () => {
    const events = [{ eventId: 5 }];
    const originOf = (origin: unknown) => parseRequest(ingestEventsRequest, { events, origin }).origin;
    expect(originOf(eventsV1.EventOrigin.SERVER)).toBe('server');
    expect(originOf(eventsV1.EventOrigin.BROWSER)).toBe('browser');
    expect(originOf(eventsV1.EventOrigin.UNSPECIFIED)).toBe('browser');
    expect(originOf(undefined)).toBe('browser');
    expect(originOf(null)).toBe('browser');
    expect(violations(ingestEventsRequest, { events, origin: 7 })).toEqual([
      { field: 'origin', description: 'must be EVENT_ORIGIN_BROWSER or EVENT_ORIGIN_SERVER' },
    ]);
  });
});

describe('CountEvents request', () => {
  it('takes a day range and an optional event id (absent or null meaning all)', () => {
    expect(parseRequest(countEventsRequest, { from: '2026-11-20', to: '2026-11-21' })).toEqual({
      from: '2026-11-20',
      to: '2026-11-21',
      eventId: undefined,
    });
    expect(
      parseRequest(countEventsRequest, { from: '2026-11-20', to: '2026-11-20', eventId: null }).eventId,
    ).toBeUndefined();
    expect(
      parseRequest(countEventsRequest, { from: '2026-11-20', to: '2026-11-21', eventId: 27 }).eventId,
    ).toBe(27);
  });

  it('names a malformed day, and only that', () => {
    expect(violations(countEventsRequest, { from: '20.11.2026', to: '2026-11-21' })).toEqual([
      { field: 'from', description: "must be a date 'YYYY-MM-DD'" },
    ]);
  });

  it.each([
    ['2026-02-30', 'a 30 February'],
    ['2025-02-29', '29 February outside a leap year'],
    ['2026-04-31', 'a 31st in a 30-day month'],
    ['2026-13-01', 'a thirteenth month'],
    ['2026-00-10', 'a month zero'],
    ['2026-11-00', 'a day zero'],
  ])('refuses %s (%s) as not a real date, and only that', (day) => {
    expect(violations(countEventsRequest, { from: day, to: '2026-12-31' })).toEqual([
      { field: 'from', description: 'is not a real date' },
    ]);
    expect(violations(countEventsRequest, { from: '2025-01-01', to: day })).toEqual([
      { field: 'to', description: 'is not a real date' },
    ]);
  });

  it('takes 29 February of a leap year', () => {
    expect(parseRequest(countEventsRequest, { from: '2024-02-29', to: '2024-02-29' }).from).toBe(
      '2024-02-29',
    );
  });

  it('names a reversed range', () => {
    expect(violations(countEventsRequest, { from: '2026-11-21', to: '2026-11-01' })).toEqual([
      { field: 'to', description: 'must not be before from' },
    ]);
  });

  it.each([
    ['2025-01-01', '2025-12-31', 365],
    ['2025-01-01', '2026-01-01', 366],
    ['2024-01-01', '2024-12-31', 366],
    ['2023-03-01', '2024-02-29', 366],
  ])('takes %s to %s (%i days, both counted)', (from, to) => {
    expect(parseRequest(countEventsRequest, { from, to })).toMatchObject({ from, to });
  });

  it.each([
    ['2025-01-01', '2026-01-02', 367],
    ['2024-01-01', '2025-01-01', 367],
    ['2020-01-01', '2026-11-20', 2516],
  ])('refuses %s to %s (%i days): at most 366', (from, to) => {
    expect(violations(countEventsRequest, { from, to })).toEqual([
      { field: 'to', description: 'range must be at most 366 days' },
    ]);
  });

  it('refuses an event id that is not a positive whole number', () => {
    expect(violations(countEventsRequest, { from: '2026-11-20', to: '2026-11-21', eventId: 0 })).toEqual([
      { field: 'eventId', description: expect.any(String) },
    ]);
  });
});

describe('report requests', () => {
  it('default a row limit of 0 or absent, and refuse one above the maximum', () => {
    expect(
      parseRequest(countPageViewsRequest, { from: '2026-11-20', to: '2026-11-21', pagePath: '', limit: 0 }),
    ).toEqual({
      from: '2026-11-20',
      to: '2026-11-21',
      pagePath: undefined,
      limit: 1_000,
    });
    expect(parseRequest(countSessionsBySourceRequest, { from: '2026-11-20', to: '2026-11-21' }).limit).toBe(
      100,
    );
    expect(
      violations(countPageViewsRequest, { from: '2026-11-20', to: '2026-11-21', limit: 10_001 }),
    ).toEqual([{ field: 'limit', description: 'must be at most 10000' }]);
    expect(
      violations(countSessionsBySourceRequest, { from: '2026-11-20', to: '2026-11-21', limit: -1 }),
    ).toEqual([{ field: 'limit', description: 'must not be negative' }]);
  });

  it('read an empty filter as no filter and keep a given one', () => {
    expect(
      parseRequest(getFunnelRequest, { from: '2026-11-20', to: '2026-11-20', utmSource: '' }).utmSource,
    ).toBeUndefined();
    expect(
      parseRequest(getFunnelRequest, { from: '2026-11-20', to: '2026-11-20', utmSource: 'google' }).utmSource,
    ).toBe('google');
    expect(
      parseRequest(countPageViewsRequest, { from: '2026-11-20', to: '2026-11-20', pagePath: '/offers/' })
        .pagePath,
    ).toBe('/offers/');
  });

  it('share the day-range rules of CountEvents', () => {
    expect(violations(countUniqueClientsRequest, { from: '2026-11-21', to: '2026-11-20' })).toEqual([
      { field: 'to', description: 'must not be before from' },
    ]);
    expect(violations(getFunnelRequest, { from: '2024-01-01', to: '2025-01-01', utmSource: '' })).toEqual([
      { field: 'to', description: 'range must be at most 366 days' },
    ]);
  });
});
