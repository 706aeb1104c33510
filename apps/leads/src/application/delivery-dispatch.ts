import { Inject, Injectable } from '@nestjs/common';
import { type DeliverableField, type LenderDirectory } from '@lib/partner-delivery';
import { type Logger } from '@lib/observability';
import { warsawDay } from '@lib/pl-calendar';
import { LOGGER } from '@lib/service-kit';
import { deliveryBody } from '../domain/delivery-body';
import { type AttemptVerdict, judgeAttempt } from '../domain/delivery-outcome';
import { ApplicationsRepository } from '../persistence/applications.repository';
import { type ClaimedDelivery, DeliveriesRepository } from '../persistence/deliveries.repository';
import { LENDER_DIRECTORY } from '../persistence/lender-directory.provider';
import { LenderClient } from '../persistence/lender-client';
import { PersonalDataVault } from '../persistence/personal-data-vault';
import { consentGiven, sealScope } from './application-records';

/** Deliveries sent at once by one pass (each to its own lender, within the lender's timeout). */
const BATCH = 16;

/** What one pass did, for the log and the tests. */
export interface DispatchPass {
  attempted: number;
  byState: Partial<Record<AttemptVerdict['state'] | 'skipped', number>>;
}

/**
 * Sends due deliveries: for each, the application's sealed fields are opened, the body is built
 * with the lender's required fields only, signed and POSTed; the verdict is recorded with the
 * lender's answer. One pass at a time in the whole deployment (the job holds the advisory lock).
 */
@Injectable()
export class DeliveryDispatch {
  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly applications: ApplicationsRepository,
    private readonly vault: PersonalDataVault,
    private readonly client: LenderClient,
    @Inject(LENDER_DIRECTORY) private readonly directory: LenderDirectory,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async dispatchDue(now: () => Date = () => new Date()): Promise<DispatchPass> {
    const pass: DispatchPass = { attempted: 0, byState: {} };
    for (;;) {
      const claimed = await this.deliveries.claimDue(BATCH, now());
      if (claimed.length === 0) return pass;
      const states = await Promise.all(claimed.map((d) => this.attempt(d, now)));
      pass.attempted += claimed.length;
      for (const state of states) pass.byState[state] = (pass.byState[state] ?? 0) + 1;
      if (claimed.length < BATCH) return pass;
    }
  }

  private async attempt(
    delivery: ClaimedDelivery,
    now: () => Date,
  ): Promise<AttemptVerdict['state'] | 'skipped'> {
    const lender = this.directory.lenders.find((l) => l.slug === delivery.lenderSlug);
    const application = await this.applications.findById(delivery.applicationId);
    let verdict: AttemptVerdict;
    if (!application || application.status === 'erased' || !application.sealed || !application.dataKeyId) {
      verdict = {
        state: 'failed',
        httpStatus: null,
        reason: null,
        detail: 'the application is gone or erased; not sent',
        cause: 'notSent',
      };
    } else if (!lender || !lender.enabled) {
      // Taken out of the file (or switched off) after the delivery was queued: kept for a replay.
      verdict = {
        state: 'failed',
        httpStatus: null,
        reason: null,
        detail: 'the lender no longer takes applications (delivery file); not sent',
        cause: 'notSent',
      };
    } else {
      const consents = await this.applications.consentsOf(application.id);
      if (!consentGiven(consents, 'delivery')) {
        verdict = {
          state: 'failed',
          httpStatus: null,
          reason: null,
          detail: 'the delivery consent is not in force; not sent',
          cause: 'notSent',
        };
      } else {
        const personal = await this.vault.open(
          sealScope(application.id),
          application.dataKeyId,
          application.sealed,
        );
        const sentAt = now();
        const body = deliveryBody(
          {
            deliveryId: delivery.id,
            applicationId: application.id,
            lenderSlug: lender.slug,
            amountGrosze: application.amountGrosze ?? 0,
            periodDays: application.periodDays ?? 0,
            purpose: application.purpose ?? '',
            incomeSource: application.incomeSource,
            personal,
            creditBureauConsent: consentGiven(consents, 'creditBureau'),
          },
          delivery.fields as DeliverableField[],
          warsawDay(sentAt),
          sentAt,
        );
        const result = await this.client.deliver(lender, body, sentAt);
        verdict = judgeAttempt(delivery.id, delivery.attempts, result);
      }
    }
    const recorded = await this.deliveries.recordAttempt(delivery, verdict, now());
    if (!recorded) return 'skipped';
    const log = {
      deliveryId: delivery.id,
      lender: delivery.lenderSlug,
      attempt: delivery.attempts,
      state: verdict.state,
      httpStatus: verdict.httpStatus,
    };
    if (verdict.state === 'failed' || verdict.state === 'queued')
      this.logger.warn({ ...log, detail: verdict.detail }, 'delivery attempt did not reach a decision');
    else this.logger.info(log, 'delivery attempt answered');
    return verdict.state;
  }
}
