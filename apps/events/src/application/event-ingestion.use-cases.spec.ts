import { type eventsV1 } from '@lib/contracts';
import { strictMock } from '@lib/testing';
import { type ValidTrackingEvent } from '../domain/tracking-event';
import { type TrackingEventsRepository } from '../persistence/tracking-events.repository';
import { EventIngestionUseCases } from './event-ingestion.use-cases';

const NOW = new Date('2026-11-20T10:00:00.000Z');
const ID = (n: number) => `9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f${n}`;

const event = (overrides: Partial<eventsV1.TrackingEvent> = {}): eventsV1.TrackingEvent => ({
  eventId: 5,
  providerId: '',
  sub1: '',
  sub3: '',
  sub4: '',
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
  ...overrides,
});

/** A repository that stores what it is given, except ingest ids it already holds. */
const repository = (alreadyStored: string[] = []) => {
  const insertBatch = jest.fn((events: readonly ValidTrackingEvent[]) =>
    Promise.resolve(new Set(events.map((e) => e.ingestId).filter((id) => !alreadyStored.includes(id)))),
  );
  return { insertBatch, events: strictMock<TrackingEventsRepository>('trackingEvents', { insertBatch }) };
};

describe('EventIngestionUseCases.ingest', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'queueMicrotask'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('stores the valid events once each and answers one verdict per event in batch order', async () => {
    const { insertBatch, events } = repository();
    const ingestion = new EventIngestionUseCases(events, () => ID(9));

    const answer = await ingestion.ingest([event(), event({ sessionId: 'not-a-uuid', ingestId: ID(2) }), event({ ingestId: ID(3) }), event()]);

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
  });

  it('answers an event whose ingest id is already stored as an accepted duplicate', async () => {
    const { events } = repository([ID(1)]);
    const ingestion = new EventIngestionUseCases(events, () => ID(9));

    await expect(ingestion.ingest([event()])).resolves.toEqual({
      accepted: 1,
      rejected: 0,
      results: [{ index: 0, accepted: true, reason: '', duplicate: true }],
    });
  });

  it('gives each event sent without an ingest id a new one', async () => {
    const { insertBatch, events } = repository();
    const ids = [ID(7), ID(8)];
    const ingestion = new EventIngestionUseCases(events, () => ids.shift()!);

    const answer = await ingestion.ingest([event({ ingestId: '' }), event({ ingestId: '' })]);

    expect(answer.results.map((r) => r.duplicate)).toEqual([false, false]);
    expect(insertBatch.mock.calls[0]![0].map((e) => e.ingestId)).toEqual([ID(7), ID(8)]);
  });

  it('rejects every event of a batch with nothing valid, storing nothing', async () => {
    const { insertBatch, events } = repository();
    const ingestion = new EventIngestionUseCases(events, () => ID(9));

    const answer = await ingestion.ingest([event({ eventId: 0 })]);

    expect(answer).toMatchObject({ accepted: 0, rejected: 1 });
    expect(insertBatch).toHaveBeenCalledWith([]);
  });
});
