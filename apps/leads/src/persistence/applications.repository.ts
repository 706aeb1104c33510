import { Injectable } from '@nestjs/common';
import { writeOnce, type WriteOnceResult } from '@lib/database';
import { notFound } from '@lib/service-kit';
import { type ConsentKey } from '@lib/pl-validation';
import { DataSource, In, LessThan, type EntityManager } from 'typeorm';
import { consentWithdrawnEvent, type WithdrawalChannel } from '../domain/stream-events';
import {
  ApplicationConsentEntity,
  ApplicationEntity,
  type ApplicationStatusValue,
} from './application.entity';
import { type WriteGuard } from './contact-messages.repository';
import { StreamEventsRepository } from './stream-events.repository';

/** What a saved step or a submit is answered with, kept with its idempotency key for repeats. */
export interface StoredApplication {
  applicationId: string;
  status: ApplicationStatusValue;
  /** RFC 3339. */
  createdAt: string;
  /** True when the draft had already been submitted before this call (a double click without key). */
  alreadySubmitted: boolean;
}

/** One consent answer to append. */
export interface ConsentRecord {
  consentKey: string;
  granted: boolean;
  textVersion: string;
}

/** A step saved or a submit: the row's new values (personal fields already sealed) and the new consent answers. */
export interface ApplicationWrite {
  id: string;
  /** The row exists (a draft being continued); false: inserted. */
  existing: boolean;
  values: Omit<ApplicationEntity, 'id' | 'createdAt' | 'updatedAt' | 'erasedAt'>;
  consents: ConsentRecord[];
  /** More rows of a submit (its deliveries, its confirmation) in the same transaction. */
  afterWrite?: (manager: EntityManager) => Promise<void>;
}

const answerOf = (row: ApplicationEntity, alreadySubmitted: boolean): StoredApplication => ({
  applicationId: row.id,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  alreadySubmitted,
});

@Injectable()
export class ApplicationsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly streamEvents: StreamEventsRepository,
  ) {}

  findById(id: string): Promise<ApplicationEntity | null> {
    return this.dataSource.getRepository(ApplicationEntity).findOneBy({ id });
  }

  /** Every consent answer of an application, oldest first (the last per key is in force). */
  consentsOf(applicationId: string): Promise<ApplicationConsentEntity[]> {
    return this.dataSource
      .getRepository(ApplicationConsentEntity)
      .find({ where: { applicationId }, order: { answeredAt: 'ASC', id: 'ASC' } });
  }

  /**
   * Saves a step or submits, in one transaction with the consent answers and the idempotency key: a
   * database failure stores none of it. A draft is locked while it changes; one submitted already is
   * answered as it is (a second submit of it changes nothing).
   */
  saveOnce(
    scope: 'SubmitApplication',
    change: ApplicationWrite,
    guard: WriteGuard,
  ): Promise<WriteOnceResult<StoredApplication>> {
    return writeOnce(this.dataSource, {
      scope,
      key: guard.key,
      request: guard.request,
      beforeCommit: () => guard.beforeCommit(),
      write: async (manager) => {
        const applications = manager.getRepository(ApplicationEntity);
        if (change.existing) {
          const row = await applications.findOne({
            where: { id: change.id },
            lock: { mode: 'pessimistic_write' },
          });
          if (!row || row.status === 'erased') throw notFound('application', change.id);
          if (row.status !== 'draft') return answerOf(row, true);
          await applications.update({ id: change.id }, change.values);
        } else {
          await applications.insert({ id: change.id, ...change.values });
        }
        await this.appendConsents(manager, change.id, change.consents);
        await change.afterWrite?.(manager);
        return answerOf(await applications.findOneByOrFail({ id: change.id }), false);
      },
    });
  }

  /** Appends consent answers (a withdrawal is an answer 'not granted'), timed now. */
  async appendConsents(
    manager: EntityManager,
    applicationId: string,
    consents: readonly ConsentRecord[],
  ): Promise<void> {
    if (consents.length === 0) return;
    const answeredAt = new Date();
    await manager
      .getRepository(ApplicationConsentEntity)
      .insert(consents.map((c) => ({ applicationId, ...c, answeredAt })));
  }

  /** One consent withdrawn through the WithdrawConsent call. */
  /** Withdraws one consent; `alsoWrite` runs in the same transaction (stopping what the consent allowed). */
  withdrawConsent(
    applicationId: string,
    consent: ConsentRecord,
    alsoWrite?: (manager: EntityManager) => Promise<unknown>,
  ): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      await this.appendWithdrawals(manager, applicationId, [consent], 'withdrawConsent');
      await alsoWrite?.(manager);
    });
  }

  /**
   * Withdraws consents of one application in the caller's transaction: an answer 'not granted' for
   * each (timed now), and a consentWithdrawn event for each that was in force until then. A
   * withdrawal of a consent never given, or already withdrawn, is recorded but tells the analysts
   * nothing.
   */
  async appendWithdrawals(
    manager: EntityManager,
    applicationId: string,
    consents: readonly ConsentRecord[],
    channel: WithdrawalChannel,
  ): Promise<void> {
    if (consents.length === 0) return;
    const given = await this.givenAmong(
      manager,
      applicationId,
      consents.map((c) => c.consentKey),
    );
    await this.appendConsents(
      manager,
      applicationId,
      consents.map((c) => ({ ...c, granted: false })),
    );
    await this.streamEvents.record(
      manager,
      given.map((key) => consentWithdrawnEvent(applicationId, key, channel)),
      new Date(),
    );
  }

  /** Which of `keys` are in force on the application: their last answer was 'given'. */
  private async givenAmong(
    manager: EntityManager,
    applicationId: string,
    keys: readonly string[],
  ): Promise<ConsentKey[]> {
    const rows: { consent_key: string; granted: boolean }[] = await manager.query(
      `SELECT DISTINCT ON ("consent_key") "consent_key", "granted"
         FROM "leads"."application_consents"
        WHERE "application_id" = $1 AND "consent_key" = ANY($2::varchar[])
        ORDER BY "consent_key", "answered_at" DESC, "id" DESC`,
      [applicationId, [...new Set(keys)]],
    );
    return rows.filter((r) => r.granted).map((r) => r.consent_key as ConsentKey);
  }

  /** Submitted applications still 'received' (not matched yet), submitted before `before`, oldest first. */
  receivedBefore(before: Date, limit: number): Promise<ApplicationEntity[]> {
    return this.dataSource.getRepository(ApplicationEntity).find({
      where: { status: 'received', submittedAt: LessThan(before) },
      order: { submittedAt: 'ASC' },
      take: limit,
    });
  }

  /**
   * A 'received' application matched later: its status and `afterWrite` (its deliveries) in one
   * transaction, only while it is still 'received' (an erasure or another completion wins).
   */
  completeReceived(
    id: string,
    status: 'matched' | 'rejected',
    afterWrite: (manager: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const result = await manager
        .getRepository(ApplicationEntity)
        .update({ id, status: 'received' }, { status });
      if (!result.affected) return false;
      await afterWrite(manager);
      return true;
    });
  }

  /** Applications of these blind indexes (e-mail or phone), for unsubscribe and erasure. */
  findByIndexes(
    indexes: readonly string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ApplicationEntity[]> {
    if (indexes.length === 0) return Promise.resolve([]);
    return manager
      .getRepository(ApplicationEntity)
      .find({ where: [{ emailIndex: In([...indexes]) }, { phoneIndex: In([...indexes]) }] });
  }

  /** Retention: drafts untouched since `draftsBefore` and leads submitted before `leadsBefore` are deleted (consents with them). */
  async deleteExpired(draftsBefore: Date, leadsBefore: Date): Promise<{ drafts: number; leads: number }> {
    const applications = this.dataSource.getRepository(ApplicationEntity);
    const drafts = await applications.delete({ status: 'draft', updatedAt: LessThan(draftsBefore) });
    const leads = await applications.delete({
      status: In(['received', 'matched', 'rejected', 'erased']),
      createdAt: LessThan(leadsBefore),
    });
    return { drafts: drafts.affected ?? 0, leads: leads.affected ?? 0 };
  }
}
