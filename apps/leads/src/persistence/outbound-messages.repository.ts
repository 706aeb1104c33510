import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager, In } from 'typeorm';
import { type MessageChannel, OutboundMessageEntity } from './outbound-message.entity';
import { type SealedFields } from './personal-data-vault';

/** A message to queue: already sealed ({ to, subject, text, html } under scope outboundScope(id)). */
export interface QueuedMessage {
  id: string;
  channel: MessageChannel;
  kind: string;
  recipientIndex: string;
  sealed: SealedFields;
}

export const outboundScope = (id: string) => `outbound_messages/${id}`;

export const newMessageId = (): string => randomUUID();

const CLAIM_LEASE_MS = 60_000;

@Injectable()
export class OutboundMessagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Queues messages inside the caller's transaction (they go out only if it commits). */
  async queue(manager: EntityManager, messages: readonly QueuedMessage[], now: Date): Promise<void> {
    if (messages.length === 0) return;
    await manager.getRepository(OutboundMessageEntity).insert(
      messages.map((m) => ({
        id: m.id,
        channel: m.channel,
        kind: m.kind,
        state: 'queued' as const,
        attempts: 0,
        nextAttemptAt: now,
        recipientIndex: m.recipientIndex,
        dataKeyId: m.sealed.dataKeyId,
        sealed: m.sealed.sealed,
        lastError: null,
        sentAt: null,
      })),
    );
  }

  /** Takes due messages for an attempt each (counted and leased in one statement, as deliveries). */
  async claimDue(limit: number, now: Date): Promise<OutboundMessageEntity[]> {
    const rows: Record<string, unknown>[][] = await this.dataSource.query(
      `UPDATE "leads"."outbound_messages" m
          SET "attempts" = m."attempts" + 1, "next_attempt_at" = $2
        WHERE m."id" IN (SELECT "id" FROM "leads"."outbound_messages"
                          WHERE "state" = 'queued' AND "next_attempt_at" <= $1
                          ORDER BY "next_attempt_at" LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING m."id"`,
      [now, new Date(now.getTime() + CLAIM_LEASE_MS), limit],
    );
    const ids = (rows[0] ?? []).map((r) => r['id'] as string);
    if (ids.length === 0) return [];
    return this.dataSource.getRepository(OutboundMessageEntity).find({ where: { id: In(ids) } });
  }

  /** Sent: the content is emptied (what was sent is not kept). */
  async markSent(message: OutboundMessageEntity, now: Date): Promise<void> {
    await this.dataSource
      .getRepository(OutboundMessageEntity)
      .update(
        { id: message.id, state: 'queued', attempts: message.attempts },
        { state: 'sent', sentAt: now, sealed: null, dataKeyId: null, lastError: null },
      );
  }

  async markRetry(message: OutboundMessageEntity, retryAt: Date, error: string): Promise<void> {
    await this.dataSource
      .getRepository(OutboundMessageEntity)
      .update(
        { id: message.id, state: 'queued', attempts: message.attempts },
        { nextAttemptAt: retryAt, lastError: error.slice(0, 500) },
      );
  }

  async markFailed(message: OutboundMessageEntity, error: string): Promise<void> {
    await this.dataSource
      .getRepository(OutboundMessageEntity)
      .update(
        { id: message.id, state: 'queued', attempts: message.attempts },
        { state: 'failed', sealed: null, dataKeyId: null, lastError: error.slice(0, 500) },
      );
  }

  /**
   * Erasure: every message to these recipients is deleted, so what is still queued never goes out
   * and no row keeps the recipient's blind index (a sent one would tell that they applied or wrote).
   * A message the dispatcher is sending at this moment still leaves; its outcome then updates
   * nothing. The count of those that had not gone out yet.
   */
  async eraseFor(manager: EntityManager, recipientIndexes: readonly string[]): Promise<number> {
    if (recipientIndexes.length === 0) return 0;
    const messages = manager.getRepository(OutboundMessageEntity);
    const queued = await messages.countBy({ recipientIndex: In([...recipientIndexes]), state: 'queued' });
    await messages.delete({ recipientIndex: In([...recipientIndexes]) });
    return queued;
  }
}
