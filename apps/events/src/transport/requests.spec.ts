import { parseRequest, type ServiceError } from '@lib/service-kit';
import { countEventsRequest, ingestEventsRequest } from './requests';

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
});

describe('CountEvents request', () => {
  it('takes a day range and an optional event id (absent or null meaning all)', () => {
    expect(parseRequest(countEventsRequest, { from: '2026-11-20', to: '2026-11-21' })).toEqual({ from: '2026-11-20', to: '2026-11-21', eventId: undefined });
    expect(parseRequest(countEventsRequest, { from: '2026-11-20', to: '2026-11-20', eventId: null }).eventId).toBeUndefined();
    expect(parseRequest(countEventsRequest, { from: '2026-11-20', to: '2026-11-21', eventId: 27 }).eventId).toBe(27);
  });

  // Today the later checks also run on a bad day and add violations of their own: a known
  // date-validation problem with its own issue, so only the violations that must be there are pinned.
  it('names a malformed day and an impossible one', () => {
    expect(violations(countEventsRequest, { from: '20.11.2026', to: '2026-11-21' })).toEqual(
      expect.arrayContaining([{ field: 'from', description: "must be a date 'YYYY-MM-DD'" }]),
    );
    expect(violations(countEventsRequest, { from: '2026-13-01', to: '2026-13-02' })).toEqual(
      expect.arrayContaining([
        { field: 'from', description: 'is not a real date' },
        { field: 'to', description: 'is not a real date' },
      ]),
    );
  });

  it('names a reversed range and one longer than 366 days', () => {
    expect(violations(countEventsRequest, { from: '2026-11-21', to: '2026-11-01' })).toEqual([{ field: 'to', description: 'must not be before from' }]);
    expect(violations(countEventsRequest, { from: '2025-01-01', to: '2026-01-02' })).toEqual([{ field: 'to', description: 'range must be at most 366 days' }]);
    expect(parseRequest(countEventsRequest, { from: '2025-01-01', to: '2026-01-01' }).to).toBe('2026-01-01');
  });

  it('refuses an event id that is not a positive whole number', () => {
    expect(violations(countEventsRequest, { from: '2026-11-20', to: '2026-11-21', eventId: 0 })).toEqual([{ field: 'eventId', description: expect.any(String) }]);
  });
});
