import { Inject, Injectable } from '@nestjs/common';
import { commonV1, leadsV1 } from '@lib/contracts';
import { groszeFromZloty, zlotyFromGrosze } from '@lib/finance';
import { type Logger } from '@lib/observability';
import { warsawDay } from '@lib/pl-calendar';
import {
  ageOn,
  type ConsentKey,
  evaluateEligibility,
  parsePesel,
  type EligibilityAnswers,
} from '@lib/pl-validation';
import {
  type Deadline,
  failedPrecondition,
  invalidArgument,
  LOGGER,
  notFound,
  resourceExhausted,
} from '@lib/service-kit';
import { randomUUID } from 'node:crypto';
import {
  type ConsentAnswer,
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
  type ApplicationConsentEntity,
  type ApplicationEntity,
  type ApplicationStatusValue,
  type StoredAttribution,
} from '../persistence/application.entity';
import { ApplicationsRepository, type ConsentRecord } from '../persistence/applications.repository';
import { PeerServices } from '../persistence/peer-services';
import { PersonalDataVault } from '../persistence/personal-data-vault';
import { SubmitRateLimiter } from '../persistence/submit-rate-limiter';
import { CONSENT_TYPES_BY_KEY, PURPOSE_BY_VALUE } from './lead-mappings';

/** A validated SubmitApplication: the step (0: submit), the draft it continues, the fields sent. */
export interface ApplicationCommand {
  step: 0 | JourneyStep;
  draftId: string | undefined;
  idempotencyKey: string | undefined;
  formVersion: 0 | 2 | 3;
  attribution: StoredAttribution | null;
  fields: JourneyFields;
}

export const SUBMIT_LIMIT_MESSAGE =
  'Wysłano zbyt wiele wniosków z tym adresem e-mail lub numerem telefonu. Spróbuj ponownie za godzinę.';

const STATUS: Record<ApplicationStatusValue, leadsV1.ApplicationStatus> = {
  draft: leadsV1.ApplicationStatus.DRAFT,
  received: leadsV1.ApplicationStatus.RECEIVED,
  matched: leadsV1.ApplicationStatus.MATCHED,
  rejected: leadsV1.ApplicationStatus.REJECTED,
  erased: leadsV1.ApplicationStatus.ERASED,
};

const sealScope = (id: string) => `applications/${id}`;

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
    private readonly peers: PeerServices,
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
        if (submit)
          return {
            applicationId: row.id,
            status: STATUS[row.status],
            createdAt: row.createdAt.toISOString(),
            matchedOffers: 0,
          };
        throw failedPrecondition(
          'the application was already submitted; a new application starts a new draft',
          'APPLICATION_SUBMITTED',
        );
      }
      draft = row;
      stored = await this.journeyOf(row);
    }

    const merged = mergeJourney(stored, fieldsUpTo(command.fields, upTo));
    const checked = validateJourney(merged, upTo, warsawDay(now));
    if ('violations' in checked) throw invalidArgument(checked.violations);
    const journey = mergeJourney(merged, storedJourney(checked.ok));

    const emailIndex = this.vault.index('email', journey.email);
    const phoneIndex = this.vault.index('phone', journey.phone);
    if (
      submit &&
      !(await this.limiter.take([emailIndex, phoneIndex].filter((i): i is string => i !== null)))
    ) {
      throw resourceExhausted(SUBMIT_LIMIT_MESSAGE);
    }

    const id = draft?.id ?? randomUUID();
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
          status: submit ? 'received' : 'draft',
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
    if (result.outcome === 'repeated' || answer.alreadySubmitted || !submit) {
      const current = await this.applications.findById(answer.applicationId);
      return {
        applicationId: answer.applicationId,
        status: STATUS[current?.status ?? answer.status],
        createdAt: answer.createdAt,
        matchedOffers: 0,
      };
    }
    const match = await this.matchOffers(answer.applicationId, journey, now, deadline);
    return {
      applicationId: answer.applicationId,
      status: STATUS[match.status],
      createdAt: answer.createdAt,
      matchedOffers: match.total,
    };
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
    await this.applications.withdrawConsent(id, {
      consentKey: key,
      granted: false,
      textVersion: consentVersion(key),
    });
    return this.toApplication(row);
  }

  evaluateEligibility(answers: EligibilityAnswers): leadsV1.EvaluateEligibilityResponse {
    return evaluateEligibility(answers);
  }

  /**
   * MatchOffers for the new lead (the offers service stores the request under the lead's id for the
   * lead feed), within what is left of the caller's deadline. The lead is already committed: a
   * failure here is logged and the lead stays RECEIVED; the gateway can match again.
   */
  private async matchOffers(
    applicationId: string,
    journey: JourneyFields,
    now: Date,
    deadline: Deadline,
  ): Promise<{ status: ApplicationStatusValue; total: number }> {
    const pesel = journey.pesel ? parsePesel(journey.pesel) : undefined;
    const remaining = Math.floor(deadline.remainingMs() - 100);
    if (remaining <= 0) return { status: 'received', total: 0 };
    try {
      const matched = await this.peers.offers.matchOffers(
        {
          amountGrosze: groszeFromZloty(journey.amount ?? 0),
          periodDays: journey.periodDays ?? 0,
          purpose: PURPOSE_BY_VALUE.get(journey.purpose ?? '') ?? commonV1.LoanPurpose.UNSPECIFIED,
          applicationId,
          country: '',
          limit: 0,
          age: pesel ? ageOn(pesel.birthDate, warsawDay(now)) : 0,
          pagePath: '',
        },
        { deadlineMs: Math.min(remaining, 2_000) },
      );
      const status = matched.total > 0 ? 'matched' : 'rejected';
      await this.applications.setMatchStatus(applicationId, status);
      return { status, total: matched.total };
    } catch (error) {
      this.logger.warn(
        { err: error, applicationId },
        'MatchOffers failed after a submit; the lead is kept as received',
      );
      return { status: 'received', total: 0 };
    }
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
      status: STATUS[row.status],
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

/** The last answer per consent key. */
function consentsInForce(
  answers: readonly ApplicationConsentEntity[],
): Partial<Record<ConsentKey, ConsentAnswer>> {
  const out: Partial<Record<ConsentKey, ConsentAnswer>> = {};
  for (const answer of answers)
    out[answer.consentKey as ConsentKey] = { given: answer.granted, textVersion: answer.textVersion };
  return out;
}
