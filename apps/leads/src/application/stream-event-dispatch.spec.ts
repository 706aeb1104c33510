import { eventsV1 } from '@lib/contracts';
import { silentLogger, strictMock } from '@lib/testing';
import { type PeerServices } from '../persistence/peer-services';
import { type StreamEventEntity } from '../persistence/stream-event.entity';
import { type StreamEventsRepository } from '../persistence/stream-events.repository';
import {
  KEEP_PUBLISHED_MS,
  MAX_REFUSED_ATTEMPTS,
  STREAM_EVENT_BATCH,
  StreamEventDispatch,
} from './stream-event-dispatch';

const NOW = new Date('2026-11-20T10:00:00.000Z');
const now = () => NOW;
const SUBJECT = '7d6c5b4a-3e2f-4a1b-9c8d-7e6f5a4b3c2d';

const row = (id: number, attempts = 1): StreamEventEntity => ({
  id: String(id),
  ingestId: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  eventId: 101,
  subjectKey: SUBJECT,
  subs: { sub4: 'vivus', sub5: 'accepted', sub6: 'answer', sub7: '1', sub8: '200' },
  source: { utmSource: 'google', utmMedium: '', utmCampaign: '' },
  occurredAt: new Date('2026-11-20T09:59:00.000Z'),
  state: 'queued',
  attempts,
  nextAttemptAt: NOW,
  lastError: null,
  createdAt: NOW,
  publishedAt: null,
});

const verdict = (index: number, accepted: boolean, reason = '', duplicate = false) => ({
  index,
  accepted,
  reason,
  duplicate,
});

/** An outbox that hands out `batches` one claim at a time and records what it is told. */
function outboxOf(...batches: StreamEventEntity[][]) {
  const claimDue = jest.fn(() => Promise.resolve(batches.shift() ?? []));
  const markPublished = jest.fn((_ids: readonly string[], _at: Date) => Promise.resolve());
  const markRetry = jest.fn((_retries: readonly { id: string; at: Date; error: string }[]) =>
    Promise.resolve(),
  );
  const markRefused = jest.fn((_id: string, _reason: string) => Promise.resolve());
  const deletePublishedBefore = jest.fn((_before: Date, _limit: number) => Promise.resolve(0));
  return {
    claimDue,
    markPublished,
    markRetry,
    markRefused,
    deletePublishedBefore,
    outbox: strictMock<StreamEventsRepository>('streamEvents', {
      claimDue,
      markPublished,
      markRetry,
      markRefused,
      deletePublishedBefore,
    }),
  };
}

const peersWith = (ingestEvents: jest.Mock) => ({ events: { ingestEvents } }) as unknown as PeerServices;

describe('StreamEventDispatch.publishDue', () => {
  it('sends the due events as the server origin and marks published what the events service stored, duplicates included', async () => {
    const { outbox, markPublished, markRetry, deletePublishedBefore } = outboxOf([row(1), row(2)]);
    const ingestEvents = jest.fn().mockResolvedValue({
      accepted: 2,
      rejected: 0,
      results: [verdict(0, true), verdict(1, true, '', true)],
    });
    const dispatch = new StreamEventDispatch(outbox, peersWith(ingestEvents), silentLogger());

    await expect(dispatch.publishDue(now)).resolves.toEqual({ published: 2, retried: 0, refused: 0 });

    expect(ingestEvents).toHaveBeenCalledTimes(1);
    const [request] = ingestEvents.mock.calls[0] as [eventsV1.IngestEventsRequest];
    expect(request.origin).toBe(eventsV1.EventOrigin.SERVER);
    expect(request.events.map((e) => [e.ingestId, e.eventId, e.sessionId, e.receivedAt])).toEqual([
      [row(1).ingestId, 101, SUBJECT, '2026-11-20T09:59:00.000Z'],
      [row(2).ingestId, 101, SUBJECT, '2026-11-20T09:59:00.000Z'],
    ]);
    expect(markPublished).toHaveBeenCalledWith(['1', '2'], NOW);
    expect(markRetry).toHaveBeenCalledWith([]);
    expect(deletePublishedBefore).toHaveBeenCalledWith(new Date(NOW.getTime() - KEEP_PUBLISHED_MS), 1_000);
  });

  it('keeps taking batches while they come full', async () => {
    const full = Array.from({ length: STREAM_EVENT_BATCH }, (_, i) => row(i + 1));
    const { outbox, claimDue, markPublished } = outboxOf(full, [row(1_000)]);
    const ingestEvents = jest.fn((request: eventsV1.IngestEventsRequest) =>
      Promise.resolve({
        accepted: request.events.length,
        rejected: 0,
        results: request.events.map((_, index) => verdict(index, true)),
      }),
    );
    const dispatch = new StreamEventDispatch(outbox, peersWith(ingestEvents), silentLogger());

    await expect(dispatch.publishDue(now)).resolves.toMatchObject({ published: STREAM_EVENT_BATCH + 1 });
    expect(claimDue).toHaveBeenCalledTimes(2);
    expect(markPublished.mock.calls.map(([ids]) => ids.length)).toEqual([STREAM_EVENT_BATCH, 1]);
  });

  it('puts the whole batch back with a backoff when the events service does not answer, and tries no more this pass', async () => {
    const full = Array.from({ length: STREAM_EVENT_BATCH }, (_, i) => row(i + 1, 3));
    const { outbox, claimDue, markPublished, markRetry } = outboxOf(full, [row(1_000)]);
    const ingestEvents = jest
      .fn()
      .mockRejectedValue(new Error('14 UNAVAILABLE: connect ECONNREFUSED 127.0.0.1:50055'));
    const dispatch = new StreamEventDispatch(outbox, peersWith(ingestEvents), silentLogger());

    await expect(dispatch.publishDue(now)).resolves.toEqual({
      published: 0,
      retried: STREAM_EVENT_BATCH,
      refused: 0,
    });
    expect(claimDue).toHaveBeenCalledTimes(1);
    expect(markPublished).not.toHaveBeenCalled();
    const [retries] = markRetry.mock.calls[0]!;
    expect(retries).toHaveLength(STREAM_EVENT_BATCH);
    for (const retry of retries) {
      // The third try waits at most 2 s doubled twice (full jitter: anywhere up to that).
      expect(retry.at.getTime() - NOW.getTime()).toBeLessThanOrEqual(8_000);
      expect(retry.error).toMatch(/^IngestEvents failed: /);
    }
  });

  it('tries a refused event again until its last try, then sets it aside with the reason; one without a verdict is tried again', async () => {
    const { outbox, markPublished, markRetry, markRefused } = outboxOf([
      row(1, 1),
      row(2, MAX_REFUSED_ATTEMPTS),
      row(3, MAX_REFUSED_ATTEMPTS),
      row(4, 1),
    ]);
    const reason = 'event_id 101 is not in the event catalogue';
    const ingestEvents = jest.fn().mockResolvedValue({
      accepted: 1,
      rejected: 2,
      results: [verdict(0, false, reason), verdict(1, false, reason), verdict(3, true)],
    });
    const dispatch = new StreamEventDispatch(outbox, peersWith(ingestEvents), silentLogger());

    await expect(dispatch.publishDue(now)).resolves.toEqual({ published: 1, retried: 2, refused: 1 });
    expect(markPublished).toHaveBeenCalledWith(['4'], NOW);
    expect(markRefused).toHaveBeenCalledWith('2', reason);
    expect(markRetry.mock.calls[0]![0].map((r) => [r.id, r.error])).toEqual([
      ['1', reason],
      ['3', 'no verdict in the IngestEvents answer'],
    ]);
  });
});
