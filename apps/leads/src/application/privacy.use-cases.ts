import { Inject, Injectable } from '@nestjs/common';
import { leadsV1 } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { type Deadline, invalidArgument, LOGGER, notFound, SERVICE_CONFIG } from '@lib/service-kit';
import { DRAFT_RETENTION_DAYS, consentVersion } from '../domain/application-journey';
import { saltedHash } from '../domain/envelope-crypto';
import { type LeadsConfig } from '../leads.config';
import { ApplicationsRepository } from '../persistence/applications.repository';
import { ContactMessagesRepository } from '../persistence/contact-messages.repository';
import { PeerServices } from '../persistence/peer-services';
import { PersonalDataVault } from '../persistence/personal-data-vault';
import { type ErasureRequestEntity, type RequestStatusValue } from '../persistence/privacy.entity';
import { PrivacyRepository, type RequestSubject } from '../persistence/privacy.repository';
import { SubmitRateLimiter } from '../persistence/submit-rate-limiter';
import { MARKETING_CONSENTS } from './lead-mappings';

/** Who asks: a normalised e-mail and/or mobile phone (at least one). */
export interface PrivacySubject {
  email: string | undefined;
  phone: string | undefined;
}

export interface PrivacyCommand {
  subject: PrivacySubject;
  idempotencyKey: string | undefined;
}

const STATUS: Record<RequestStatusValue, leadsV1.RequestStatus> = {
  received: leadsV1.RequestStatus.RECEIVED,
  in_progress: leadsV1.RequestStatus.IN_PROGRESS,
  completed: leadsV1.RequestStatus.COMPLETED,
  rejected: leadsV1.RequestStatus.REJECTED,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Application ids per ForgetLeadRequests call (the most the offers service takes in one). */
export const FORGET_BATCH = 1_000;

/**
 * Unsubscribe and erasure (GDPR art. 17), and the retention of personal data. Both requests put the
 * e-mail and phone on the suppression list at once. An erasure is recorded first (so it is never
 * lost), then carried out: the leads tables in one transaction, the rate counters under the
 * person's blind indexes in Redis, then the copies other services hold: the offers service's stored
 * requests of the applications (ForgetLeadRequests, which ends their lead feed) and the content
 * service's comments (AnonymiseCommenter). When either call fails the request stays IN_PROGRESS,
 * keeping what the calls need, and the job repeats both (a repeat finds nothing left). Once done,
 * the request keeps only a salted hash of who asked.
 */
@Injectable()
export class PrivacyUseCases {
  constructor(
    private readonly privacy: PrivacyRepository,
    private readonly applications: ApplicationsRepository,
    private readonly contact: ContactMessagesRepository,
    private readonly vault: PersonalDataVault,
    private readonly peers: PeerServices,
    private readonly counters: SubmitRateLimiter,
    @Inject(SERVICE_CONFIG) private readonly config: LeadsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async unsubscribe(command: PrivacyCommand, deadline: Deadline): Promise<leadsV1.UnsubscribeResponse> {
    const subject = this.subjectOf(command.subject);
    const result = await this.privacy.unsubscribeOnce(
      subject,
      () =>
        MARKETING_CONSENTS.map((key) => ({
          consentKey: key,
          granted: false,
          textVersion: consentVersion(key),
        })),
      {
        key: command.idempotencyKey,
        request: this.vault.fingerprint(command.subject),
        beforeCommit: () => deadline.assertTimeLeft(),
      },
    );
    if (result.outcome === 'key-reused') throw keyReused();
    return {
      requestId: result.answer.id,
      status: leadsV1.RequestStatus.COMPLETED,
      receivedAt: result.answer.receivedAt,
    };
  }

  async requestErasure(command: PrivacyCommand, deadline: Deadline): Promise<leadsV1.ErasureRequest> {
    const subject = this.subjectOf(command.subject);
    const email = command.subject.email;
    // The e-mail is kept (sealed) only until the content service has anonymised the comments.
    const sealedEmail = email ? await this.vault.seal('erasure_requests', { email }) : null;
    const result = await this.privacy.requestErasureOnce(subject, sealedEmail, {
      key: command.idempotencyKey,
      request: this.vault.fingerprint(command.subject),
      beforeCommit: () => deadline.assertTimeLeft(),
    });
    if (result.outcome === 'key-reused') throw keyReused();
    if (result.outcome === 'stored') await this.carryOut(result.answer.id);
    return this.getErasureRequest(result.answer.id);
  }

  async getErasureRequest(id: string): Promise<leadsV1.ErasureRequest> {
    const row = await this.privacy.findErasure(id);
    if (!row) throw notFound('erasure request', id);
    return toErasureRequest(row);
  }

  /** The job: finishes every erasure still pending (a content service that was away, a crash mid-way). */
  async finishPendingErasures(): Promise<number> {
    let finished = 0;
    for (const request of await this.privacy.pendingErasures(100)) {
      if (await this.carryOut(request.id)) finished += 1;
    }
    return finished;
  }

  /** Retention: drafts after DRAFT_RETENTION_DAYS without change, leads and messages after LEADS_RETENTION_DAYS. */
  async applyRetention(now = new Date()): Promise<{ drafts: number; leads: number; messages: number }> {
    const draftsBefore = new Date(now.getTime() - DRAFT_RETENTION_DAYS * DAY_MS);
    const leadsBefore = new Date(now.getTime() - this.config.LEADS_RETENTION_DAYS * DAY_MS);
    const { drafts, leads } = await this.applications.deleteExpired(draftsBefore, leadsBefore);
    const messages = await this.contact.deleteReceivedBefore(leadsBefore);
    return { drafts, leads, messages };
  }

  /** Carries out one erasure as far as it can; true once it is completed. */
  private async carryOut(id: string): Promise<boolean> {
    const { request, indexes } = await this.privacy.eraseLocalData(id);
    if (request.status === 'completed') return true;
    await this.forgetCounters(request, indexes);
    const forgotten = await this.forgetLeadRequests(request);
    const anonymised = await this.anonymiseComments(request);
    if (!forgotten || anonymised === undefined) return false;
    await this.privacy.complete(id, anonymised);
    this.logger.info({ erasureRequestId: id }, 'erasure completed');
    return true;
  }

  /**
   * The submit and link counters under the person's blind indexes (the request's, and on the run
   * that found them, those of the applications erased). Best effort: they end with their one-hour
   * window anyway, and an erasure never waits on Redis for them.
   */
  private async forgetCounters(request: ErasureRequestEntity, indexes: readonly string[]): Promise<void> {
    try {
      await this.counters.forget(indexes);
    } catch (error) {
      this.logger.warn(
        { err: error, erasureRequestId: request.id },
        'erasure: rate counters of the person not dropped; they end within the hour',
      );
    }
  }

  /** The offers service forgets the applications' stored requests; false when it did not answer. */
  private async forgetLeadRequests(request: ErasureRequestEntity): Promise<boolean> {
    const ids = request.applicationIds ?? [];
    try {
      for (let at = 0; at < ids.length; at += FORGET_BATCH)
        await this.peers.offers.forgetLeadRequests({ applicationIds: ids.slice(at, at + FORGET_BATCH) });
      return true;
    } catch (error) {
      this.logger.warn(
        { err: error, erasureRequestId: request.id, attempts: request.attempts },
        'erasure: offers service did not forget the lead requests; the job retries',
      );
      return false;
    }
  }

  /** The content service anonymises the person's comments: how many, or undefined when it did not answer. */
  private async anonymiseComments(request: ErasureRequestEntity): Promise<number | undefined> {
    if (!request.sealed || !request.dataKeyId) return 0;
    const { email } = await this.vault.open('erasure_requests', request.dataKeyId, request.sealed);
    try {
      return (await this.peers.content.anonymiseCommenter({ email: email! })).anonymisedComments;
    } catch (error) {
      this.logger.warn(
        { err: error, erasureRequestId: request.id, attempts: request.attempts },
        'erasure: content service did not anonymise comments; the job retries',
      );
      return undefined;
    }
  }

  private subjectOf(subject: PrivacySubject): RequestSubject {
    return {
      emailIndex: this.vault.index('email', subject.email),
      phoneIndex: this.vault.index('phone', subject.phone),
      subjectHash: saltedHash(`${subject.email?.toLowerCase() ?? ''}|${subject.phone ?? ''}`),
    };
  }
}

function toErasureRequest(row: ErasureRequestEntity): leadsV1.ErasureRequest {
  return {
    requestId: row.id,
    status: STATUS[row.status],
    receivedAt: row.receivedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? '',
    erasedRecords: row.erasedRecords,
    rejectionReason: row.rejectionReason ?? '',
  };
}

const keyReused = () =>
  invalidArgument([
    {
      field: 'idempotencyKey',
      description: 'was already used for a different request; a new request needs a new key',
    },
  ]);
