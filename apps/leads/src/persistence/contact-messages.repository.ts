import { Injectable } from '@nestjs/common';
import { writeOnce, type WriteOnceResult } from '@lib/database';
import { DataSource, type EntityManager } from 'typeorm';
import { ContactMessageEntity } from './contact-message.entity';
import { PartnerEnquiryEntity } from './partner-enquiry.entity';
import { type SealedFields } from './personal-data-vault';

/** What a stored message or enquiry is answered with, kept with its idempotency key for repeats. */
export interface StoredContactMessage {
  id: string;
  /** RFC 3339. */
  receivedAt: string;
}

export interface WriteGuard {
  /** The form submission's idempotency key; undefined: stored without deduplication. */
  key: string | undefined;
  /** A fingerprint of the request (keyed HMAC: personal data never in clear). */
  request: unknown;
  /** Last check before COMMIT (the call's deadline); throwing stores nothing. */
  beforeCommit(): void;
  /** More rows in the same transaction (the confirmation e-mail in the outbox). */
  alsoWrite?(manager: EntityManager): Promise<void>;
}

/** A contact message ready to store: personal fields sealed, e-mail and phone as blind indexes. */
export interface ContactMessageRow {
  id: string;
  message: string;
  sealed: SealedFields;
  emailIndex: string;
  phoneIndex: string | null;
}

/** A partner enquiry ready to store. */
export interface PartnerEnquiryRow {
  id: string;
  company: string;
  website: string | null;
  trafficSources: string | null;
  message: string;
  sealed: SealedFields;
  emailIndex: string;
  phoneIndex: string | null;
}

/** Contact messages and partner enquiries: what visitors send the site besides applications. */
@Injectable()
export class ContactMessagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Inserts the message once per idempotency key (leads.idempotency_keys, @lib/database writeOnce):
   * a repeat gets the first message's id and time; a key used with another message is refused.
   * The caller acknowledges only after this resolves.
   */
  insertOnce(row: ContactMessageRow, guard: WriteGuard): Promise<WriteOnceResult<StoredContactMessage>> {
    const { sealed, ...rest } = row;
    return this.insertSealedOnce(
      'SubmitContactMessage',
      ContactMessageEntity,
      { ...rest, ...sealed, name: null, email: null, phone: null },
      guard,
    );
  }

  /** Inserts a partner enquiry once per idempotency key, like insertOnce. */
  insertEnquiryOnce(
    row: PartnerEnquiryRow,
    guard: WriteGuard,
  ): Promise<WriteOnceResult<StoredContactMessage>> {
    const { sealed, ...rest } = row;
    return this.insertSealedOnce('SubmitPartnerEnquiry', PartnerEnquiryEntity, { ...rest, ...sealed }, guard);
  }

  private insertSealedOnce<E extends ContactMessageEntity | PartnerEnquiryEntity>(
    scope: string,
    entity: new () => E,
    values: Partial<E> & { id: string },
    guard: WriteGuard,
  ): Promise<WriteOnceResult<StoredContactMessage>> {
    return writeOnce(this.dataSource, {
      scope,
      key: guard.key,
      request: guard.request,
      beforeCommit: () => guard.beforeCommit(),
      write: async (manager) => {
        await manager.getRepository(entity).insert(values as never);
        await guard.alsoWrite?.(manager);
        const saved = await manager.getRepository(entity).findOneByOrFail({ id: values.id } as never);
        return { id: saved.id, receivedAt: saved.receivedAt.toISOString() };
      },
    });
  }

  /** Erasure: messages and enquiries of these blind indexes lose their sealed fields, indexes and texts. */
  async eraseByIndexes(manager: EntityManager, indexes: readonly string[]): Promise<number> {
    if (indexes.length === 0) return 0;
    const matching = '(email_index IN (:...indexes) OR phone_index IN (:...indexes))';
    const messages = await manager
      .createQueryBuilder()
      .update(ContactMessageEntity)
      .set({
        name: null,
        email: null,
        phone: null,
        dataKeyId: null,
        sealed: null,
        emailIndex: null,
        phoneIndex: null,
        message: '',
        erasedAt: () => 'now()',
      })
      .where(matching, { indexes })
      .execute();
    const enquiries = await manager
      .createQueryBuilder()
      .update(PartnerEnquiryEntity)
      .set({
        company: '',
        website: null,
        trafficSources: null,
        message: '',
        dataKeyId: null,
        sealed: null,
        emailIndex: null,
        phoneIndex: null,
        erasedAt: () => 'now()',
      })
      .where(matching, { indexes })
      .execute();
    return (messages.affected ?? 0) + (enquiries.affected ?? 0);
  }

  /** Retention: messages and enquiries received before `before` are deleted. */
  async deleteReceivedBefore(before: Date): Promise<number> {
    const messages = await this.dataSource
      .createQueryBuilder()
      .delete()
      .from(ContactMessageEntity)
      .where('received_at < :before', { before })
      .execute();
    const enquiries = await this.dataSource
      .createQueryBuilder()
      .delete()
      .from(PartnerEnquiryEntity)
      .where('received_at < :before', { before })
      .execute();
    return (messages.affected ?? 0) + (enquiries.affected ?? 0);
  }
}
