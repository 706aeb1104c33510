import { LEAD_ANSWER_VERSION } from '@lib/partner-delivery';
import { normalizeUuid } from '@lib/pl-validation';
import { checkEventFields, EVENT, eventDefinition } from '@lib/tracking';
import { judgeAttempt, type AttemptVerdict } from './delivery-outcome';
import {
  attemptEvents,
  consentWithdrawnEvent,
  decisionEvents,
  type DeliveryFacts,
  erasureEvent,
  type StreamEventDraft,
  subjectKey,
  toTrackingEvent,
  withdrawalEvent,
} from './stream-events';

const APPLICATION = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
const DELIVERY = '0a9b8c7d-6e5f-4a3b-9c1d-2e3f4a5b6c7d';
const delivery: DeliveryFacts = { applicationId: APPLICATION, lenderSlug: 'vivus', attempts: 2 };
const answered = (status: number, body: unknown) =>
  judgeAttempt(DELIVERY, 2, { kind: 'answered', status, body: JSON.stringify(body) }, () => 0);
const answer = (decision: string) => ({ version: LEAD_ANSWER_VERSION, deliveryId: DELIVERY, decision });

/** Name and sub-fields of each draft: what an analyst reads. */
const read = (drafts: readonly StreamEventDraft[]) =>
  drafts.map((d) => ({ name: eventDefinition(d.eventId)?.name, subject: d.subject, ...d.subs }));

/** Every draft keeps the catalogue's rules as the events service checks them from the server. */
const expectValid = (drafts: readonly StreamEventDraft[]) => {
  for (const draft of drafts) expect(checkEventFields(draft.eventId, draft.subs, 'server')).toBeUndefined();
};

describe('stream events of a recorded attempt', () => {
  it.each([
    ['accepted', 200],
    ['rejected', 200],
  ] as const)(
    'reports a decision in the answer (%s) as delivered, then decided, both learnt from the answer',
    (decision, status) => {
      const verdict = answered(status, answer(decision));
      expect(verdict.state).toBe(decision);
      const drafts = attemptEvents(delivery, verdict);
      const subject = { kind: 'application', id: APPLICATION };
      expect(read(drafts)).toEqual([
        {
          name: 'applicationDelivered',
          subject,
          sub4: 'vivus',
          sub5: decision,
          sub6: 'answer',
          sub7: '2',
          sub8: '200',
        },
        {
          name: decision === 'accepted' ? 'applicationAccepted' : 'applicationRejected',
          subject,
          sub4: 'vivus',
          sub5: decision,
          sub6: 'answer',
          sub7: '2',
          sub8: '200',
        },
      ]);
      expectValid(drafts);
    },
  );

  it('reports a receipt (pending) as delivered and nothing more', () => {
    const drafts = attemptEvents(delivery, answered(202, answer('pending')));
    expect(read(drafts)).toEqual([
      expect.objectContaining({ name: 'applicationDelivered', sub5: 'sent', sub6: 'answer', sub8: '202' }),
    ]);
    expectValid(drafts);
  });

  it('reports nothing for an attempt to be retried: the delivery is still on its way', () => {
    expect(attemptEvents(delivery, answered(503, 'busy'))).toEqual([]);
    expect(
      attemptEvents(
        delivery,
        judgeAttempt(DELIVERY, 1, { kind: 'timeout' }, () => 0),
      ),
    ).toEqual([]);
  });

  it('reports a delivery given up with its cause: refused (4xx), unanswered (retries spent), not sent', () => {
    const refused = answered(422, 'bad request');
    const unanswered = judgeAttempt(DELIVERY, 12, { kind: 'timeout' }, () => 0);
    const notSent: AttemptVerdict = {
      state: 'failed',
      httpStatus: null,
      reason: null,
      detail: 'the delivery consent is not in force; not sent',
      cause: 'notSent',
    };
    const drafts = [refused, unanswered, notSent].flatMap((verdict) => attemptEvents(delivery, verdict));
    expect(read(drafts)).toEqual([
      expect.objectContaining({
        name: 'applicationDeliveryFailed',
        sub5: 'failed',
        sub6: 'refused',
        sub8: '422',
      }),
      expect.objectContaining({ name: 'applicationDeliveryFailed', sub6: 'unanswered' }),
      expect.objectContaining({ name: 'applicationDeliveryFailed', sub6: 'notSent' }),
    ]);
    expect(drafts[1]!.subs.sub8).toBeUndefined();
    expectValid(drafts);
  });
});

describe("stream events of a lender's later decision", () => {
  it('reports a decision on a delivery the lender had confirmed receiving as the decision alone', () => {
    const drafts = decisionEvents(delivery, 'sent', 'accepted');
    expect(read(drafts)).toEqual([
      {
        name: 'applicationAccepted',
        subject: { kind: 'application', id: APPLICATION },
        sub4: 'vivus',
        sub5: 'accepted',
        sub6: 'callback',
        sub7: '2',
      },
    ]);
    expectValid(drafts);
  });

  it.each(['queued', 'failed'] as const)(
    'reports a decision on a delivery whose answer was lost (%s) as delivered too, so it is delivered once',
    (before) => {
      const drafts = decisionEvents(delivery, before, 'rejected');
      expect(read(drafts).map((d) => [d.name, d.sub5, d.sub6])).toEqual([
        ['applicationDelivered', 'rejected', 'callback'],
        ['applicationRejected', 'rejected', 'callback'],
      ]);
      expectValid(drafts);
    },
  );
});

describe('stream events of withdrawals and erasure', () => {
  it('reports a stopped delivery with why, an attempt count of 0 when none was made', () => {
    const drafts = [
      withdrawalEvent({ ...delivery, attempts: 0 }, 'consentWithdrawn'),
      withdrawalEvent(delivery, 'erased'),
    ];
    expect(read(drafts).map((d) => [d.name, d.sub5, d.sub6, d.sub7])).toEqual([
      ['applicationDeliveryWithdrawn', 'withdrawn', 'consentWithdrawn', '0'],
      ['applicationDeliveryWithdrawn', 'withdrawn', 'erased', '2'],
    ]);
    expectValid(drafts);
  });

  it('reports a withdrawn consent by its key and where it was withdrawn', () => {
    const draft = consentWithdrawnEvent(APPLICATION, 'marketingEmail', 'unsubscribe');
    expect(read([draft])).toEqual([
      {
        name: 'consentWithdrawn',
        subject: { kind: 'application', id: APPLICATION },
        sub4: 'marketingEmail',
        sub5: 'unsubscribe',
      },
    ]);
    expectValid([draft]);
  });

  it('reports an erasure by its counts only, about the request (not a person)', () => {
    const request = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
    const draft = erasureEvent(request, {
      applications: 2,
      drafts: 1,
      contactRecords: 3,
      deliveriesStopped: 4,
    });
    expect(read([draft])).toEqual([
      {
        name: 'personalDataErased',
        subject: { kind: 'erasure', id: request },
        sub4: '2',
        sub5: '1',
        sub6: '3',
        sub7: '4',
      },
    ]);
    expectValid([draft]);
  });
});

describe('subject keys', () => {
  const key = Buffer.alloc(32, 7);

  it('are UUID v4 (the stream session id must be one), stable per subject, and differ by key, kind and id', () => {
    const application = { kind: 'application' as const, id: APPLICATION };
    const first = subjectKey(key, application);
    expect(normalizeUuid(first)).toBe(first);
    expect(subjectKey(key, application)).toBe(first);
    expect(subjectKey(Buffer.alloc(32, 8), application)).not.toBe(first);
    expect(subjectKey(key, { kind: 'erasure', id: APPLICATION })).not.toBe(first);
    expect(subjectKey(key, { kind: 'application', id: DELIVERY })).not.toBe(first);
    // The application's own id, which lenders receive, never appears.
    expect(first).not.toBe(APPLICATION);
  });
});

describe('the IngestEvents form of a recorded event', () => {
  it('carries the subject key as session id, the sub-fields and the traffic source, and nothing of a visitor', () => {
    const occurredAt = new Date('2026-11-20T10:00:00.000Z');
    const ingestId = '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f';
    const sessionId = subjectKey(Buffer.alloc(32, 7), { kind: 'application', id: APPLICATION });
    expect(
      toTrackingEvent({
        ingestId,
        eventId: EVENT.applicationAccepted,
        subjectKey: sessionId,
        subs: { sub4: 'vivus', sub5: 'accepted', sub6: 'callback', sub7: '1' },
        source: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'wiosna' },
        occurredAt,
      }),
    ).toEqual({
      eventId: 101,
      providerId: '',
      sub1: '',
      sub3: '',
      sub4: 'vivus',
      sub5: 'accepted',
      sub6: 'callback',
      sub7: '1',
      sub8: '',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'wiosna',
      utmContent: '',
      utmTerm: '',
      sessionId,
      clientId: '',
      domain: '',
      referer: '',
      receivedAt: '2026-11-20T10:00:00.000Z',
      userAgent: '',
      ipHash: '',
      ingestId,
      pagePath: '',
      consent: '',
    });
  });
});
