import { Injectable } from '@nestjs/common';
import { writeOnce, type WriteOnceResult } from '@lib/database';
import { DataSource, type EntityManager, In, IsNull, LessThan } from 'typeorm';
import { type WriteGuard } from './contact-messages.repository';
import { ContactMessageEntity } from './contact-message.entity';
import { PartnerEnquiryEntity } from './partner-enquiry.entity';
import { SuppressionEntity } from './privacy.entity';
import { SelfServiceTokenEntity } from './self-service-token.entity';
import { type SealedFields } from './personal-data-vault';

/** Whom a link or session is for. */
export interface SelfServiceSubject {
  kind: 'email' | 'phone';
  index: string;
  masked: string;
  sealed: SealedFields;
}

export type LinkUse =
  { outcome: 'opened'; session: SelfServiceTokenEntity } | { outcome: 'unknown' | 'used' | 'expired' };

@Injectable()
export class SelfServiceRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A link request's writes, once per idempotency key (a repeated request sends nothing more). */
  requestLinkOnce<T>(
    guard: WriteGuard,
    write: (manager: EntityManager) => Promise<T>,
  ): Promise<WriteOnceResult<T>> {
    return writeOnce(this.dataSource, {
      scope: 'RequestSelfServiceLink',
      key: guard.key,
      request: guard.request,
      beforeCommit: () => guard.beforeCommit(),
      write,
    });
  }

  /** Several writes of one self-service action, committed together. */
  inTransaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Stores a link (by its hash) inside the caller's transaction, with the message that carries it. */
  async storeLink(
    manager: EntityManager,
    subject: SelfServiceSubject,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<void> {
    await manager.getRepository(SelfServiceTokenEntity).insert({
      tokenHash,
      kind: 'link',
      subjectKind: subject.kind,
      subjectIndex: subject.index,
      maskedSubject: subject.masked,
      dataKeyId: subject.sealed.dataKeyId,
      sealed: subject.sealed.sealed,
      expiresAt,
      usedAt: null,
    });
  }

  /**
   * Uses a link up and opens its session, in one transaction with the link locked: of two
   * requests with the same link, one opens a session and the other finds it used.
   */
  useLink(linkHash: string, sessionHash: string, sessionExpiresAt: Date, now: Date): Promise<LinkUse> {
    return this.dataSource.transaction(async (manager) => {
      const tokens = manager.getRepository(SelfServiceTokenEntity);
      const link = await tokens.findOne({
        where: { tokenHash: linkHash, kind: 'link' },
        lock: { mode: 'pessimistic_write' },
      });
      if (!link) return { outcome: 'unknown' };
      if (link.usedAt) return { outcome: 'used' };
      if (link.expiresAt.getTime() <= now.getTime()) return { outcome: 'expired' };
      await tokens.update({ id: link.id }, { usedAt: now });
      const session = {
        tokenHash: sessionHash,
        kind: 'session' as const,
        subjectKind: link.subjectKind,
        subjectIndex: link.subjectIndex,
        maskedSubject: link.maskedSubject,
        dataKeyId: link.dataKeyId,
        sealed: link.sealed,
        expiresAt: sessionExpiresAt,
        usedAt: null,
      };
      await tokens.insert(session);
      return { outcome: 'opened', session: await tokens.findOneByOrFail({ tokenHash: sessionHash }) };
    });
  }

  /** A session in force (not expired, not ended), or null. */
  async findSession(sessionHash: string, now: Date): Promise<SelfServiceTokenEntity | null> {
    const session = await this.dataSource
      .getRepository(SelfServiceTokenEntity)
      .findOneBy({ tokenHash: sessionHash, kind: 'session' });
    if (!session || session.usedAt || session.expiresAt.getTime() <= now.getTime()) return null;
    return session;
  }

  /** Ends every session and link of a subject (after an erasure nothing of them is left to open). */
  async endAllOf(manager: EntityManager, subjectIndex: string, now: Date): Promise<void> {
    await manager
      .getRepository(SelfServiceTokenEntity)
      .update({ subjectIndex, usedAt: IsNull() }, { usedAt: now, dataKeyId: null, sealed: null });
  }

  /** Links and sessions expired a day ago or more are deleted (they prove nothing any more). */
  async deleteExpired(before: Date): Promise<number> {
    const result = await this.dataSource
      .getRepository(SelfServiceTokenEntity)
      .delete({ expiresAt: LessThan(before) });
    return result.affected ?? 0;
  }

  /** Whether anything is stored about an address's blind index (applications, messages, enquiries, suppression). */
  async knows(index: string): Promise<boolean> {
    const [row] = await this.dataSource.query<{ known: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM "leads"."applications" WHERE "email_index" = $1 OR "phone_index" = $1)
           OR EXISTS (SELECT 1 FROM "leads"."contact_messages" WHERE "email_index" = $1 OR "phone_index" = $1)
           OR EXISTS (SELECT 1 FROM "leads"."partner_enquiries" WHERE "email_index" = $1 OR "phone_index" = $1) AS "known"`,
      [index],
    );
    return row?.known === true;
  }

  contactMessagesOf(index: string): Promise<ContactMessageEntity[]> {
    return this.dataSource
      .getRepository(ContactMessageEntity)
      .find({ where: [{ emailIndex: index }, { phoneIndex: index }], order: { receivedAt: 'ASC' } });
  }

  partnerEnquiriesOf(index: string): Promise<PartnerEnquiryEntity[]> {
    return this.dataSource
      .getRepository(PartnerEnquiryEntity)
      .find({ where: [{ emailIndex: index }, { phoneIndex: index }], order: { receivedAt: 'ASC' } });
  }

  async suppressed(indexes: readonly string[]): Promise<boolean> {
    if (indexes.length === 0) return false;
    return (
      (await this.dataSource.getRepository(SuppressionEntity).countBy({ blindIndex: In([...indexes]) })) > 0
    );
  }

  /** Marketing stops for an address (the suppression list, by blind index). */
  async suppress(manager: EntityManager, index: string, channel: 'email' | 'phone'): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(SuppressionEntity)
      .values([{ blindIndex: index, channel }])
      .orIgnore()
      .execute();
  }
}
