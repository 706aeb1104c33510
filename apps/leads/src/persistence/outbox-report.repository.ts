import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type DeliveryStateValue } from '../domain/delivery-outcome';

/*
 * What operators read of the two outboxes (`npm run leads:deliveries`), and the one change they may
 * make: queue failed deliveries again. Only ids, lender slugs, states, counts, times and what the
 * lenders answered: the outbox rows hold no personal data (deliveries read the sealed application
 * when sent; messages keep their recipient and text sealed), and nothing here opens the vault.
 */

export const DELIVERY_STATES: readonly DeliveryStateValue[] = [
  'queued',
  'sent',
  'accepted',
  'rejected',
  'failed',
  'withdrawn',
];

/** The event detail a replay writes: what `history` shows and what tells a replay from a retry. */
export const REPLAY_DETAIL = 'replayed by an operator';

export interface DeliveryCount {
  lender: string;
  state: DeliveryStateValue;
  count: number;
}

export interface MessageCount {
  channel: string;
  state: string;
  count: number;
}

export interface OutboxSummary {
  deliveries: DeliveryCount[];
  messages: MessageCount[];
}

export interface DeliveryListing {
  id: string;
  applicationId: string;
  lender: string;
  state: DeliveryStateValue;
  attempts: number;
  nextAttemptAt: Date;
  updatedAt: Date;
  /** The newest event's detail (the lender's answer, or why there was none); null without events. */
  lastDetail: string | null;
}

export interface DeliveryHistoryEvent {
  at: Date;
  state: DeliveryStateValue;
  attempt: number;
  httpStatus: number | null;
  detail: string;
}

/** Which failed deliveries a replay queues again: one lender's, one delivery, or one application's. */
export type ReplayFilter = { lender: string } | { deliveryId: string } | { applicationId: string };

@Injectable()
export class OutboxReportRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Deliveries per lender and state, messages per channel and state; every row is a count. */
  async summary(): Promise<OutboxSummary> {
    const deliveries: { lender: string; state: DeliveryStateValue; count: number }[] =
      await this.dataSource.query(
        `SELECT "lender_slug" AS "lender", "state", count(*)::int AS "count"
           FROM "leads"."lead_deliveries"
          GROUP BY "lender_slug", "state"
          ORDER BY "lender_slug", "state"`,
      );
    const messages: { channel: string; state: string; count: number }[] = await this.dataSource.query(
      `SELECT "channel", "state", count(*)::int AS "count"
         FROM "leads"."outbound_messages"
        GROUP BY "channel", "state"
        ORDER BY "channel", "state"`,
    );
    return { deliveries, messages };
  }

  /**
   * Deliveries in one state (of one lender), the most recently changed first, each with its newest
   * event's detail: for failed ones, the answer that made it fail.
   */
  async list(filter: {
    state: DeliveryStateValue;
    lender?: string;
    limit: number;
  }): Promise<DeliveryListing[]> {
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      `SELECT d."id", d."application_id", d."lender_slug", d."state", d."attempts",
              d."next_attempt_at", d."updated_at", e."detail" AS "last_detail"
         FROM "leads"."lead_deliveries" d
         LEFT JOIN LATERAL (
           SELECT "detail" FROM "leads"."lead_delivery_events"
            WHERE "delivery_id" = d."id"
            ORDER BY "at" DESC, "id" DESC
            LIMIT 1
         ) e ON true
        WHERE d."state" = $1 AND ($2::varchar IS NULL OR d."lender_slug" = $2)
        ORDER BY d."updated_at" DESC, d."id"
        LIMIT $3`,
      [filter.state, filter.lender ?? null, filter.limit],
    );
    return rows.map((r) => ({
      id: r['id'] as string,
      applicationId: r['application_id'] as string,
      lender: r['lender_slug'] as string,
      state: r['state'] as DeliveryStateValue,
      attempts: Number(r['attempts']),
      nextAttemptAt: r['next_attempt_at'] as Date,
      updatedAt: r['updated_at'] as Date,
      lastDetail: (r['last_detail'] as string | null) ?? null,
    }));
  }

  /** One delivery as it stands and its events in order; null when there is no such delivery. */
  async history(
    deliveryId: string,
  ): Promise<{ delivery: DeliveryListing; events: DeliveryHistoryEvent[] } | null> {
    const found: Record<string, unknown>[] = await this.dataSource.query(
      `SELECT "id", "application_id", "lender_slug", "state", "attempts", "next_attempt_at", "updated_at"
         FROM "leads"."lead_deliveries" WHERE "id" = $1`,
      [deliveryId],
    );
    const row = found[0];
    if (!row) return null;
    const events: Record<string, unknown>[] = await this.dataSource.query(
      `SELECT "at", "state", "attempt", "http_status", "detail"
         FROM "leads"."lead_delivery_events" WHERE "delivery_id" = $1
        ORDER BY "at", "id"`,
      [deliveryId],
    );
    return {
      delivery: {
        id: row['id'] as string,
        applicationId: row['application_id'] as string,
        lender: row['lender_slug'] as string,
        state: row['state'] as DeliveryStateValue,
        attempts: Number(row['attempts']),
        nextAttemptAt: row['next_attempt_at'] as Date,
        updatedAt: row['updated_at'] as Date,
        lastDetail: events.length > 0 ? (events[events.length - 1]!['detail'] as string) : null,
      },
      events: events.map((e) => ({
        at: e['at'] as Date,
        state: e['state'] as DeliveryStateValue,
        attempt: Number(e['attempt']),
        httpStatus: e['http_status'] === null ? null : Number(e['http_status']),
        detail: e['detail'] as string,
      })),
    };
  }

  /**
   * Queues failed deliveries again (the operators' replay): due now, attempts counted from zero,
   * with the event REPLAY_DETAIL; the count. Only `failed` ones: an accepted or rejected delivery is
   * the lender's answer, a withdrawn one the applicant's, and neither may be sent again. The update
   * and the events are one statement, so one transaction: a delivery is never queued without its
   * event, and a callback that decides it meanwhile (it locks the row) leaves it out, since the
   * state is checked again once that lock is released.
   */
  async replayFailed(filter: ReplayFilter, now: Date): Promise<number> {
    const [column, value] =
      'lender' in filter
        ? ['lender_slug', filter.lender]
        : 'deliveryId' in filter
          ? ['id', filter.deliveryId]
          : ['application_id', filter.applicationId];
    const rows: unknown[] = await this.dataSource.query(
      `WITH "replayed" AS (
         UPDATE "leads"."lead_deliveries"
            SET "state" = 'queued', "attempts" = 0, "next_attempt_at" = $2, "updated_at" = now()
          WHERE "state" = 'failed' AND "${column}" = $1
          RETURNING "id"
       )
       INSERT INTO "leads"."lead_delivery_events" ("delivery_id", "state", "attempt", "http_status", "detail", "at")
       SELECT "id", 'queued', 0, NULL, $3, $2 FROM "replayed"
       RETURNING "delivery_id"`,
      [value, now, REPLAY_DETAIL],
    );
    return rows.length;
  }
}
