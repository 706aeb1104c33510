import { Inject, Injectable } from '@nestjs/common';
import { commonV1, leadsV1 } from '@lib/contracts';
import { groszeFromZloty, zlotyFromGrosze } from '@lib/finance';
import { type Logger } from '@lib/observability';
import { type LenderDirectory } from '@lib/partner-delivery';
import { warsawDay } from '@lib/pl-calendar';
import {
  ADULT_APPLICANTS,
  type ApplicantAges,
  type ConsentKey,
  evaluateEligibility,
  type EligibilityAnswers,
  IDENTITY_FIELDS,
  type IdentityField,
} from '@lib/pl-validation';
import {
  type Deadline,
  failedPrecondition,
  invalidArgument,
  LOGGER,
  notFound,
  resourceExhausted,
  SERVICE_CONFIG,
} from '@lib/service-kit';
import { randomUUID } from 'node:crypto';
import { type EntityManager } from 'typeorm';
import {
  consentVersion,
  fieldsUpTo,
  type JourneyFields,
  type JourneyStep,
  mergeJourney,
  personalFieldsOf,
  storedJourney,
  validateJourney,
} from '../domain/application-journey';
import {
  fieldsNeededBy,
  identityFieldsFor,
  type PlannedDelivery,
  planDeliveries,
} from '../domain/delivery-plan';
import { statusToken } from '../domain/link-tokens';
import { applicationConfirmation } from '../domain/messages';
import { type LeadsConfig } from '../leads.config';
import { type ApplicationEntity, type StoredAttribution } from '../persistence/application.entity';
import { ApplicationsRepository, type ConsentRecord } from '../persistence/applications.repository';
import { DeliveriesRepository } from '../persistence/deliveries.repository';
import { LENDER_DIRECTORY } from '../persistence/lender-directory.provider';
import { type QueuedMessage } from '../persistence/outbound-messages.repository';
import { PersonalDataVault } from '../persistence/personal-data-vault';
import { SubmitRateLimiter } from '../persistence/submit-rate-limiter';
import { consentsInForce, sealScope } from './application-records';
import { type DatedFormLimits, FormLimitsSource, toLimitsMessage } from './form-limits';
import { fieldsGiven, LenderMatching } from './lender-matching';
import {
  APPLICATION_STATUS,
  CONSENT_TYPES_BY_KEY,
  ELIGIBILITY_ESTIMATES,
  PURPOSE_BY_VALUE,
} from './lead-mappings';
import { MessageOutbox } from './message-outbox';
import { OutboxSignal } from './outbox-signal';

/** A validated SubmitApplication: the step (0: submit), the draft it continues, the fields sent. */
export interface ApplicationCommand {
  step: 0 | JourneyStep;
  draftId: string | undefined;
  idempotencyKey: string | undefined;
  formVersion: 0 | 2 | 3;
  attribution: StoredAttribution | null;
  fields: JourneyFields;
}

/** What a submit adds: 'received' when matching could not be done now (completed later). */
interface Completion {
  status: 'received' | 'matched' | 'rejected';
  matchedOffers: number;
  planned: PlannedDelivery[];
  message: QueuedMessage | null;
}

/**
 * The ages the last step accepts: the form's limits' when they are known, else any adult (the
 * submit's match by age still sends the application only to lenders taking that age).
 */
function applicantAgesOf(limits: DatedFormLimits | null): ApplicantAges {
  return limits ? limits.ages : ADULT_APPLICANTS;
}

/**
 * The application id a preview matches under: none. The offers service keeps the first match of an
 * id for the lead feed, which must be the submit's (with the applicant's age), not a preview's.
 */
const PREVIEW = '';

export const SUBMIT_LIMIT_MESSAGE =
  'Wysłano zbyt wiele wniosków z tym adresem e-mail lub numerem telefonu. Spróbuj ponownie za godzinę.';

/**
 * The loan application journey: each step saved as a draft (a reload or a second device continues
 * it by its id), the submit turning the draft into the lead once (idempotency key; a second submit of
 * the same draft answers the same lead), then MatchOffers for it. Personal fields only ever stored
 * sealed; lookups by blind index.
 */
@Injectable()
export class ApplicationsUseCases {
  constructor(
    private readonly applications: ApplicationsRepository,
    private readonly vault: PersonalDataVault,
    private readonly limiter: SubmitRateLimiter,
    private readonly matching: LenderMatching,
    private readonly formLimits: FormLimitsSource,
    private readonly deliveries: DeliveriesRepository,
    private readonly outbox: MessageOutbox,
    private readonly queued: OutboxSignal,
    @Inject(LENDER_DIRECTORY) private readonly directory: LenderDirectory,
    @Inject(SERVICE_CONFIG) private readonly config: LeadsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async submitApplication(
    command: ApplicationCommand,
    deadline: Deadline,
  ): Promise<leadsV1.SubmitApplicationResponse> {
    const submit = command.step === 0;
    const upTo: JourneyStep = command.step === 0 ? 3 : command.step;
    const now = new Date();
    let stored: JourneyFields = {};
    let draft: ApplicationEntity | undefined;
    if (command.draftId) {
      const row = await this.applications.findById(command.draftId);
      if (!row || row.status === 'erased') throw notFound('application', command.draftId);
      if (row.status !== 'draft') {
        // A second submit of the same journey (double click, reload after submit): the same lead.
        if (submit) return this.submittedAnswer(row, now);
        throw failedPrecondition(
          'the application was already submitted; a new application starts a new draft',
          'APPLICATION_SUBMITTED',
        );
      }
      draft = row;
      stored = await this.journeyOf(row);
    }

    const merged = mergeJourney(stored, fieldsUpTo(command.fields, upTo));
    const id = draft?.id ?? randomUUID();
    const asked = upTo >= 3 ? await this.identityFieldsAsked(id, merged, now, deadline) : undefined;
    const limits = upTo >= 3 ? await this.formLimits.current(deadline) : null;
    const checked = validateJourney(merged, upTo, warsawDay(now), asked, applicantAgesOf(limits));
    if ('violations' in checked) throw invalidArgument(checked.violations);
    const journey = withoutUnasked(mergeJourney(merged, storedJourney(checked.ok)), asked);

    const emailIndex = this.vault.index('email', journey.email);
    const phoneIndex = this.vault.index('phone', journey.phone);
    if (
      submit &&
      !(await this.limiter.take([emailIndex, phoneIndex].filter((i): i is string => i !== null)))
    ) {
      throw resourceExhausted(SUBMIT_LIMIT_MESSAGE);
    }

    const completion = submit ? await this.completion(id, journey, now, deadline) : undefined;
    const personal = personalFieldsOf(journey);
    const sealed = Object.keys(personal).length > 0 ? await this.vault.seal(sealScope(id), personal) : null;
    const consents: ConsentRecord[] =
      upTo >= 3
        ? Object.entries(command.fields.consents ?? {}).map(([key, answer]) => ({
            consentKey: key,
            granted: answer.given,
            textVersion: answer.textVersion,
          }))
        : [];
    const result = await this.applications.saveOnce(
      'SubmitApplication',
      {
        id,
        existing: draft !== undefined,
        values: {
          status: completion?.status ?? 'draft',
          step: submit ? 0 : Math.max(draft?.step ?? 0, upTo),
          amountGrosze: journey.amount === undefined ? null : groszeFromZloty(journey.amount),
          periodDays: journey.periodDays ?? null,
          purpose: journey.purpose ?? null,
          incomeSource: journey.incomeSource ?? null,
          formVersion: command.formVersion || draft?.formVersion || 0,
          attribution: command.attribution ?? draft?.attribution ?? null,
          dataKeyId: sealed?.dataKeyId ?? null,
          sealed: sealed?.sealed ?? null,
          emailIndex,
          phoneIndex,
          submittedAt: submit ? now : null,
        },
        consents,
        ...(completion
          ? { afterWrite: (manager: EntityManager) => this.queueCompletion(manager, id, completion, now) }
          : {}),
      },
      {
        key: command.idempotencyKey,
        request: this.vault.fingerprint({ ...command, idempotencyKey: undefined }),
        beforeCommit: () => deadline.assertTimeLeft(),
      },
    );
    if (result.outcome === 'key-reused') {
      throw invalidArgument([
        {
          field: 'idempotencyKey',
          description: 'was already used for a different submission; a new submission needs a new key',
        },
      ]);
    }
    const answer = result.answer;
    if (result.outcome === 'stored' && completion) this.queued.raise();
    if (result.outcome === 'repeated' || answer.alreadySubmitted || !submit) {
      const current = await this.applications.findById(answer.applicationId);
      if (submit && current && current.status !== 'draft') return this.submittedAnswer(current, now);
      return {
        applicationId: answer.applicationId,
        status: APPLICATION_STATUS[current?.status ?? answer.status],
        createdAt: answer.createdAt,
        matchedOffers: 0,
        statusToken: '',
        deliveries: 0,
        duplicate: result.outcome === 'repeated',
      };
    }
    return {
      applicationId: answer.applicationId,
      status: APPLICATION_STATUS[completion!.status],
      createdAt: answer.createdAt,
      matchedOffers: completion!.matchedOffers,
      statusToken: statusToken(this.config.LEADS_LINK_KEY, answer.applicationId, now),
      deliveries: completion!.planned.length,
      duplicate: false,
    };
  }

  /** Where a draft would be delivered, and what that needs (the last step asks only that). */
  async previewDelivery(id: string, deadline: Deadline): Promise<leadsV1.DeliveryPreview> {
    const row = await this.applications.findById(id);
    if (!row || row.status === 'erased') throw notFound('application', id);
    if (row.status !== 'draft')
      throw failedPrecondition('the application was already submitted', 'APPLICATION_SUBMITTED');
    const journey = await this.journeyOf(row);
    const [match, formLimits] = await Promise.all([
      this.matching.match(PREVIEW, journey, new Date(), deadline),
      this.formLimits.current(deadline),
    ]);
    const limits = toLimitsMessage(formLimits);
    if (!match) return { lenders: [], requiredFields: [...IDENTITY_FIELDS, 'incomeSource'], limits };
    const lenders = this.directory.lenders.filter((l) => l.enabled && match.lenderSlugs.includes(l.slug));
    lenders.sort((a, b) => match.lenderSlugs.indexOf(a.slug) - match.lenderSlugs.indexOf(b.slug));
    const asked = identityFieldsFor(fieldsNeededBy(match.lenderSlugs, this.directory.lenders));
    return {
      lenders: lenders.map((l) => ({ lenderSlug: l.slug, lenderName: l.name })),
      requiredFields: [...IDENTITY_FIELDS.filter((f) => asked.has(f)), 'incomeSource'],
      limits,
    };
  }

  /** What the application form accepts now (GetApplicationLimits): never an error, `known` false instead. */
  async applicationLimits(deadline: Deadline): Promise<leadsV1.ApplicationLimits> {
    return toLimitsMessage(await this.formLimits.current(deadline));
  }

  /**
   * Submitted applications left 'received' (the offers service did not answer at submit): matched
   * again, and their deliveries and confirmation queued, as a submit would have. The count done.
   */
  async completeReceived(olderThan: Date): Promise<number> {
    let done = 0;
    for (const row of await this.applications.receivedBefore(olderThan, 20)) {
      const journey = await this.journeyOf(row);
      const now = new Date();
      const completion = await this.completion(row.id, journey, now);
      if (completion.status === 'received') continue;
      if (
        await this.applications.completeReceived(row.id, completion.status, (m) =>
          this.queueCompletion(m, row.id, completion, now),
        )
      )
        done++;
    }
    if (done > 0) this.queued.raise();
    return done;
  }

  /** A submit of an application already submitted (a repeat, or a concurrent one that lost): nothing new stored. */
  private submittedAnswer(row: ApplicationEntity, now: Date): leadsV1.SubmitApplicationResponse {
    return {
      applicationId: row.id,
      status: APPLICATION_STATUS[row.status],
      createdAt: row.createdAt.toISOString(),
      matchedOffers: 0,
      statusToken: statusToken(this.config.LEADS_LINK_KEY, row.id, now),
      deliveries: 0,
      duplicate: true,
    };
  }

  /**
   * The identity fields the last step asks: those the lenders matched for the amount and period
   * need; all of them when the offers service cannot say (asking too much beats delivering to
   * nobody; the lenders that need fewer get fewer).
   */
  private async identityFieldsAsked(id: string, journey: JourneyFields, now: Date, deadline: Deadline) {
    const match = await this.matching.match(PREVIEW, { ...journey, pesel: undefined }, now, deadline);
    if (!match) return new Set(IDENTITY_FIELDS);
    return identityFieldsFor(fieldsNeededBy(match.lenderSlugs, this.directory.lenders));
  }

  /** What a submit adds to the stored application: its match, its deliveries, its confirmation. */
  private async completion(
    id: string,
    journey: JourneyFields,
    now: Date,
    deadline?: Deadline,
  ): Promise<Completion> {
    const match = await this.matching.match(id, journey, now, deadline);
    if (!match) return { status: 'received', matchedOffers: 0, planned: [], message: null };
    const { planned, skipped } = planDeliveries(
      match.lenderSlugs,
      this.directory.lenders,
      fieldsGiven(journey),
      journey.consents?.delivery?.given === true,
    );
    if (skipped.some((s) => s.why === 'missing-fields'))
      this.logger.info({ applicationId: id, skipped }, 'matched lenders that get no delivery');
    let message: QueuedMessage | null = null;
    const emailIndex = this.vault.index('email', journey.email);
    if (journey.email && emailIndex) {
      const statusUrl = `${this.config.PUBLIC_ORIGIN}/moj-wniosek/?t=${statusToken(this.config.LEADS_LINK_KEY, id, now)}`;
      message = await this.outbox.prepare(
        'application-confirmation',
        {
          channel: 'email',
          to: journey.email,
          ...applicationConfirmation({
            firstName: journey.firstName ?? '',
            amountZloty: journey.amount ?? 0,
            periodDays: journey.periodDays ?? 0,
            lenderCount: planned.length,
            statusUrl,
          }),
        },
        emailIndex,
      );
    }
    return { status: match.status, matchedOffers: match.total, planned, message };
  }

  private async queueCompletion(manager: EntityManager, id: string, completion: Completion, now: Date) {
    await this.deliveries.queue(manager, id, completion.planned, now);
    if (completion.message) await this.outbox.queue(manager, [completion.message], now);
  }

  async getApplication(id: string): Promise<leadsV1.Application> {
    const row = await this.applications.findById(id);
    if (!row) throw notFound('application', id);
    return this.toApplication(row);
  }

  /** Withdraws one consent: an answer 'not granted' with the text version in force and the time. */
  async withdrawConsent(id: string, key: ConsentKey): Promise<leadsV1.Application> {
    const row = await this.applications.findById(id);
    if (!row || row.status === 'erased') throw notFound('application', id);
    await this.applications.withdrawConsent(
      id,
      { consentKey: key, granted: false, textVersion: consentVersion(key) },
      // Without the delivery consent, what has not reached a lender yet does not go.
      key === 'delivery'
        ? (manager) => this.deliveries.withdrawQueued(manager, [id], 'consentWithdrawn', new Date())
        : undefined,
    );
    return this.toApplication(row);
  }

  /** The quiz's estimate: a band, never a percentage (the deprecated number fields stay 0). */
  evaluateEligibility(answers: EligibilityAnswers): leadsV1.EvaluateEligibilityResponse {
    const { band, items } = evaluateEligibility(answers);
    return {
      chancePercent: 0,
      estimate: ELIGIBILITY_ESTIMATES[band],
      items: items.map((item) => ({
        key: item.key,
        weightPercent: 0,
        satisfied: item.satisfied,
        ifNo: ELIGIBILITY_ESTIMATES[item.ifNo],
      })),
    };
  }

  /** The journey stored in a row: its plain columns, its sealed fields opened, its consents in force. */
  private async journeyOf(row: ApplicationEntity): Promise<JourneyFields> {
    const personal =
      row.sealed && row.dataKeyId ? await this.vault.open(sealScope(row.id), row.dataKeyId, row.sealed) : {};
    const consents = consentsInForce(await this.applications.consentsOf(row.id));
    return {
      ...personal,
      ...(row.amountGrosze === null ? {} : { amount: zlotyFromGrosze(row.amountGrosze) }),
      ...(row.periodDays === null ? {} : { periodDays: row.periodDays }),
      ...(row.purpose === null ? {} : { purpose: row.purpose }),
      ...(row.incomeSource === null ? {} : { incomeSource: row.incomeSource }),
      ...(Object.keys(consents).length > 0 ? { consents } : {}),
    };
  }

  private async toApplication(row: ApplicationEntity): Promise<leadsV1.Application> {
    const personal: Record<string, string> =
      row.sealed && row.dataKeyId ? await this.vault.open(sealScope(row.id), row.dataKeyId, row.sealed) : {};
    const answers = await this.applications.consentsOf(row.id);
    const draft = row.status === 'draft';
    const a = row.attribution;
    return {
      applicationId: row.id,
      status: APPLICATION_STATUS[row.status],
      amountGrosze: row.amountGrosze ?? 0,
      periodDays: row.periodDays ?? 0,
      purpose: PURPOSE_BY_VALUE.get(row.purpose ?? '') ?? commonV1.LoanPurpose.UNSPECIFIED,
      name: [personal['firstName'], personal['lastName']].filter(Boolean).join(' '),
      email: personal['email'] ?? '',
      phone: personal['phone'] ?? '',
      consents: answers.map((c) => ({
        type: CONSENT_TYPES_BY_KEY.get(c.consentKey) ?? leadsV1.ConsentType.UNSPECIFIED,
        granted: c.granted,
        textVersion: c.textVersion,
        grantedAt: c.answeredAt.toISOString(),
      })),
      attribution: a
        ? {
            utmSource: a.utmSource,
            utmMedium: a.utmMedium,
            utmCampaign: a.utmCampaign,
            utmContent: a.utmContent,
            utmTerm: a.utmTerm,
            sessionId: a.sessionId,
            clientId: a.clientId,
          }
        : null,
      formVersion: row.formVersion,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      firstName: personal['firstName'] ?? '',
      lastName: personal['lastName'] ?? '',
      // Identity numbers go back out only to continue a draft; a lead's stay sealed.
      pesel: draft ? (personal['pesel'] ?? '') : '',
      idCard: draft ? (personal['idCard'] ?? '') : '',
      bankAccount: draft ? (personal['bankAccount'] ?? '') : '',
      incomeSource: row.incomeSource ?? '',
      step: row.status === 'draft' ? row.step : leadsV1.ApplicationStep.UNSPECIFIED,
    };
  }
}

/** The journey without the identity fields the last step did not ask: what was not asked is not kept. */
function withoutUnasked(
  journey: JourneyFields,
  asked: ReadonlySet<IdentityField> | undefined,
): JourneyFields {
  if (!asked) return journey;
  const kept = { ...journey };
  for (const field of IDENTITY_FIELDS) if (!asked.has(field)) delete kept[field];
  return kept;
}
