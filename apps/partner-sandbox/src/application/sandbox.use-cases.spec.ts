import { type DeliverableField, type LeadDelivery, leadStatusCallbackSchema } from '@lib/partner-delivery';
import { Ledger } from '../domain/ledger';
import { type LedgerEvent } from '../domain/ledger-events';
import { type SandboxBehaviour } from '../domain/behaviour';
import { type SandboxLender } from '../domain/sandbox-lenders';
import { type CallbackJob } from './ports';
import { SandboxUseCases } from './sandbox.use-cases';

const NOW = new Date('2025-10-09T08:53:20.000Z');
const APPLICATION = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const FIELDS: DeliverableField[] = ['firstName', 'phone', 'age'];

const lender = (slug: string, behaviour: SandboxBehaviour): SandboxLender => ({
  slug,
  name: slug,
  enabled: true,
  secret: 's'.repeat(64),
  requiredFields: FIELDS,
  behaviour,
  limits: { offerId: 1, amountMinGrosze: 10_000, amountMaxGrosze: 300_000, ageMin: 18, ageMax: 75 },
});
const vivus = lender('vivus', 'decide');
const wandoo = lender('wandoo', 'decide-later');
const provident = lender('provident', 'timeout');

let sequence = 0;
const delivery = (to: SandboxLender, changes: Partial<LeadDelivery> = {}): LeadDelivery => ({
  version: 'lead-delivery.v1',
  deliveryId: `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`,
  applicationId: APPLICATION,
  lender: to.slug,
  sentAt: NOW.toISOString(),
  loan: { amountGrosze: 100_000, periodDays: 30, purpose: 'other' },
  applicant: { firstName: 'Jan', phone: '+48600100200', age: 35 },
  consents: { creditBureau: true },
  ...changes,
});

/** The state file in memory; `hold()` makes the next appends wait until `release()`. */
class MemoryLog {
  readonly events: LedgerEvent[] = [];
  failNext = false;
  private gate: Promise<void> | undefined;
  private open: (() => void) | undefined;
  hold() {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }
  release() {
    this.open?.();
    this.gate = undefined;
  }
  async append(event: LedgerEvent) {
    await this.gate;
    if (this.failNext) {
      this.failNext = false;
      throw new Error('disk full');
    }
    this.events.push(event);
  }
}

const setup = () => {
  const log = new MemoryLog();
  const ledger = new Ledger();
  const scheduled: CallbackJob[] = [];
  const useCases = new SandboxUseCases({
    lenders: [vivus, wandoo, provident],
    ledger,
    log,
    callbacks: { schedule: (job) => scheduled.push(job) },
    laterMs: 2_000,
    now: () => NOW,
  });
  return { log, ledger, scheduled, useCases };
};

describe('SandboxUseCases.receive', () => {
  it("answers a 'decide' lender's decision at once and records it first", async () => {
    const { log, useCases } = setup();
    const sent = delivery(vivus);
    const reply = await useCases.receive(vivus, sent, FIELDS);
    expect(reply).toEqual({
      kind: 'answer',
      status: 200,
      repeat: false,
      body: JSON.stringify({ version: 'lead-answer.v1', deliveryId: sent.deliveryId, decision: 'accepted' }),
    });
    expect(log.events).toEqual([
      {
        type: 'delivered',
        at: NOW.toISOString(),
        deliveryId: sent.deliveryId,
        applicationId: APPLICATION,
        lender: 'vivus',
        fields: FIELDS,
        status: 200,
        body: reply.kind === 'answer' ? reply.body : '',
        decision: 'accepted',
        reason: undefined,
      },
    ]);
  });

  it('rejects with the machine reason when the amount is outside the limits', async () => {
    const { useCases } = setup();
    const sent = delivery(vivus, { loan: { amountGrosze: 500_000, periodDays: 30, purpose: 'other' } });
    const reply = await useCases.receive(vivus, sent, FIELDS);
    expect(reply.kind === 'answer' && JSON.parse(reply.body)).toEqual({
      version: 'lead-answer.v1',
      deliveryId: sent.deliveryId,
      decision: 'rejected',
      reason: 'amount-outside-limits',
    });
  });

  it('does not answer before the event is on disk', async () => {
    const { log, useCases } = setup();
    log.hold();
    let answered = false;
    const reply = useCases.receive(vivus, delivery(vivus), FIELDS).then((r) => {
      answered = true;
      return r;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    log.release();
    await expect(reply).resolves.toMatchObject({ kind: 'answer', status: 200 });
  });

  it('answers a delivery id seen before with the stored first answer, byte for byte, as a repeat', async () => {
    const { log, useCases } = setup();
    const sent = delivery(vivus);
    const first = await useCases.receive(vivus, sent, FIELDS);
    // A retry is a new request: a later sentAt must not change the answer.
    const again = await useCases.receive(vivus, { ...sent, sentAt: '2025-10-09T09:00:00.000Z' }, FIELDS);
    expect(again).toEqual({ ...first, repeat: true });
    expect(log.events.map((e) => e.type)).toEqual(['delivered', 'repeated']);
    expect(useCases.deliveries(APPLICATION)).toEqual([
      expect.objectContaining({ deliveryId: sent.deliveryId, attempts: 2, repeats: 1 }),
    ]);
  });

  it('takes two copies racing each other as one delivery and one repeat', async () => {
    const { log, useCases } = setup();
    const sent = delivery(vivus);
    log.hold();
    const both = Promise.all([useCases.receive(vivus, sent, FIELDS), useCases.receive(vivus, sent, FIELDS)]);
    log.release();
    const [a, b] = await both;
    expect([a, b].map((r) => r.kind === 'answer' && r.repeat)).toEqual([false, true]);
    expect(log.events.map((e) => e.type)).toEqual(['delivered', 'repeated']);
  });

  it('answers nothing it could not record, so the retry is a new delivery', async () => {
    const { log, useCases } = setup();
    const sent = delivery(vivus);
    log.failNext = true;
    await expect(useCases.receive(vivus, sent, FIELDS)).rejects.toThrow('disk full');
    expect(useCases.deliveries()).toEqual([]);
    await expect(useCases.receive(vivus, sent, FIELDS)).resolves.toMatchObject({ repeat: false });
    expect(useCases.summary().lenders['vivus']).toMatchObject({ deliveries: 1, repeats: 0 });
  });

  it('refuses a delivery id reused for another application, recording nothing', async () => {
    const { log, useCases } = setup();
    const sent = delivery(vivus);
    await useCases.receive(vivus, sent, FIELDS);
    const reply = await useCases.receive(
      vivus,
      { ...sent, applicationId: '99999999-5e6f-4a7b-8c9d-0e1f2a3b4c5d' },
      FIELDS,
    );
    expect(reply).toEqual({
      kind: 'refused',
      problem: {
        status: 422,
        code: 'delivery-id-reused',
        message: `delivery ${sent.deliveryId} first came for application ${APPLICATION} to vivus`,
      },
    });
    expect(log.events).toHaveLength(1);
  });

  it("answers 202 pending for a 'decide-later' lender and schedules its signed-to-be decision", async () => {
    const { useCases, scheduled } = setup();
    const sent = delivery(wandoo, { applicant: { firstName: 'Jan', phone: '+48600100200', age: 80 } });
    const reply = await useCases.receive(wandoo, sent, FIELDS);
    expect(reply).toMatchObject({ kind: 'answer', status: 202 });
    expect(reply.kind === 'answer' && JSON.parse(reply.body)).toEqual({
      version: 'lead-answer.v1',
      deliveryId: sent.deliveryId,
      decision: 'pending',
    });
    const dueAt = new Date(NOW.getTime() + 2_000);
    expect(scheduled).toEqual([
      { deliveryId: sent.deliveryId, lender: 'wandoo', dueAtMs: dueAt.getTime(), body: expect.any(String) },
    ]);
    expect(leadStatusCallbackSchema.parse(JSON.parse(scheduled[0]!.body))).toEqual({
      version: 'lead-status.v1',
      deliveryId: sent.deliveryId,
      decision: 'rejected',
      reason: 'age-outside-limits',
      decidedAt: dueAt.toISOString(),
    });
    expect(useCases.pendingCallbacks()).toEqual(scheduled);
    await useCases.callbackDone(sent.deliveryId, 200);
    expect(useCases.pendingCallbacks()).toEqual([]);
    expect(useCases.deliveries()).toEqual([
      expect.objectContaining({
        decision: 'pending',
        callback: 'sent',
        callbackDecision: 'rejected',
        callbackStatus: 200,
      }),
    ]);
  });

  it("holds every attempt at a 'timeout' lender and counts it", async () => {
    const { log, useCases } = setup();
    const sent = delivery(provident);
    await expect(useCases.receive(provident, sent, FIELDS)).resolves.toEqual({ kind: 'hold' });
    await expect(useCases.receive(provident, sent, FIELDS)).resolves.toEqual({ kind: 'hold' });
    expect(log.events.map((e) => e.type)).toEqual(['held', 'held']);
    expect(useCases.deliveries()).toEqual([
      expect.objectContaining({
        lender: 'provident',
        decision: 'timeout',
        attempts: 2,
        repeats: 1,
        callback: 'none',
      }),
    ]);
  });
});
