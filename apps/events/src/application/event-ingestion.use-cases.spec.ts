import { type eventsV1 } from '@lib/contracts';
import { strictMock } from '@lib/testing';
import { type MessageBatch } from '@lib/messaging';
import { type EnrichedTrackingEvent } from '../domain/enrichment';
import { type TrackingEventsRepository } from '../persistence/tracking-events.repository';
import { type TrackingStreamPublisher } from '../persistence/tracking-stream.publisher';
import { EventIngestionUseCases } from './event-ingestion.use-cases';

const NOW = new Date('2026-11-20T10:00:00.000Z');
const ID = (n: number) => `9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f${n}`;

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
  utmSource: '',
  utmMedium: '',
  utmCampaign: '',
  utmContent: '',
  utmTerm: '',
  sessionId: '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c',
  clientId: '5f0c3b2a-8d7e-4f1a-b2c3-d4e5f6a7b8c9',
  domain: '',
  referer: '',
  receivedAt: '',
  userAgent: '',
  ipHash: '',
  ingestId: ID(1),
  pagePath: '/',
  consent: '',
  ...overrides,
});

/** A repository that stores what it is given, except ingest ids it already holds; a stream that records what it publishes. */
const repository = (alreadyStored: string[] = []) => {
  const insertBatch = jest.fn((events: readonly EnrichedTrackingEvent[], beforeCommit?: () => void) => {
    beforeCommit?.();
    return Promise.resolve(
      new Set(events.map((e) => e.ingestId).filter((id) => !alreadyStored.includes(id))),
    );
  });
  const publishClean = jest.fn((_events: readonly EnrichedTrackingEvent[]) => Promise.resolve());
  const publishDeadLetters = jest.fn((_refused: readonly { reason: string }[], _at: Date) =>
    Promise.resolve(),
  );
  return {
    insertBatch,
    publishClean,
    publishDeadLetters,
    events: strictMock<TrackingEventsRepository>('trackingEvents', { insertBatch }),
    stream: strictMock<TrackingStreamPublisher>('trackingStream', { publishClean, publishDeadLetters }),
  };
};
const clock = () => new Date();

describe('EventIngestionUseCases.ingest', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'queueMicrotask'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('stores the valid events once each and answers one verdict per event in batch order', async () => {
    const { insertBatch, publishClean, events, stream } = repository();
    const ingestion = new EventIngestionUseCases(events, stream, () => ID(9), clock);

    const answer = await ingestion.ingest([
      event(),
      event({ sessionId: 'not-a-uuid', ingestId: ID(2) }),
      event({ ingestId: ID(3) }),
      event(),
    ]);

    expect(answer).toEqual({
      accepted: 3,
      rejected: 1,
      results: [
        { index: 0, accepted: true, reason: '', duplicate: false },
        { index: 1, accepted: false, reason: 'session_id is not a UUID v4', duplicate: false },
        { index: 2, accepted: true, reason: '', duplicate: false },
        // The same ingest id again in one batch: stored once, answered as a duplicate.
        { index: 3, accepted: true, reason: '', duplicate: true },
      ],
    });
    expect(insertBatch).toHaveBeenCalledTimes(1);
    expect(insertBatch.mock.calls[0]![0].map((e) => [e.ingestId, e.receivedAt])).toEqual([
      [ID(1), NOW],
      [ID(3), NOW],
    ]);
    // Enriched on the way in, and the same events go to the clean stream (a no-op without Kafka).
    expect(insertBatch.mock.calls[0]![0][0]).toMatchObject({
      pageType: 'home',
      eventName: 'pageView',
      deviceClass: 'unknown',
    });
    expect(publishClean).toHaveBeenCalledWith(insertBatch.mock.calls[0]![0]);
  });

  it('answers an event whose ingest id is already stored as an accepted duplicate', async () => {
    const { events, stream } = repository([ID(1)]);
    const ingestion = new EventIngestionUseCases(events, stream, () => ID(9), clock);

    await expect(ingestion.ingest([event()])).resolves.toEqual({
      accepted: 1,
      rejected: 0,
      results: [{ index: 0, accepted: true, reason: '', duplicate: true }],
    });
  });

  it('gives each event sent without an ingest id a new one', async () => {
    const { insertBatch, events, stream } = repository();
    const ids = [ID(7), ID(8)];
    const ingestion = new EventIngestionUseCases(events, stream, () => ids.shift()!, clock);

    const answer = await ingestion.ingest([event({ ingestId: '' }), event({ ingestId: '' })]);

    expect(answer.results.map((r) => r.duplicate)).toEqual([false, false]);
    expect(insertBatch.mock.calls[0]![0].map((e) => e.ingestId)).toEqual([ID(7), ID(8)]);
  });

  it('rejects every event of a batch with nothing valid, storing nothing', async () => {
    const { insertBatch, events, stream } = repository();
    const ingestion = new EventIngestionUseCases(events, stream, () => ID(9), clock);

    const answer = await ingestion.ingest([event({ eventId: 0 })]);

    expect(answer).toMatchObject({ accepted: 0, rejected: 1 });
    expect(insertBatch).toHaveBeenCalledWith([], expect.any(Function));
  });

  it('takes server-only events only when the caller is the server; from a browser they are rejected, the rest stored', async () => {
    const { insertBatch, events, stream } = repository();
    const ingestion = new EventIngestionUseCases(events, stream, () => ID(9), clock);
    const delivered = event({
      eventId: 100,
      sub4: 'kuki',
      sub5: 'sent',
      sub6: 'answer',
      sub7: '1',
      sub8: '202',
      ingestId: ID(2),
      pagePath: '',
    });

    const fromBrowser = await ingestion.ingest([event(), delivered]);
    expect(fromBrowser.results.map((r) => [r.accepted, r.reason])).toEqual([
      [true, ''],
      [
        false,
        'event_id 100 (applicationDelivered) is recorded by the server only, never accepted from a browser',
      ],
    ]);
    expect(insertBatch.mock.calls[0]![0].map((e) => e.ingestId)).toEqual([ID(1)]);

    const fromServer = await ingestion.ingest([delivered], undefined, 'server');
    expect(fromServer).toMatchObject({ accepted: 1, rejected: 0 });
    expect(insertBatch.mock.calls[1]![0]).toEqual([
      expect.objectContaining({ ingestId: ID(2), eventId: 100, eventName: 'applicationDelivered' }),
    ]);
  });

  it('stores nothing when the caller gave up before the commit', async () => {
    const { events, stream } = repository();
    const ingestion = new EventIngestionUseCases(events, stream, () => ID(9), clock);
    const gone = {
      remainingMs: () => 0,
      expired: true,
      assertTimeLeft: () => {
        throw new Error('DEADLINE_EXCEEDED');
      },
    };

    await expect(ingestion.ingest([event()], gone)).rejects.toThrow('DEADLINE_EXCEEDED');
  });
});

const message = (offset: number, value: unknown, key = 'k') => ({
  topic: 'tracking.raw.v1',
  partition: 0,
  offset: String(offset),
  key,
  value: value === null ? null : Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)),
  headers: {},
  timestamp: '0',
});
const raw = (overrides: Record<string, unknown> = {}) => ({
  event_id: 5,
  sub4: 'pageView',
  session_id: '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c',
  client_id: '',
  received_at: '2026-11-20T10:00:00.000Z',
  ingest_id: ID(1),
  page_path: '/',
  ...overrides,
});

describe('EventIngestionUseCases.processRawBatch', () => {
  it('stores the valid records once, publishes them clean and sends the rest to the DLQ with the reason', async () => {
    const { insertBatch, publishClean, publishDeadLetters, events, stream } = repository([ID(3)]);
    const ingestion = new EventIngestionUseCases(
      events,
      stream,
      () => ID(9),
      () => NOW,
    );
    const batch: MessageBatch = {
      topic: 'tracking.raw.v1',
      partition: 0,
      messages: [
        message(10, raw()),
        message(11, 'not json'),
        message(12, raw({ session_id: 'nope', ingest_id: ID(2) })),
        message(13, raw({ ingest_id: ID(3) })), // stored before
        message(14, raw()), // repeated in the batch
      ],
    };

    await expect(ingestion.processRawBatch(batch)).resolves.toEqual({
      stored: 1,
      duplicates: 2,
      deadLetters: 2,
    });
    expect(insertBatch.mock.calls[0]![0].map((e) => e.ingestId)).toEqual([ID(1), ID(3)]);
    expect(publishClean.mock.calls[0]![0].map((e) => e.ingestId)).toEqual([ID(1), ID(3)]);
    expect(publishDeadLetters).toHaveBeenCalledWith(
      [
        { source: expect.objectContaining({ offset: '11' }), reason: 'value is not JSON' },
        { source: expect.objectContaining({ offset: '12' }), reason: 'session_id is not a UUID v4' },
      ],
      NOW,
    );
  });

  it('refuses a server-only event read from tracking.raw.v1 to the DLQ: only browsers write that topic', async () => {
    const { insertBatch, publishDeadLetters, events, stream } = repository();
    const ingestion = new EventIngestionUseCases(
      events,
      stream,
      () => ID(9),
      () => NOW,
    );
    const forged = raw({
      event_id: 101,
      sub4: 'vivus',
      sub5: 'accepted',
      sub6: 'callback',
      sub7: '1',
      ingest_id: ID(4),
    });

    await expect(
      ingestion.processRawBatch({ topic: 'tracking.raw.v1', partition: 0, messages: [message(20, forged)] }),
    ).resolves.toEqual({ stored: 0, duplicates: 0, deadLetters: 1 });
    expect(insertBatch).toHaveBeenCalledWith([], expect.any(Function));
    expect(publishDeadLetters).toHaveBeenCalledWith(
      [
        {
          source: expect.objectContaining({ offset: '20' }),
          reason:
            'event_id 101 (applicationAccepted) is recorded by the server only, never accepted from a browser',
        },
      ],
      NOW,
    );
  });

  it('gives a record without an ingest id the same id on every delivery', async () => {
    const { insertBatch, events, stream } = repository();
    const ingestion = new EventIngestionUseCases(
      events,
      stream,
      () => 'random-not-used',
      () => NOW,
    );
    const batch: MessageBatch = {
      topic: 'tracking.raw.v1',
      partition: 0,
      messages: [message(7, raw({ ingest_id: undefined }))],
    };

    await ingestion.processRawBatch(batch);
    await ingestion.processRawBatch(batch);
    const [first, second] = insertBatch.mock.calls.map((call) => call[0][0]!.ingestId);
    expect(first).toBe(second);
    expect(first).not.toBe('random-not-used');
  });

  it('fails the batch (to be retried, not committed) when the sink fails, before anything goes to the DLQ', async () => {
    const { events, stream, publishDeadLetters, insertBatch } = repository();
    insertBatch.mockRejectedValueOnce(new Error('connection refused'));
    const ingestion = new EventIngestionUseCases(
      events,
      stream,
      () => ID(9),
      () => NOW,
    );

    await expect(
      ingestion.processRawBatch({
        topic: 'tracking.raw.v1',
        partition: 0,
        messages: [message(1, raw()), message(2, 'x')],
      }),
    ).rejects.toThrow('connection refused');
    expect(publishDeadLetters).not.toHaveBeenCalled();
  });

  it('sends a record PostgreSQL refuses for its content to the DLQ instead of retrying it for ever', async () => {
    const { events, stream, insertBatch, publishClean, publishDeadLetters } = repository();
    const refusal = Object.assign(new Error('invalid byte sequence for encoding "UTF8"'), { code: '22021' });
    insertBatch.mockImplementation((batch: readonly EnrichedTrackingEvent[]) =>
      batch.some((e) => e.ingestId === ID(2))
        ? Promise.reject(refusal)
        : Promise.resolve(new Set(batch.map((e) => e.ingestId))),
    );
    const ingestion = new EventIngestionUseCases(
      events,
      stream,
      () => ID(9),
      () => NOW,
    );

    await expect(
      ingestion.processRawBatch({
        topic: 'tracking.raw.v1',
        partition: 0,
        messages: [message(1, raw()), message(2, raw({ ingest_id: ID(2) }))],
      }),
    ).resolves.toEqual({ stored: 1, duplicates: 0, deadLetters: 1 });
    expect(publishClean.mock.calls.at(-1)![0].map((e) => e.ingestId)).toEqual([ID(1)]);
    expect(publishDeadLetters).toHaveBeenCalledWith(
      [
        {
          source: expect.objectContaining({ offset: '2' }),
          reason: 'refused by the database: invalid byte sequence for encoding "UTF8"',
        },
      ],
      NOW,
    );
  });

  it('retries (rejects) when PostgreSQL is unreachable, whatever the records', async () => {
    const { events, stream, insertBatch } = repository();
    insertBatch.mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    const ingestion = new EventIngestionUseCases(
      events,
      stream,
      () => ID(9),
      () => NOW,
    );
    await expect(
      ingestion.processRawBatch({ topic: 'tracking.raw.v1', partition: 0, messages: [message(1, raw())] }),
    ).rejects.toThrow('ECONNREFUSED');
    expect(insertBatch).toHaveBeenCalledTimes(1);
  });
});
