import {
  type DeliverableField,
  LEAD_ANSWER_VERSION,
  LEAD_STATUS_VERSION,
  type LeadAnswer,
  type LeadDelivery,
  type LeadStatusCallback,
} from '@lib/partner-delivery';
import { decide } from '../domain/decision';
import { deliveriesOf, type DeliverySummary, type DeliveryView, summarise } from '../domain/inspection';
import { type Ledger, type LedgerEntry } from '../domain/ledger';
import { type LedgerEvent } from '../domain/ledger-events';
import { type SandboxLender } from '../domain/sandbox-lenders';
import { type DeliveryLog } from '../persistence/delivery-log';
import { type CallbackJob, type CallbackQueue } from './ports';
import { type SandboxReply } from './replies';

export interface SandboxDeps {
  lenders: readonly SandboxLender[];
  ledger: Ledger;
  log: DeliveryLog;
  callbacks: CallbackQueue;
  laterMs: number;
  now: () => Date;
}

const answerBody = (answer: LeadAnswer) => JSON.stringify(answer);

/**
 * The lenders' side of a delivery that passed every check: a delivery id seen before gets the
 * stored first answer; a new one is decided by its lender's behaviour. Each event is on disk
 * before its answer leaves, and requests with one delivery id are handled one after another, so
 * two copies racing each other are one delivery and one repeat.
 */
export class SandboxUseCases {
  private readonly busy = new Map<string, Promise<unknown>>();
  private readonly lenderSlugs: string[];

  constructor(private readonly deps: SandboxDeps) {
    this.lenderSlugs = deps.lenders.map((l) => l.slug);
  }

  receive(
    lender: SandboxLender,
    delivery: LeadDelivery,
    fields: readonly DeliverableField[],
  ): Promise<SandboxReply> {
    return this.oneAtATime(delivery.deliveryId, () => this.receiveNow(lender, delivery, fields));
  }

  /** Callbacks still owed, for the dispatcher after a start. */
  pendingCallbacks(): CallbackJob[] {
    return this.deps.ledger.pendingCallbacks().flatMap((entry) => callbackJob(entry) ?? []);
  }

  /** The callback of `deliveryId` got its final answer. */
  async callbackDone(deliveryId: string, status: number): Promise<void> {
    await this.record({ type: 'callback-done', at: this.deps.now().toISOString(), deliveryId, status });
  }

  deliveries(applicationId?: string): DeliveryView[] {
    return deliveriesOf(this.deps.ledger.all(), applicationId);
  }

  summary(): DeliverySummary {
    return summarise(this.deps.ledger.all(), this.lenderSlugs);
  }

  private async receiveNow(
    lender: SandboxLender,
    delivery: LeadDelivery,
    fields: readonly DeliverableField[],
  ): Promise<SandboxReply> {
    const now = this.deps.now();
    const at = now.toISOString();
    const { deliveryId, applicationId } = delivery;
    const seen = this.deps.ledger.find(deliveryId);
    if (seen) {
      // The same id for another application or lender is a bug of the sender's, not a retry.
      if (seen.applicationId !== applicationId || seen.lender !== lender.slug)
        return {
          kind: 'refused',
          problem: {
            status: 422,
            code: 'delivery-id-reused',
            message: `delivery ${deliveryId} first came for application ${seen.applicationId} to ${seen.lender}`,
          },
        };
      if (seen.answer === null) {
        await this.record({
          type: 'held',
          at,
          deliveryId,
          applicationId,
          lender: lender.slug,
          fields: [...fields],
        });
        return { kind: 'hold' };
      }
      await this.record({ type: 'repeated', at, deliveryId });
      return { kind: 'answer', status: seen.answer.status, body: seen.answer.body, repeat: true };
    }

    const base = { at, deliveryId, applicationId, lender: lender.slug, fields: [...fields] };
    const verdict = decide(lender.limits, {
      amountGrosze: delivery.loan.amountGrosze,
      age: delivery.applicant.age,
    });
    const reason = verdict.decision === 'rejected' ? verdict.reason : undefined;
    switch (lender.behaviour) {
      case 'decide': {
        const body = answerBody({
          version: LEAD_ANSWER_VERSION,
          deliveryId,
          decision: verdict.decision,
          reason,
        });
        await this.record({
          type: 'delivered',
          ...base,
          status: 200,
          body,
          decision: verdict.decision,
          reason,
        });
        return { kind: 'answer', status: 200, body, repeat: false };
      }
      case 'decide-later': {
        const body = answerBody({ version: LEAD_ANSWER_VERSION, deliveryId, decision: 'pending' });
        const dueAt = new Date(now.getTime() + this.deps.laterMs).toISOString();
        const later = { decision: verdict.decision, reason, dueAt };
        await this.record({ type: 'delivered', ...base, status: 202, body, decision: 'pending', later });
        const job = callbackJob(this.deps.ledger.find(deliveryId));
        if (job) this.deps.callbacks.schedule(job);
        return { kind: 'answer', status: 202, body, repeat: false };
      }
      case 'timeout':
        await this.record({ type: 'held', ...base });
        return { kind: 'hold' };
    }
  }

  /** On disk first, then in memory: what was never written was never answered either. */
  private async record(event: LedgerEvent): Promise<void> {
    await this.deps.log.append(event);
    this.deps.ledger.apply(event);
  }

  private oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.busy.get(key) ?? Promise.resolve();
    const run = before.then(work);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.busy.set(key, settled);
    void settled.then(() => {
      if (this.busy.get(key) === settled) this.busy.delete(key);
    });
    return run;
  }
}

function callbackJob(entry: Readonly<LedgerEntry> | undefined): CallbackJob | undefined {
  const later = entry?.later;
  if (!entry || !later) return undefined;
  const callback: LeadStatusCallback = {
    version: LEAD_STATUS_VERSION,
    deliveryId: entry.deliveryId,
    decision: later.decision,
    reason: later.reason,
    decidedAt: later.dueAt,
  };
  return {
    deliveryId: entry.deliveryId,
    lender: entry.lender,
    dueAtMs: Date.parse(later.dueAt),
    body: JSON.stringify(callback),
  };
}
