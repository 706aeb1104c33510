import { status } from '@grpc/grpc-js';
import { GrpcCallError, type ServiceClient, eventsV1 } from '@lib/contracts';
import { type RawTrackingRecord } from '@lib/tracking';
import { createServerEventRecorder } from './server-events';

const METHOD = 'events.v1.EventsService/IngestEvents';
const record = { event_id: 50, sub4: '101', session_id: 's', ingest_id: 'ingest-1' } as RawTrackingRecord;

type Answer = eventsV1.IngestEventsResponse | GrpcCallError;

/** An events client whose IngestEvents answers `answer` and keeps each request with its deadline. */
function eventsAnswering(answer: Answer) {
  const calls: { request: eventsV1.IngestEventsRequest; deadlineMs: number | undefined }[] = [];
  const events = {
    ingestEvents: (request: eventsV1.IngestEventsRequest, options?: { deadlineMs?: number }) => {
      calls.push({ request, deadlineMs: options?.deadlineMs });
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  } as unknown as ServiceClient<'events'>;
  return { events, calls };
}

/** The retried delivery: keeps what it takes, or takes nothing when full. */
function retryBuffer(full = false) {
  const taken: RawTrackingRecord[] = [];
  return { taken, offer: (records: readonly RawTrackingRecord[]) => !full && taken.push(...records) > 0 };
}

const verdict = (accepted: boolean, duplicate = false, reason = ''): eventsV1.IngestEventsResponse => ({
  accepted: accepted ? 1 : 0,
  rejected: accepted ? 0 : 1,
  results: [{ index: 0, accepted, duplicate, reason }],
});

describe('the server events recorder', () => {
  it('stores a record with one IngestEvents call as the server origin, within its deadline', async () => {
    const { events, calls } = eventsAnswering(verdict(true));
    const retry = retryBuffer();
    const recorder = createServerEventRecorder({ events, retry, deadlineMs: 1_500 });
    expect(await recorder.record(record)).toEqual({ outcome: 'stored' });
    expect(calls).toEqual([
      {
        request: {
          events: [expect.objectContaining({ eventId: 50, sub4: '101', ingestId: 'ingest-1' })],
          origin: eventsV1.EventOrigin.SERVER,
        },
        deadlineMs: 1_500,
      },
    ]);
    expect(retry.taken).toEqual([]);
  });

  it('answers a duplicate when the ingest id was stored before', async () => {
    const { events } = eventsAnswering(verdict(true, true));
    const recorder = createServerEventRecorder({ events, retry: retryBuffer(), deadlineMs: 1_500 });
    expect(await recorder.record(record)).toEqual({ outcome: 'duplicate' });
  });

  it("answers refused with the events service's reason, or for a failure no repeat can change, and queues nothing", async () => {
    const retry = retryBuffer();
    const refused = createServerEventRecorder({
      events: eventsAnswering(verdict(false, false, 'session_id is not a UUID v4')).events,
      retry,
      deadlineMs: 1_500,
    });
    expect(await refused.record(record)).toEqual({
      outcome: 'refused',
      reason: 'session_id is not a UUID v4',
    });
    const invalid = createServerEventRecorder({
      events: eventsAnswering(
        new GrpcCallError({ code: status.INVALID_ARGUMENT, details: 'events: too many', method: METHOD }),
      ).events,
      retry,
      deadlineMs: 1_500,
    });
    expect(await invalid.record(record)).toMatchObject({
      outcome: 'refused',
      reason: expect.stringContaining('INVALID_ARGUMENT'),
    });
    expect(retry.taken).toEqual([]);
  });

  it.each([status.UNAVAILABLE, status.DEADLINE_EXCEEDED, status.RESOURCE_EXHAUSTED, status.INTERNAL])(
    'queues the same record (same ingest id) for a retry after a passing failure (code %i)',
    async (code) => {
      const retry = retryBuffer();
      const recorder = createServerEventRecorder({
        events: eventsAnswering(new GrpcCallError({ code, details: 'down', method: METHOD })).events,
        retry,
        deadlineMs: 1_500,
      });
      expect(await recorder.record(record)).toMatchObject({ outcome: 'queued' });
      expect(retry.taken).toEqual([record]);
    },
  );

  it('drops the record, saying why, when the retry buffer is full', async () => {
    const recorder = createServerEventRecorder({
      events: eventsAnswering(
        new GrpcCallError({ code: status.UNAVAILABLE, details: 'down', method: METHOD }),
      ).events,
      retry: retryBuffer(true),
      deadlineMs: 1_500,
    });
    expect(await recorder.record(record)).toMatchObject({
      outcome: 'dropped',
      reason: expect.stringContaining('the retry buffer is full'),
    });
  });
});
