import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@lib/service-kit';
import { TRACKING_LIMITS } from '@lib/tracking';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager, In } from 'typeorm';
import { NO_SOURCE, type StreamEventDraft, subjectKey, type TrafficSource } from '../domain/stream-events';
import { type LeadsConfig } from '../leads.config';
import { ApplicationEntity } from './application.entity';
import { StreamEventEntity } from './stream-event.entity';

/** How long a taken event is kept from another dispatcher: a call's deadline and plenty of slack. */
const CLAIM_LEASE_MS = 60_000;

const clip = (text: string | undefined) => (text ?? '').slice(0, TRACKING_LIMITS.text);

/**
 * The outbox of the analysts' stream events: recorded inside the transaction of the change they
 * report (so an event exists exactly when its change was committed), taken by the dispatcher in
 * insertion order, marked published once the events service has stored them.
 */
@Injectable()
export class StreamEventsRepository {
  private readonly key: Buffer;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) config: LeadsConfig,
  ) {
    // The blind-index key already keeps the e-mail and phone lookups from anyone without it; the
    // subject keys need exactly that property, under a label of their own (domain/stream-events.ts).
    this.key = config.LEADS_BLIND_INDEX_KEY;
  }

  /**
   * Records events in the caller's transaction, each with a new ingest id (kept on every re-send)
   * and the time `now`. An application's events carry its traffic source, read in the same
   * transaction (an erasure clears it afterwards, in that transaction too).
   */
  async record(manager: EntityManager, drafts: readonly StreamEventDraft[], now: Date): Promise<void> {
    if (drafts.length === 0) return;
    const applicationIds = [
      ...new Set(drafts.filter((d) => d.subject.kind === 'application').map((d) => d.subject.id)),
    ];
    const sources = await this.sourcesOf(manager, applicationIds);
    await manager.getRepository(StreamEventEntity).insert(
      drafts.map((draft) => ({
        ingestId: randomUUID(),
        eventId: draft.eventId,
        subjectKey: subjectKey(this.key, draft.subject),
        subs: draft.subs,
        source: (draft.subject.kind === 'application' && sources.get(draft.subject.id)) || NO_SOURCE,
        occurredAt: now,
        state: 'queued' as const,
        attempts: 0,
        nextAttemptAt: now,
        lastError: null,
        publishedAt: null,
      })),
    );
  }

  private async sourcesOf(
    manager: EntityManager,
    applicationIds: readonly string[],
  ): Promise<Map<string, TrafficSource>> {
    if (applicationIds.length === 0) return new Map();
    const rows = await manager.getRepository(ApplicationEntity).find({
      select: { id: true, attribution: true },
      where: { id: In([...applicationIds]) },
    });
    return new Map(
      rows.map((row) => [
        row.id,
        {
          utmSource: clip(row.attribution?.utmSource),
          utmMedium: clip(row.attribution?.utmMedium),
          utmCampaign: clip(row.attribution?.utmCampaign),
        },
      ]),
    );
  }

  /**
   * Takes up to `limit` due events for a try each, oldest first: the try is counted and the rows
   * leased in one statement, so a dispatcher that dies mid-call leaves them to be sent again after
   * the lease, under the same ingest ids.
   */
  async claimDue(limit: number, now: Date): Promise<StreamEventEntity[]> {
    const rows: Record<string, unknown>[][] = await this.dataSource.query(
      `UPDATE "leads"."stream_events" e
          SET "attempts" = e."attempts" + 1, "next_attempt_at" = $2
        WHERE e."id" IN (SELECT "id" FROM "leads"."stream_events"
                          WHERE "state" = 'queued' AND "next_attempt_at" <= $1
                          ORDER BY "id" LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING e."id"`,
      [now, new Date(now.getTime() + CLAIM_LEASE_MS), limit],
    );
    const ids = (rows[0] ?? []).map((r) => String(r['id']));
    if (ids.length === 0) return [];
    return this.dataSource
      .getRepository(StreamEventEntity)
      .find({ where: { id: In(ids) }, order: { id: 'ASC' } });
  }

  /** Stored by the events service (now or before: a duplicate is as good). */
  async markPublished(ids: readonly string[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource
      .getRepository(StreamEventEntity)
      .update(
        { id: In([...ids]), state: 'queued' },
        { state: 'published', publishedAt: now, lastError: null },
      );
  }

  /** Not published this time: each is due again at its own time, with why it was not. */
  async markRetry(retries: readonly { id: string; at: Date; error: string }[]): Promise<void> {
    if (retries.length === 0) return;
    await this.dataSource.query(
      `UPDATE "leads"."stream_events" e
          SET "next_attempt_at" = r."at", "last_error" = r."error"
         FROM unnest($1::bigint[], $2::timestamptz[], $3::varchar[]) AS r("id", "at", "error")
        WHERE e."id" = r."id" AND e."state" = 'queued'`,
      [retries.map((r) => r.id), retries.map((r) => r.at), retries.map((r) => r.error.slice(0, 500))],
    );
  }

  /** Refused by the events service every time it was tried: kept aside with the reason, for operators. */
  async markRefused(id: string, reason: string): Promise<void> {
    await this.dataSource
      .getRepository(StreamEventEntity)
      .update({ id, state: 'queued' }, { state: 'refused', lastError: reason.slice(0, 500) });
  }

  /** Events published before `before` are deleted, at most `limit` of them; the count. */
  async deletePublishedBefore(before: Date, limit: number): Promise<number> {
    const rows: unknown[][] = await this.dataSource.query(
      `DELETE FROM "leads"."stream_events"
        WHERE "id" IN (SELECT "id" FROM "leads"."stream_events"
                        WHERE "state" = 'published' AND "published_at" < $1
                        LIMIT $2)
        RETURNING "id"`,
      [before, limit],
    );
    return (rows[0] ?? []).length;
  }
}
