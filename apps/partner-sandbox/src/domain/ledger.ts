import { type LaterDecision, type LedgerEvent } from './ledger-events';

/** One delivery id as the sandbox knows it, folded from its events. */
export interface LedgerEntry {
  deliveryId: string;
  applicationId: string;
  lender: string;
  receivedAt: string;
  fields: readonly string[];
  /** The first answer, given again to every repeat; null for a held ('timeout') delivery. */
  answer: { status: number; body: string } | null;
  decision: 'accepted' | 'rejected' | 'pending' | 'timeout';
  reason: string | null;
  /** Requests with this id: the first and every repeat. */
  attempts: number;
  later: LaterDecision | null;
  /** The final HTTP status of the later decision's callback, once it has one. */
  callbackStatus: number | null;
}

/** A state file whose events do not fit together (edited by hand, or written by another program). */
export class LedgerError extends Error {
  override name = 'LedgerError';
}

/** Every delivery the sandbox has answered, in the order they first came. */
export class Ledger {
  private readonly entries = new Map<string, LedgerEntry>();

  /** Folds one event in; throws LedgerError when it contradicts what came before. */
  apply(event: LedgerEvent): void {
    const seen = this.entries.get(event.deliveryId);
    switch (event.type) {
      case 'delivered':
        if (seen) throw new LedgerError(`delivery ${event.deliveryId} delivered twice`);
        this.entries.set(event.deliveryId, {
          deliveryId: event.deliveryId,
          applicationId: event.applicationId,
          lender: event.lender,
          receivedAt: event.at,
          fields: event.fields,
          answer: { status: event.status, body: event.body },
          decision: event.decision,
          reason: event.reason ?? null,
          attempts: 1,
          later: event.later ?? null,
          callbackStatus: null,
        });
        return;
      case 'held':
        if (seen && seen.answer !== null)
          throw new LedgerError(`delivery ${event.deliveryId} held after it was answered`);
        if (seen) seen.attempts += 1;
        else
          this.entries.set(event.deliveryId, {
            deliveryId: event.deliveryId,
            applicationId: event.applicationId,
            lender: event.lender,
            receivedAt: event.at,
            fields: event.fields,
            answer: null,
            decision: 'timeout',
            reason: null,
            attempts: 1,
            later: null,
            callbackStatus: null,
          });
        return;
      case 'repeated':
        if (!seen || seen.answer === null)
          throw new LedgerError(`delivery ${event.deliveryId} repeated but never answered`);
        seen.attempts += 1;
        return;
      case 'callback-done':
        if (!seen?.later)
          throw new LedgerError(`delivery ${event.deliveryId} has no later decision to call back`);
        seen.callbackStatus = event.status;
        return;
    }
  }

  find(deliveryId: string): Readonly<LedgerEntry> | undefined {
    return this.entries.get(deliveryId);
  }

  all(): readonly Readonly<LedgerEntry>[] {
    return [...this.entries.values()];
  }

  /** Later decisions whose callback has no final answer yet. */
  pendingCallbacks(): readonly Readonly<LedgerEntry>[] {
    return this.all().filter((e) => e.later !== null && e.callbackStatus === null);
  }
}
