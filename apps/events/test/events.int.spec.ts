import { status } from '@grpc/grpc-js';
import { type eventsV1, type GrpcCallError } from '@lib/contracts';
import { startTestService, type TestService } from '@lib/testing';
import { randomUUID } from 'node:crypto';
import { eventsService } from '../src/events.service-definition';

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
  ...overrides,
});

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
    const big = (await t.client.ingestEvents({ events: Array.from({ length: 501 }, () => event()) }).catch((e: unknown) => e)) as GrpcCallError;
    expect(big.fieldViolations).toEqual([{ field: 'events', description: 'must contain at most 500 events' }]);
    const range = (await t.client.countEvents({ from: '2026-11-21', to: '2026-11-01' }).catch((e: unknown) => e)) as GrpcCallError;
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
    await expect(t.client.countEvents({ from: '2024-01-01', to: '2024-12-31' })).resolves.toMatchObject({ total: expect.any(Number) });

    const answer = await t.client.ingestEvents({ events: [event({ receivedAt: '1' }), event({ receivedAt: 'March 5' })] });
    expect(answer.results.map((r) => [r.accepted, r.reason])).toEqual([
      [false, 'received_at is not an RFC 3339 timestamp'],
      [false, 'received_at is not an RFC 3339 timestamp'],
    ]);
  });

  it('answers UNIMPLEMENTED over the wire for an RPC listed as not built yet', async () => {
    const error = (await t.client.getFunnel({ from: '2026-11-20', to: '2026-11-21', utmSource: '' }).catch((e: unknown) => e)) as GrpcCallError;
    expect(error.code).toBe(status.UNIMPLEMENTED);
    expect(error.message).toContain('GetFunnel is not implemented yet');
  });

  it('keeps entities and migrations in agreement', async () => {
    await expect(t.pendingSchemaChanges()).resolves.toEqual([]);
  });
});
