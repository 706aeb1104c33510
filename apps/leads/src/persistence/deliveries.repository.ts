import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager, In } from 'typeorm';
import { type PlannedDelivery } from '../domain/delivery-plan';
import { type AttemptVerdict, callbackChange, type DeliveryStateValue } from '../domain/delivery-outcome';
import {
  attemptEvents,
  decisionEvents,
  type WithdrawalCause,
  withdrawalEvent,
} from '../domain/stream-events';
import { DeliveryEntity, DeliveryEventEntity } from './delivery.entity';
import { StreamEventsRepository } from './stream-events.repository';

/** A delivery taken for one attempt: its row after the attempt was counted. */
export type ClaimedDelivery = DeliveryEntity;

/** How long a claimed delivery is kept from another claim: the attempt's timeout and some slack. */
const CLAIM_LEASE_MS = 60_000;

/** What the delivery history says when deliveries are stopped, by cause. */
const WITHDRAWAL_DETAIL: Record<WithdrawalCause, string> = {
  consentWithdrawn: 'delivery consent withdrawn',
  erased: 'the applicant erased their data',
};

/**
 * The deliveries outbox and its history. Each change made by a lender's answer, a lender's decision
 * or a withdrawal is reported to the analysts' stream in the same transaction as the change itself
 * (StreamEventsRepository), so the stream says exactly what was committed.
 */
@Injectable()
export class DeliveriesRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly streamEvents: StreamEventsRepository,
  ) {}

  /** Queues the planned deliveries of a just-submitted application, inside its transaction. */
  async queue(manager: EntityManager, applicationId: string, planned: readonly PlannedDelivery[], now: Date) {
    if (planned.length === 0) return;
    const rows = planned.map((p) => ({
      id: randomUUID(),
      applicationId,
      lenderSlug: p.lender.slug,
      lenderId: p.lender.lenderId,
      state: 'queued' as const,
      attempts: 0,
      nextAttemptAt: now,
      fields: [...p.fields],
      lenderReason: null,
    }));
    await manager.getRepository(DeliveryEntity).insert(rows);
    await manager
      .getRepository(DeliveryEventEntity)
      .insert(rows.map((r) => historyRow(r, 'queued', 'queued', now)));
  }

  forApplication(applicationId: string): Promise<DeliveryEntity[]> {
    return this.dataSource
      .getRepository(DeliveryEntity)
      .find({ where: { applicationId }, order: { createdAt: 'ASC', lenderSlug: 'ASC' } });
  }

  findById(id: string): Promise<DeliveryEntity | null> {
    return this.dataSource.getRepository(DeliveryEntity).findOneBy({ id });
  }

  eventsOf(deliveryId: string): Promise<DeliveryEventEntity[]> {
    return this.dataSource
      .getRepository(DeliveryEventEntity)
      .find({ where: { deliveryId }, order: { at: 'ASC', id: 'ASC' } });
  }

  /**
   * Takes up to `limit` due deliveries for an attempt each: the attempt is counted and the row
   * leased (moved CLAIM_LEASE_MS ahead) in the same statement, so a process that dies mid-send
   * leaves it to be tried again after the lease, with the same delivery id.
   */
  async claimDue(limit: number, now: Date): Promise<ClaimedDelivery[]> {
    const rows: Record<string, unknown>[][] = await this.dataSource.query(
      `UPDATE "leads"."lead_deliveries" d
          SET "attempts" = d."attempts" + 1, "next_attempt_at" = $2, "updated_at" = now()
        WHERE d."id" IN (SELECT "id" FROM "leads"."lead_deliveries"
                          WHERE "state" = 'queued' AND "next_attempt_at" <= $1
                          ORDER BY "next_attempt_at" LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING d."id"`,
      [now, new Date(now.getTime() + CLAIM_LEASE_MS), limit],
    );
    const ids = (rows[0] ?? []).map((r) => r['id'] as string);
    if (ids.length === 0) return [];
    return this.dataSource
      .getRepository(DeliveryEntity)
      .find({ where: { id: In(ids) }, order: { nextAttemptAt: 'ASC' } });
  }

  /**
   * Records an attempt's verdict, only while the delivery is still queued (a withdrawal or an
   * early callback in between wins); false when it no longer was.
   */
  recordAttempt(delivery: ClaimedDelivery, verdict: AttemptVerdict, now: Date): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const update =
        verdict.state === 'queued'
          ? { state: 'queued' as const, nextAttemptAt: new Date(now.getTime() + verdict.retryInMs) }
          : { state: verdict.state, lenderReason: verdict.reason };
      const result = await manager
        .getRepository(DeliveryEntity)
        .update({ id: delivery.id, state: 'queued', attempts: delivery.attempts }, update);
      if (!result.affected) return false;
      await manager
        .getRepository(DeliveryEventEntity)
        .insert(historyRow(delivery, verdict.state, verdict.detail, now, verdict.httpStatus));
      await this.streamEvents.record(manager, attemptEvents(delivery, verdict), now);
      return true;
    });
  }

  /** A lender's later decision; idempotent (the same decision again changes nothing). */
  applyDecision(
    deliveryId: string,
    decision: 'accepted' | 'rejected',
    reason: string | null,
    now: Date,
  ): Promise<{ outcome: 'apply' | 'repeat' | 'conflict' | 'unknown'; delivery: DeliveryEntity | null }> {
    return this.dataSource.transaction(async (manager) => {
      const row = await manager
        .getRepository(DeliveryEntity)
        .findOne({ where: { id: deliveryId }, lock: { mode: 'pessimistic_write' } });
      if (!row) return { outcome: 'unknown', delivery: null };
      const change = callbackChange(row.state, decision);
      if (change !== 'apply') return { outcome: change, delivery: row };
      await manager
        .getRepository(DeliveryEntity)
        .update({ id: row.id }, { state: decision, lenderReason: reason });
      const detail = `callback: ${decision}${reason ? ` (${reason})` : ''}`;
      await manager.getRepository(DeliveryEventEntity).insert(historyRow(row, decision, detail, now));
      await this.streamEvents.record(manager, decisionEvents(row, row.state, decision), now);
      return { outcome: 'apply', delivery: { ...row, state: decision, lenderReason: reason } };
    });
  }

  /**
   * Stops the deliveries of these applications that have not reached the lender yet (consent
   * withdrawn, data erased); the count stopped.
   */
  async withdrawQueued(
    manager: EntityManager,
    applicationIds: readonly string[],
    why: WithdrawalCause,
    now: Date,
  ): Promise<number> {
    if (applicationIds.length === 0) return 0;
    const rows = await manager.getRepository(DeliveryEntity).find({
      where: { applicationId: In([...applicationIds]), state: 'queued' },
      lock: { mode: 'pessimistic_write' },
    });
    if (rows.length === 0) return 0;
    await manager
      .getRepository(DeliveryEntity)
      .update({ id: In(rows.map((r) => r.id)) }, { state: 'withdrawn' });
    await manager
      .getRepository(DeliveryEventEntity)
      .insert(rows.map((r) => historyRow(r, 'withdrawn', WITHDRAWAL_DETAIL[why], now)));
    await this.streamEvents.record(
      manager,
      rows.map((r) => withdrawalEvent(r, why)),
      now,
    );
    return rows.length;
  }

  /**
   * Erasure: the lenders' own words about these applications (their reasons, and the answers kept in
   * the history) are emptied, since a lender may quote the applicant's data back; lender, state,
   * attempts and times stay as anonymous figures.
   */
  async forgetLenderTexts(manager: EntityManager, applicationIds: readonly string[]): Promise<void> {
    if (applicationIds.length === 0) return;
    await manager
      .getRepository(DeliveryEntity)
      .update({ applicationId: In([...applicationIds]) }, { lenderReason: null });
    await manager
      .createQueryBuilder()
      .update(DeliveryEventEntity)
      .set({ detail: '' })
      .where(
        `delivery_id IN (SELECT "id" FROM "leads"."lead_deliveries" WHERE "application_id" IN (:...applicationIds))`,
        { applicationIds: [...applicationIds] },
      )
      .execute();
  }
}

/** One row of a delivery's history: the state it reached, at which attempt, what was learnt. */
function historyRow(
  delivery: Pick<DeliveryEntity, 'id' | 'attempts'>,
  state: DeliveryStateValue,
  detail: string,
  at: Date,
  httpStatus: number | null = null,
) {
  return {
    deliveryId: delivery.id,
    state,
    attempt: delivery.attempts,
    httpStatus,
    detail: detail.slice(0, 1000),
    at,
  };
}
