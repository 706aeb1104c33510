import { Inject, Injectable } from '@nestjs/common';
import { commonV1 } from '@lib/contracts';
import { groszeFromZloty } from '@lib/finance';
import { type Logger } from '@lib/observability';
import { type DeliverableField } from '@lib/partner-delivery';
import { warsawDay } from '@lib/pl-calendar';
import { ageOn, parsePesel } from '@lib/pl-validation';
import { type Deadline, LOGGER } from '@lib/service-kit';
import { type JourneyFields } from '../domain/application-journey';
import { PeerServices } from '../persistence/peer-services';
import { PURPOSE_BY_VALUE } from './lead-mappings';

/** Offers asked for: every lender that could get the application (the offers service's largest page). */
const MATCH_LIMIT = 100;

/** The lenders whose offers fit an application, best first, and how many offers fit. */
export interface LenderMatch {
  status: 'matched' | 'rejected';
  total: number;
  lenderSlugs: string[];
}

/**
 * MatchOffers for an application (the offers service keeps the request under the application's
 * id for the lead feed; an empty id, for a preview, is not kept). Errors are values: null when the
 * offers service could not answer in time.
 */
@Injectable()
export class LenderMatching {
  constructor(
    private readonly peers: PeerServices,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async match(
    applicationId: string,
    journey: JourneyFields,
    now: Date,
    deadline?: Deadline,
  ): Promise<LenderMatch | null> {
    const remaining = deadline ? Math.floor(deadline.remainingMs() - 300) : 2_000;
    if (remaining <= 0) return null;
    const pesel = journey.pesel ? parsePesel(journey.pesel) : undefined;
    try {
      const matched = await this.peers.offers.matchOffers(
        {
          amountGrosze: groszeFromZloty(journey.amount ?? 0),
          periodDays: journey.periodDays ?? 0,
          purpose: PURPOSE_BY_VALUE.get(journey.purpose ?? '') ?? commonV1.LoanPurpose.UNSPECIFIED,
          applicationId,
          country: '',
          limit: MATCH_LIMIT,
          age: pesel ? ageOn(pesel.birthDate, warsawDay(now)) : 0,
          pagePath: '',
          // An application may go to any lender able to lend its amount for its period.
          productTypes: [],
          firstLoanFreeOnly: false,
          ageFrom: 0,
          ageTo: 0,
          business: false,
          withoutCreditCheck: false,
        },
        { deadlineMs: Math.min(remaining, 2_000) },
      );
      const slugs = matched.offers.map((m) => m.offer?.lenderSlug ?? '').filter((s) => s !== '');
      return { status: matched.total > 0 ? 'matched' : 'rejected', total: matched.total, lenderSlugs: slugs };
    } catch (error) {
      this.logger.warn({ err: error, applicationId: applicationId || undefined }, 'MatchOffers failed');
      return null;
    }
  }
}

/** The deliverable fields a journey holds (age counts as held when the PESEL is). */
export function fieldsGiven(journey: JourneyFields): Set<DeliverableField> {
  const given = new Set<DeliverableField>();
  for (const name of [
    'firstName',
    'lastName',
    'email',
    'phone',
    'pesel',
    'idCard',
    'bankAccount',
    'incomeSource',
  ] as const)
    if (journey[name]) given.add(name);
  if (journey.pesel) given.add('age');
  return given;
}
