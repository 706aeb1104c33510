import { Inject, Injectable } from '@nestjs/common';
import { type leadsV1 } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { type LenderDirectory } from '@lib/partner-delivery';
import { type Deadline, LOGGER } from '@lib/service-kit';
import { type FormLimits, type OfferAges, formLimits } from '../domain/application-limits';
import { LENDER_DIRECTORY } from '../persistence/lender-directory.provider';
import { PeerServices } from '../persistence/peer-services';

/** How long the form's limits are kept before the offers feed is read again. */
export const FORM_LIMITS_TTL_MS = 60_000;
/** Offers read per ListOffers call (the offers service's largest page). */
const PAGE = 100;
/** A feed holds at most 5 000 offers: this many pages read all of it. */
const MAX_PAGES = 50;

/** The form's limits with the feed day and provenance their ages come from. */
export interface DatedFormLimits extends FormLimits {
  /** 'YYYY-MM-DD': the newest fetch day among the lenders' offers; '' without lenders. */
  asOf: string;
  sample: boolean;
}

/**
 * What the application form accepts now: the delivery file's lenders joined with the age limits of
 * their offers in the feed (ListOffers of the offers service), kept for FORM_LIMITS_TTL_MS so the
 * journey's steps and the pages ask the offers service at most once a minute. Errors are values:
 * null while the offers service does not answer (and nothing is kept, so the next call asks again).
 */
@Injectable()
export class FormLimitsSource {
  private kept: { at: number; limits: DatedFormLimits } | undefined;

  constructor(
    private readonly peers: PeerServices,
    @Inject(LENDER_DIRECTORY) private readonly directory: LenderDirectory,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async current(deadline?: Deadline): Promise<DatedFormLimits | null> {
    const at = Date.now();
    if (this.kept && at - this.kept.at < FORM_LIMITS_TTL_MS) return this.kept.limits;
    const lenders = this.directory.lenders.filter((lender) => lender.enabled);
    // Without a lender to pass applications to, the feed has nothing to say about the form.
    if (lenders.length === 0) return this.keep(at, { ...formLimits([], []), asOf: '', sample: false });
    const remaining = deadline ? Math.floor(deadline.remainingMs() - 300) : 2_000;
    if (remaining <= 0) return null;
    try {
      const offers: { ages: OfferAges; asOf: string; sample: boolean }[] = [];
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const answer = await this.peers.offers.listOffers(
          { country: '', limit: PAGE, offset: page * PAGE, pagePath: '' },
          { deadlineMs: Math.min(remaining, 2_000) },
        );
        for (const offer of answer.offers)
          offers.push({
            ages: {
              lenderSlug: offer.lenderSlug,
              isActive: offer.isActive,
              ageMin: offer.ageMin,
              ageMax: offer.ageMax,
            },
            asOf: offer.asOf,
            sample: offer.sample,
          });
        if (answer.offers.length < PAGE || offers.length >= answer.total) break;
      }
      const limits = formLimits(
        lenders,
        offers.map((o) => o.ages),
      );
      const used = offers.filter(
        (o) => o.ages.isActive && limits.lenders.some((l) => l.slug === o.ages.lenderSlug),
      );
      const asOf = used.map((o) => o.asOf).reduce((a, b) => (b > a ? b : a), '');
      return this.keep(at, { ...limits, asOf, sample: used.some((o) => o.sample) });
    } catch (error) {
      this.logger.warn({ err: error }, 'ListOffers failed: the application form’s limits are unknown');
      return null;
    }
  }

  private keep(at: number, limits: DatedFormLimits): DatedFormLimits {
    this.kept = { at, limits };
    return limits;
  }
}

/** The limits as leads.v1.ApplicationLimits; unknown ones (null) say only that. */
export function toLimitsMessage(limits: DatedFormLimits | null): leadsV1.ApplicationLimits {
  if (!limits)
    return {
      known: false,
      lenders: [],
      ageChecked: false,
      ageMin: 0,
      ageMax: 0,
      identityDocuments: [],
      asOf: '',
      sample: false,
    };
  return {
    known: true,
    lenders: limits.lenders.map((l) => ({
      lenderSlug: l.slug,
      lenderName: l.name,
      ageMin: l.ageMin,
      ageMax: l.ageMax,
    })),
    ageChecked: limits.ageChecked,
    ageMin: limits.ages.min,
    ageMax: limits.ages.max ?? 0,
    identityDocuments: [...limits.documents],
    asOf: limits.asOf,
    sample: limits.sample,
  };
}
