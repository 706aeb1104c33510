import { Injectable } from '@nestjs/common';
import { writeOnce, type WriteOnceResult } from '@lib/database';
import { DataSource, type EntityManager, In } from 'typeorm';
import { erasureEvent } from '../domain/stream-events';
import { ApplicationEntity } from './application.entity';
import { type ConsentRecord, ApplicationsRepository } from './applications.repository';
import { ContactMessagesRepository, type WriteGuard } from './contact-messages.repository';
import { DeliveriesRepository } from './deliveries.repository';
import { OutboundMessagesRepository } from './outbound-messages.repository';
import { type SealedFields } from './personal-data-vault';
import { ErasureRequestEntity, SuppressionEntity, UnsubscribeRequestEntity } from './privacy.entity';
import { SelfServiceTokenEntity } from './self-service-token.entity';
import { StreamEventsRepository } from './stream-events.repository';

/** One run of the local erasure: the request as it now stands, and the blind indexes it found. */
export interface LocalErasure {
  request: ErasureRequestEntity;
  /**
   * The request's own blind indexes and those of the applications it erased (an application ties
   * the person's e-mail to their phone): what the rate counters in Redis are keyed by. Known only to
   * the run that found the applications, never stored.
   */
  indexes: string[];
}

export interface StoredRequest {
  id: string;
  receivedAt: string;
}

/** Who a request is about: blind indexes (lookups) and the salted hash (audit). */
export interface RequestSubject {
  emailIndex: string | null;
  phoneIndex: string | null;
  subjectHash: string;
}

/** Suppression list, unsubscribe and erasure requests, and the erasure itself across the leads tables. */
@Injectable()
export class PrivacyRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly applications: ApplicationsRepository,
    private readonly contact: ContactMessagesRepository,
    private readonly deliveries: DeliveriesRepository,
    private readonly messages: OutboundMessagesRepository,
    private readonly streamEvents: StreamEventsRepository,
  ) {}

  /**
   * Unsubscribe, in one transaction: the e-mail and phone join the suppression list, the marketing
   * consents of their applications are withdrawn (an answer 'not granted', timed now; a
   * consentWithdrawn event for each that was in force), and the request is recorded with only a
   * salted hash of who asked.
   */
  unsubscribeOnce(
    subject: RequestSubject,
    withdrawals: (application: ApplicationEntity) => ConsentRecord[],
    guard: WriteGuard,
  ): Promise<WriteOnceResult<StoredRequest>> {
    return writeOnce(this.dataSource, {
      scope: 'Unsubscribe',
      key: guard.key,
      request: guard.request,
      beforeCommit: () => guard.beforeCommit(),
      write: async (manager) => {
        await this.suppress(manager, subject);
        for (const application of await this.applications.findByIndexes(indexesOf(subject), manager)) {
          await this.applications.appendWithdrawals(
            manager,
            application.id,
            withdrawals(application),
            'unsubscribe',
          );
        }
        const saved = await manager
          .getRepository(UnsubscribeRequestEntity)
          .save({ subjectHash: subject.subjectHash });
        return { id: saved.id, receivedAt: saved.receivedAt.toISOString() };
      },
    });
  }

  /** Records an erasure request (suppressed from marketing at once); the erasure runs after the commit. */
  requestErasureOnce(
    subject: RequestSubject,
    sealedEmail: SealedFields | null,
    guard: WriteGuard,
  ): Promise<WriteOnceResult<StoredRequest>> {
    return writeOnce(this.dataSource, {
      scope: 'RequestErasure',
      key: guard.key,
      request: guard.request,
      beforeCommit: () => guard.beforeCommit(),
      write: async (manager) => {
        await this.suppress(manager, subject);
        const saved = await manager.getRepository(ErasureRequestEntity).save({
          status: 'received',
          subjectHash: subject.subjectHash,
          emailIndex: subject.emailIndex,
          phoneIndex: subject.phoneIndex,
          dataKeyId: sealedEmail?.dataKeyId ?? null,
          sealed: sealedEmail?.sealed ?? null,
          erasedRecords: 0,
        });
        return { id: saved.id, receivedAt: saved.receivedAt.toISOString() };
      },
    });
  }

  findErasure(id: string): Promise<ErasureRequestEntity | null> {
    return this.dataSource.getRepository(ErasureRequestEntity).findOneBy({ id });
  }

  /** Requests not completed yet, oldest first (the job's work list). */
  pendingErasures(limit: number): Promise<ErasureRequestEntity[]> {
    return this.dataSource.getRepository(ErasureRequestEntity).find({
      where: { status: In(['received', 'in_progress']) },
      order: { receivedAt: 'ASC' },
      take: limit,
    });
  }

  /**
   * Erases the leads service's own data of a request's subject in one transaction (the request row
   * locked, so two runs never race): applications and drafts (drafts deleted; leads keep only
   * anonymous figures), contact messages and partner enquiries; deliveries not sent yet are withdrawn
   * and the lenders' words about the applications emptied; e-mails and SMS to the person deleted
   * (queued ones never go out), and their self-service links and sessions with them. Sets the
   * request IN_PROGRESS with the count and the ids of the submitted applications (the offers service
   * still holds their requests; drafts never reach it); running it again finds nothing more. The
   * first run reports the erasure to the analysts' stream, with its counts only (personalDataErased).
   */
  async eraseLocalData(requestId: string): Promise<LocalErasure> {
    return this.dataSource.transaction(async (manager) => {
      const request = await manager
        .getRepository(ErasureRequestEntity)
        .findOneOrFail({ where: { id: requestId }, lock: { mode: 'pessimistic_write' } });
      if (request.status === 'completed' || request.status === 'rejected') return { request, indexes: [] };
      const indexes = indexesOf(request);
      const linked = new Set(indexes);
      const now = new Date();
      const counts = { applications: 0, drafts: 0, contactRecords: 0, deliveriesStopped: 0 };
      let submitted: string[] = [];
      if (indexes.length > 0) {
        const matching = '(email_index IN (:...indexes) OR phone_index IN (:...indexes))';
        // What has not reached a lender or the person yet stops here: nothing goes out after an erasure.
        const found = await this.applications.findByIndexes(indexes, manager);
        const leadIds = found.map((a) => a.id);
        submitted = found.filter((a) => a.status !== 'draft').map((a) => a.id);
        for (const index of found.flatMap((a) => indexesOf(a))) linked.add(index);
        await this.deliveries.forgetLenderTexts(manager, leadIds);
        counts.deliveriesStopped = await this.deliveries.withdrawQueued(manager, leadIds, 'erased', now);
        await this.messages.eraseFor(manager, indexes);
        await manager.getRepository(SelfServiceTokenEntity).delete({ subjectIndex: In(indexes) });
        const drafts = await manager
          .createQueryBuilder()
          .delete()
          .from(ApplicationEntity)
          .where(`status = 'draft' AND ${matching}`, { indexes })
          .execute();
        const leads = await manager
          .createQueryBuilder()
          .update(ApplicationEntity)
          .set({
            status: 'erased',
            dataKeyId: null,
            sealed: null,
            emailIndex: null,
            phoneIndex: null,
            attribution: null,
            erasedAt: () => 'now()',
          })
          .where(matching, { indexes })
          .execute();
        counts.drafts = drafts.affected ?? 0;
        counts.applications = leads.affected ?? 0;
        counts.contactRecords = await this.contact.eraseByIndexes(manager, indexes);
      }
      if (request.status === 'received')
        await this.streamEvents.record(manager, [erasureEvent(request.id, counts)], now);
      request.status = 'in_progress';
      // Kept across runs: a later run finds none of them again (their blind indexes are gone).
      request.applicationIds = [...new Set([...(request.applicationIds ?? []), ...submitted])];
      request.erasedRecords += counts.drafts + counts.applications + counts.contactRecords;
      request.attempts += 1;
      return {
        request: await manager.getRepository(ErasureRequestEntity).save(request),
        indexes: [...linked],
      };
    });
  }

  /** Completed: only the salted hash, the count and the times stay (the application ids go too). */
  async complete(requestId: string, extraErased: number): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(ErasureRequestEntity)
      .set({
        status: 'completed',
        completedAt: () => 'now()',
        erasedRecords: () => `erased_records + ${Math.max(0, Math.trunc(extraErased))}`,
        emailIndex: null,
        phoneIndex: null,
        dataKeyId: null,
        sealed: null,
        applicationIds: null,
      })
      .where('id = :id AND status = :status', { id: requestId, status: 'in_progress' })
      .execute();
  }

  private async suppress(manager: EntityManager, subject: RequestSubject): Promise<void> {
    const rows = [
      ...(subject.emailIndex ? [{ blindIndex: subject.emailIndex, channel: 'email' as const }] : []),
      ...(subject.phoneIndex ? [{ blindIndex: subject.phoneIndex, channel: 'phone' as const }] : []),
    ];
    if (rows.length > 0)
      await manager.createQueryBuilder().insert().into(SuppressionEntity).values(rows).orIgnore().execute();
  }
}

function indexesOf(subject: { emailIndex: string | null; phoneIndex: string | null }): string[] {
  return [subject.emailIndex, subject.phoneIndex].filter((i): i is string => i !== null);
}
