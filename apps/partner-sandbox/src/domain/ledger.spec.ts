import { summarise, deliveriesOf } from './inspection';
import { Ledger, LedgerError } from './ledger';
import { type LedgerEvent } from './ledger-events';

const at = (second: number) => `2025-01-01T10:00:${String(second).padStart(2, '0')}.000Z`;
const delivered = (
  deliveryId: string,
  applicationId: string,
  lender: string,
  more: Partial<LedgerEvent> = {},
) =>
  ({
    type: 'delivered',
    at: at(0),
    deliveryId,
    applicationId,
    lender,
    fields: ['firstName', 'phone'],
    status: 200,
    body: `{"deliveryId":"${deliveryId}"}`,
    decision: 'accepted',
    ...more,
  }) as LedgerEvent;

const ledgerOf = (events: LedgerEvent[]) => {
  const ledger = new Ledger();
  for (const event of events) ledger.apply(event);
  return ledger;
};

describe('Ledger', () => {
  it('keeps the first answer and counts every repeat of it', () => {
    const ledger = ledgerOf([
      delivered('d1', 'a1', 'vivus'),
      { type: 'repeated', at: at(1), deliveryId: 'd1' },
      { type: 'repeated', at: at(2), deliveryId: 'd1' },
    ]);
    expect(ledger.find('d1')).toMatchObject({
      answer: { status: 200, body: '{"deliveryId":"d1"}' },
      attempts: 3,
      receivedAt: at(0),
    });
  });

  it('counts every attempt at a held delivery, which has no answer', () => {
    const held = {
      type: 'held' as const,
      deliveryId: 'd2',
      applicationId: 'a1',
      lender: 'provident',
      fields: [],
    };
    const ledger = ledgerOf([
      { ...held, at: at(0) },
      { ...held, at: at(5) },
    ]);
    expect(ledger.find('d2')).toMatchObject({
      answer: null,
      decision: 'timeout',
      attempts: 2,
      receivedAt: at(0),
    });
  });

  it('keeps a later decision pending until its callback is done', () => {
    const later = { decision: 'rejected' as const, reason: 'age-outside-limits', dueAt: at(2) };
    const ledger = ledgerOf([delivered('d3', 'a1', 'wandoo', { status: 202, decision: 'pending', later })]);
    expect(ledger.pendingCallbacks().map((e) => e.deliveryId)).toEqual(['d3']);
    ledger.apply({ type: 'callback-done', at: at(3), deliveryId: 'd3', status: 200 });
    expect(ledger.pendingCallbacks()).toEqual([]);
    expect(ledger.find('d3')?.callbackStatus).toBe(200);
  });

  it.each<[string, LedgerEvent[]]>([
    ['a delivery id delivered twice', [delivered('d1', 'a1', 'vivus'), delivered('d1', 'a1', 'vivus')]],
    ['a repeat of an unknown id', [{ type: 'repeated', at: at(0), deliveryId: 'nope' }]],
    [
      'a repeat of a held delivery',
      [
        { type: 'held', at: at(0), deliveryId: 'd', applicationId: 'a', lender: 'provident', fields: [] },
        { type: 'repeated', at: at(1), deliveryId: 'd' },
      ],
    ],
    [
      'a hold after an answer',
      [
        delivered('d', 'a', 'vivus'),
        { type: 'held', at: at(1), deliveryId: 'd', applicationId: 'a', lender: 'vivus', fields: [] },
      ],
    ],
    [
      'a callback for a delivery decided at once',
      [delivered('d', 'a', 'vivus'), { type: 'callback-done', at: at(1), deliveryId: 'd', status: 200 }],
    ],
  ])('refuses %s', (_case, events) => {
    expect(() => ledgerOf(events)).toThrow(LedgerError);
  });
});

describe('inspection views', () => {
  const later = { decision: 'accepted' as const, dueAt: at(2) };
  const ledger = ledgerOf([
    delivered('d1', 'a1', 'vivus'),
    { type: 'repeated', at: at(1), deliveryId: 'd1' },
    delivered('d2', 'a1', 'wandoo', { status: 202, decision: 'pending', later }),
    delivered('d3', 'a2', 'vivus', { decision: 'rejected', reason: 'amount-outside-limits' }),
    // The same application at the same lender under a second delivery id: a duplicate application.
    delivered('d4', 'a2', 'vivus'),
    {
      type: 'held',
      at: at(3),
      deliveryId: 'd5',
      applicationId: 'a2',
      lender: 'provident',
      fields: ['phone'],
    },
    {
      type: 'held',
      at: at(4),
      deliveryId: 'd5',
      applicationId: 'a2',
      lender: 'provident',
      fields: ['phone'],
    },
  ]);

  it('lists one application’s deliveries with their repeats and callback state', () => {
    expect(deliveriesOf(ledger.all(), 'a1')).toEqual([
      {
        deliveryId: 'd1',
        applicationId: 'a1',
        lender: 'vivus',
        receivedAt: at(0),
        fields: ['firstName', 'phone'],
        decision: 'accepted',
        reason: null,
        attempts: 2,
        repeats: 1,
        callback: 'none',
        callbackDecision: null,
        callbackReason: null,
        callbackStatus: null,
      },
      expect.objectContaining({
        deliveryId: 'd2',
        decision: 'pending',
        callback: 'pending',
        callbackDecision: 'accepted',
      }),
    ]);
    expect(deliveriesOf(ledger.all()).map((d) => d.deliveryId)).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
    expect(deliveriesOf(ledger.all(), 'unknown')).toEqual([]);
  });

  it('counts per lender (every played lender, zeros included) and shows a second delivery id as a duplicate', () => {
    const summary = summarise(ledger.all(), ['vivus', 'wandoo', 'kuki', 'provident']);
    expect(summary.deliveries).toBe(5);
    expect(summary.repeats).toBe(2);
    expect(summary.lenders).toEqual({
      vivus: { deliveries: 3, repeats: 1, accepted: 2, rejected: 1, pending: 0, timeout: 0 },
      wandoo: { deliveries: 1, repeats: 0, accepted: 0, rejected: 0, pending: 1, timeout: 0 },
      kuki: { deliveries: 0, repeats: 0, accepted: 0, rejected: 0, pending: 0, timeout: 0 },
      provident: { deliveries: 1, repeats: 1, accepted: 0, rejected: 0, pending: 0, timeout: 1 },
    });
    expect(summary.applications).toHaveLength(4);
    expect(summary.duplicates).toEqual([
      { applicationId: 'a2', lender: 'vivus', deliveries: 2, deliveryIds: ['d3', 'd4'] },
    ]);
  });
});
