import { Inject, Injectable } from '@nestjs/common';
import { leadsV1 } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { type ConsentKey } from '@lib/pl-validation';
import { warsawDay } from '@lib/pl-calendar';
import {
  type Deadline,
  failedPrecondition,
  invalidArgument,
  LOGGER,
  notFound,
  SERVICE_CONFIG,
  unauthenticated,
} from '@lib/service-kit';
import { consentVersion } from '../domain/application-journey';
import {
  maskAddress,
  newSecretToken,
  SELF_SERVICE_LINK_HOURS,
  SELF_SERVICE_SESSION_MINUTES,
  tokenHash,
} from '../domain/link-tokens';
import { selfServiceLink, selfServiceSms } from '../domain/messages';
import { type LeadsConfig } from '../leads.config';
import { ApplicationsRepository } from '../persistence/applications.repository';
import { DeliveriesRepository } from '../persistence/deliveries.repository';
import { PersonalDataVault } from '../persistence/personal-data-vault';
import { type SelfServiceTokenEntity } from '../persistence/self-service-token.entity';
import { SelfServiceRepository } from '../persistence/self-service.repository';
import { SubmitRateLimiter } from '../persistence/submit-rate-limiter';
import { consentsInForce, sealScope } from './application-records';
import { CONSENT_KEYS_BY_TYPE, CONSENT_TYPES_BY_KEY, MARKETING_CONSENTS } from './lead-mappings';
import { MessageOutbox } from './message-outbox';
import { OutboxSignal } from './outbox-signal';
import { PrivacyUseCases } from './privacy.use-cases';

/** Who asks for a link: exactly one normalised address. */
export type LinkRequestSubject = { kind: 'email'; address: string } | { kind: 'phone'; address: string };

const HOUR_MS = 60 * 60_000;

/** Consents a person can withdraw here; the terms are accepted, not consented, and stay. */
const WITHDRAWABLE: readonly ConsentKey[] = ['matching', 'delivery', 'creditBureau', ...MARKETING_CONSENTS];

/**
 * Verified self-service (GDPR art. 12(6), 15, 17, 20, 21): a link sent to the address the person
 * gave (never acted on before it is followed), a short session opened by the link once, and what
 * the session may do: read the consents, withdraw any of them, stop marketing, download every
 * record, erase. A request for a link is answered alike whether or not the address is known.
 */
@Injectable()
export class SelfServiceUseCases {
  constructor(
    private readonly selfService: SelfServiceRepository,
    private readonly applications: ApplicationsRepository,
    private readonly deliveries: DeliveriesRepository,
    private readonly vault: PersonalDataVault,
    private readonly limiter: SubmitRateLimiter,
    private readonly outbox: MessageOutbox,
    private readonly queued: OutboxSignal,
    private readonly privacy: PrivacyUseCases,
    @Inject(SERVICE_CONFIG) private readonly config: LeadsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async requestLink(
    subject: LinkRequestSubject,
    idempotencyKey: string | undefined,
    deadline: Deadline,
    now = new Date(),
  ): Promise<leadsV1.RequestSelfServiceLinkResponse> {
    if (subject.kind === 'phone' && !this.outbox.smsAvailable)
      return { channel: leadsV1.SelfServiceChannel.UNAVAILABLE, expiresAt: '', duplicate: false };
    const channel =
      subject.kind === 'email' ? leadsV1.SelfServiceChannel.EMAIL : leadsV1.SelfServiceChannel.SMS;
    const expiresAt = new Date(now.getTime() + SELF_SERVICE_LINK_HOURS * HOUR_MS);
    const index = this.vault.index(subject.kind, subject.address)!;
    const result = await this.selfService.requestLinkOnce(
      {
        key: idempotencyKey,
        request: this.vault.fingerprint(subject),
        beforeCommit: () => deadline.assertTimeLeft(),
      },
      async (manager) => {
        const answer = { channel, expiresAt: expiresAt.toISOString() };
        if (!(await this.selfService.knows(index))) return answer;
        if (!(await this.limiter.takeLink(index))) {
          this.logger.warn(
            { channel: subject.kind },
            'self-service link not sent: hourly limit for the address',
          );
          return answer;
        }
        const token = newSecretToken();
        const url = `${this.config.PUBLIC_ORIGIN}/moje-dane/?t=${token}`;
        const sealed = await this.vault.seal('self_service_tokens', { address: subject.address });
        await this.selfService.storeLink(
          manager,
          { kind: subject.kind, index, masked: maskAddress(subject.kind, subject.address), sealed },
          tokenHash(token),
          expiresAt,
        );
        const message =
          subject.kind === 'email'
            ? await this.outbox.prepare(
                'self-service-link',
                { channel: 'email', to: subject.address, ...selfServiceLink({ url, expiresAt }) },
                index,
              )
            : await this.outbox.prepare(
                'self-service-link',
                { channel: 'sms', to: subject.address, text: selfServiceSms({ url }) },
                index,
              );
        await this.outbox.queue(manager, [message], now);
        return answer;
      },
    );
    if (result.outcome === 'key-reused')
      throw invalidArgument([
        {
          field: 'idempotencyKey',
          description: 'was already used for a different request; a new request needs a new key',
        },
      ]);
    if (result.outcome === 'stored') this.queued.raise();
    return {
      channel: result.answer.channel,
      expiresAt: result.answer.expiresAt,
      duplicate: result.outcome === 'repeated',
    };
  }

  async openSession(linkToken: string, now = new Date()): Promise<leadsV1.SelfServiceSession> {
    const session = newSecretToken();
    const expiresAt = new Date(now.getTime() + SELF_SERVICE_SESSION_MINUTES * 60_000);
    const use = await this.selfService.useLink(tokenHash(linkToken), tokenHash(session), expiresAt, now);
    if (use.outcome === 'unknown') throw notFound('self-service link', 'given');
    if (use.outcome === 'used') throw failedPrecondition('the link was used already', 'LINK_USED');
    if (use.outcome === 'expired') throw failedPrecondition('the link expired', 'LINK_EXPIRED');
    return { sessionToken: session, expiresAt: expiresAt.toISOString() };
  }

  async overview(sessionToken: string, now = new Date()): Promise<leadsV1.SelfServiceOverview> {
    const session = await this.session(sessionToken, now);
    const applications = (await this.applications.findByIndexes([session.subjectIndex])).filter(
      (a) => a.status !== 'draft' && a.status !== 'erased',
    );
    // Per application its last answer counts; over the applications, given on any counts.
    const inForce = new Map<string, { granted: boolean; at: Date }>();
    for (const application of applications) {
      const answers = await this.applications.consentsOf(application.id);
      const own = consentsInForce(answers);
      for (const answer of answers) {
        const before = inForce.get(answer.consentKey);
        inForce.set(answer.consentKey, {
          granted: (before?.granted ?? false) || own[answer.consentKey as ConsentKey]?.given === true,
          at: before && before.at > answer.answeredAt ? before.at : answer.answeredAt,
        });
      }
    }
    const pending = (await Promise.all(applications.map((a) => this.deliveries.forApplication(a.id))))
      .flat()
      .filter((d) => d.state === 'queued').length;
    const messages = await this.selfService.contactMessagesOf(session.subjectIndex);
    return {
      maskedAddress: session.maskedSubject,
      applications: applications.length,
      contactMessages: messages.length,
      consents: WITHDRAWABLE.map((key) => ({
        type: CONSENT_TYPES_BY_KEY.get(key)!,
        granted: inForce.get(key)?.granted ?? false,
        answeredAt: inForce.get(key)?.at.toISOString() ?? '',
      })),
      marketingStopped: await this.selfService.suppressed([session.subjectIndex]),
      pendingDeliveries: pending,
      sessionExpiresAt: session.expiresAt.toISOString(),
    };
  }

  /**
   * Withdraws consents on every application of the person, each as an answer 'not granted' timed
   * now. The delivery consent's withdrawal stops the deliveries not sent yet; withdrawing every
   * marketing consent also puts the address on the suppression list.
   */
  async withdraw(
    sessionToken: string,
    types: readonly leadsV1.ConsentType[],
    now = new Date(),
  ): Promise<leadsV1.SelfServiceOverview> {
    const session = await this.session(sessionToken, now);
    const keys = [...new Set(types)].map((type) => CONSENT_KEYS_BY_TYPE.get(type));
    if (keys.length === 0 || keys.some((k) => k === undefined || !WITHDRAWABLE.includes(k)))
      throw invalidArgument([
        { field: 'types', description: `must name consents of: ${WITHDRAWABLE.join(', ')}` },
      ]);
    const withdrawn = keys as ConsentKey[];
    const applications = await this.applications.findByIndexes([session.subjectIndex]);
    await this.selfService.inTransaction(async (manager) => {
      for (const application of applications.filter((a) => a.status !== 'erased'))
        await this.applications.appendWithdrawals(
          manager,
          application.id,
          withdrawn.map((key) => ({ consentKey: key, granted: false, textVersion: consentVersion(key) })),
          'selfService',
        );
      if (withdrawn.includes('delivery'))
        await this.deliveries.withdrawQueued(
          manager,
          applications.map((a) => a.id),
          'consentWithdrawn',
          now,
        );
      if (MARKETING_CONSENTS.every((key) => withdrawn.includes(key)))
        await this.selfService.suppress(manager, session.subjectIndex, session.subjectKind);
    });
    this.logger.info(
      { consents: withdrawn, applications: applications.length },
      'consents withdrawn by self-service',
    );
    return this.overview(sessionToken, now);
  }

  /** Everything stored about the person, decrypted, as one JSON document (GDPR art. 15 and 20). */
  async export(sessionToken: string, now = new Date()): Promise<leadsV1.PersonalDataExport> {
    const session = await this.session(sessionToken, now);
    const applications = (await this.applications.findByIndexes([session.subjectIndex])).filter(
      (a) => a.status !== 'erased',
    );
    const document = {
      exportedAt: now.toISOString(),
      about: session.maskedSubject,
      controller:
        'Porównywarka pożyczek – serwis pośredniczący; dane osobowe przetwarzamy zgodnie z polityką prywatności',
      applications: await Promise.all(
        applications.map(async (a) => ({
          id: a.id,
          status: a.status,
          createdAt: a.createdAt.toISOString(),
          submittedAt: a.submittedAt?.toISOString() ?? null,
          amountGrosze: a.amountGrosze,
          periodDays: a.periodDays,
          purpose: a.purpose,
          incomeSource: a.incomeSource,
          personalData:
            a.sealed && a.dataKeyId ? await this.vault.open(sealScope(a.id), a.dataKeyId, a.sealed) : {},
          consents: (await this.applications.consentsOf(a.id)).map((c) => ({
            consent: c.consentKey,
            granted: c.granted,
            textVersion: c.textVersion,
            answeredAt: c.answeredAt.toISOString(),
          })),
          deliveries: (await this.deliveries.forApplication(a.id)).map((d) => ({
            lender: d.lenderSlug,
            state: d.state,
            fieldsSent: d.fields,
            updatedAt: d.updatedAt.toISOString(),
          })),
        })),
      ),
      contactMessages: await Promise.all(
        (await this.selfService.contactMessagesOf(session.subjectIndex)).map(async (m) => ({
          receivedAt: m.receivedAt.toISOString(),
          message: m.message,
          personalData:
            m.sealed && m.dataKeyId
              ? await this.vault.open(`contact_messages/${m.id}`, m.dataKeyId, m.sealed)
              : {},
        })),
      ),
      partnerEnquiries: await Promise.all(
        (await this.selfService.partnerEnquiriesOf(session.subjectIndex)).map(async (e) => ({
          receivedAt: e.receivedAt.toISOString(),
          company: e.company,
          website: e.website,
          trafficSources: e.trafficSources,
          message: e.message,
          personalData:
            e.sealed && e.dataKeyId
              ? await this.vault.open(`partner_enquiries/${e.id}`, e.dataKeyId, e.sealed)
              : {},
        })),
      ),
      marketingStopped: await this.selfService.suppressed([session.subjectIndex]),
    };
    return { fileName: `moje-dane-${warsawDay(now)}.json`, json: JSON.stringify(document, null, 2) };
  }

  /** Erases the person's data (the erasure of the privacy use cases), then ends their links and sessions. */
  async erase(
    sessionToken: string,
    confirmed: boolean,
    deadline: Deadline,
    now = new Date(),
  ): Promise<leadsV1.ErasureRequest> {
    if (!confirmed)
      throw invalidArgument([{ field: 'confirmed', description: 'the person must confirm the erasure' }]);
    const session = await this.session(sessionToken, now);
    if (!session.sealed || !session.dataKeyId)
      throw unauthenticated('the session has ended', 'SESSION_ENDED');
    const { address } = await this.vault.open('self_service_tokens', session.dataKeyId, session.sealed);
    const subject =
      session.subjectKind === 'email'
        ? { email: address, phone: undefined }
        : { email: undefined, phone: address };
    const erasure = await this.privacy.requestErasure({ subject, idempotencyKey: undefined }, deadline);
    await this.selfService.inTransaction((manager) =>
      this.selfService.endAllOf(manager, session.subjectIndex, now),
    );
    return erasure;
  }

  /** Links and sessions that expired over a day ago are deleted; the count. */
  deleteExpiredTokens(now = new Date()): Promise<number> {
    return this.selfService.deleteExpired(new Date(now.getTime() - 24 * HOUR_MS));
  }

  private async session(sessionToken: string, now: Date): Promise<SelfServiceTokenEntity> {
    const session = sessionToken ? await this.selfService.findSession(tokenHash(sessionToken), now) : null;
    if (!session) throw unauthenticated('the self-service session is unknown or over', 'SESSION_ENDED');
    return session;
  }
}
