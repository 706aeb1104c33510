import { Decimal, groszeFromZloty } from '@lib/finance';
import { type FeedOffer } from './feed-schema';
import { countryOfFeedKey, type FeedCountry, type FeedKey } from './feed-keys';
import { type LoanTerms } from './loan-cost';
import { seededStars, seededTime } from './seeded';

/** An offer after the feed's normalisation rules (normaliseFeed), in the list's order; money in grosze (1/100 of the feed's currency). */
export interface NormalisedOffer {
  feedKey: FeedKey;
  country: FeedCountry;
  offerId: number;
  header: string;
  /** '' when the feed gives none. */
  lenderLink: string;
  isActive: boolean;
  stars: string;
  /** True when `stars` was drawn (the feed gave none), not given by the feed: never displayed as a rating. */
  starsDrawn: boolean;
  /** Ratings behind `stars` and who collected them, as the feed states; 0 and '' when it does not. */
  ratingCount: number;
  ratingSource: string;
  field2Value: string;
  field4Value: string;
  tags: string[];
  /**
   * True when the normaliser filled a `{time}` or `{val}` token of field2Value / field4Value: the
   * number in it is drawn or follows the list position, not stated by the lender, so the text is
   * never shown as a fact.
   */
  field2ValueFilled: boolean;
  field4ValueFilled: boolean;
  /** 0-based indexes into `tags` of the tags whose `{time}` or `{val}` token the normaliser filled (never shown). */
  filledTagIndexes: number[];
  asnefValue: boolean;
  productType: string;
  lenderId: number;
  lenderSlug: string;
  lenderName: string;
  reviewSlug: string;
  logoUrl: string;
  amountMinGrosze: number;
  amountMaxGrosze: number;
  periodMinDays: number;
  periodMaxDays: number;
  /** 0 when the feed does not say. */
  ageMin: number;
  ageMax: number;
  terms: LoanTerms;
  sponsored: boolean;
  /** The representative example's amount and term (within the offer's limits). */
  example: { amountGrosze: number; periodDays: number };
  /** 1-based place in the list. */
  position: number;
  /** True when the feed is the sample data bundled with the product, not a partner's feed. */
  sample: boolean;
  /** Day the feed was fetched, 'YYYY-MM-DD' (Warsaw): the date its figures are stated with; '' when unknown. */
  asOf: string;
}

/** Where a feed's copy comes from, carried by each of its offers. */
export interface FeedProvenance {
  sample: boolean;
  asOf: string;
}

/** Offers normalised without a provenance: not known to be sample, and of no stated date. */
const UNSTATED: FeedProvenance = { sample: false, asOf: '' };

export interface NormalisedFeed {
  offers: NormalisedOffer[];
  /** Offers the rules left out: product_type 'domainactive', repeated headers, inactive without a lender link. */
  dropped: number;
}

/** ES keeps this offer in the active list whatever its flag says (a rule of the partner's feed). */
export const ES_ALWAYS_ACTIVE_OFFER_ID = 67;
/** This offer shows only its first two tags. */
export const TWO_TAG_HEADER = 'tomamos impulso';
const DROPPED_PRODUCT_TYPE = 'domainactive';

/** Headers sort by each country's own alphabet (Polish 'Ł' after 'L', Spanish 'Ñ' after 'N'). */
const COLLATION_LOCALE: Record<FeedCountry, string> = {
  es: 'es',
  mx: 'es-MX',
  vn: 'vi',
  pl: 'pl',
  ph: 'en-PH',
  my: 'ms',
  za: 'en-ZA',
  kz: 'ru',
  ua: 'uk',
};

/** `{val}` by the offer's 0-based index in the list: <15 → 97 − ⌊i/2⌋, 15–24 → 97 − (i − 8), ≥25 → 80. */
export function valPercent(index: number): number {
  if (index < 15) return 97 - Math.floor(index / 2);
  if (index <= 24) return 97 - (index - 8);
  return 80;
}

const toGrosze = (units: number | undefined): number => (units === undefined ? 0 : groszeFromZloty(units));
const toBasisPoints = (percent: number | undefined): number =>
  percent === undefined ? 0 : new Decimal(percent).times(100).round(0, Decimal.roundHalfUp).toNumber();
const headerKey = (header: string) => header.trim().toLowerCase();

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}

function starsOf(offer: FeedOffer, feedKey: FeedKey, day: string): string {
  if (offer.stars === undefined || offer.stars === null) return seededStars(feedKey, offer.offer_id, day);
  return new Decimal(String(offer.stars).replace(',', '.')).toFixed(1);
}

const TOKEN = /\{(?:time|val)\}/;
/** Whether the normaliser fills a value into `text` (it holds a `{time}` or `{val}` token). */
export const hasFilledToken = (text: string): boolean => TOKEN.test(text);

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Default representative example: 1 000 currency units for 30 days (a year for instalments), kept inside the offer's limits. */
function exampleOf(
  offer: FeedOffer,
  amountMin: number,
  amountMax: number,
  periodMin: number,
  periodMax: number,
) {
  const amount = offer.example_amount !== undefined ? toGrosze(offer.example_amount) : 100_000;
  const period = offer.example_period_days ?? (offer.repayment === 'monthly' ? 360 : 30);
  return {
    amountGrosze: amountMax > 0 ? clamp(amount, amountMin, amountMax) : amount,
    periodDays: periodMax > 0 ? clamp(period, periodMin, periodMax) : period,
  };
}

/**
 * The feed's normalisation rules as one pure function, applied in this order to a validated feed:
 * 1. offers with product_type 'domainactive' are dropped; 2. a header seen before (trimmed, any
 * case) is dropped; 3. an offer is active when its feed flag (default true) is on and it has a
 * lender_link — for ES offer 67 is active regardless; 4. active offers sorted by header, then
 * inactive offers that have a lender_link sorted by header (ties by offer id), other inactive ones
 * dropped; 5. 'Tomamos impulso' keeps its first 2 tags; 6. asnef_value defaults to true; 7. missing
 * stars become 4.7–5.0 and `{time}` a whole 3–10, both drawn from the offer id and `day` (see
 * seeded.ts: every replica and the browser agree, and the values change at most daily);
 * 8. `{val}` becomes `valPercent(index)` by the offer's 0-based place in the final list.
 * A text with a filled token is marked (field2ValueFilled, field4ValueFilled, filledTagIndexes):
 * its number is not the lender's. `provenance` (whether the copy is sample data, the day it was
 * fetched) is carried by every offer.
 */
export function normaliseFeed(
  feed: readonly FeedOffer[],
  feedKey: FeedKey,
  day: string,
  provenance: FeedProvenance = UNSTATED,
): NormalisedFeed {
  const country = countryOfFeedKey(feedKey);
  let dropped = 0;
  const seen = new Set<string>();
  const active: FeedOffer[] = [];
  const inactiveWithLink: FeedOffer[] = [];
  for (const offer of feed) {
    if ((offer.product_type ?? '').trim().toLowerCase() === DROPPED_PRODUCT_TYPE) {
      dropped += 1;
      continue;
    }
    const key = headerKey(offer.header);
    if (seen.has(key)) {
      dropped += 1;
      continue;
    }
    seen.add(key);
    const hasLink = typeof offer.lender_link === 'string' && offer.lender_link.length > 0;
    const isActive =
      ((offer.is_active ?? true) && hasLink) ||
      (country === 'es' && offer.offer_id === ES_ALWAYS_ACTIVE_OFFER_ID);
    if (isActive) active.push(offer);
    else if (hasLink) inactiveWithLink.push(offer);
    else dropped += 1;
  }
  const collator = new Intl.Collator(COLLATION_LOCALE[country], { sensitivity: 'base', numeric: true });
  const byHeader = (a: FeedOffer, b: FeedOffer) =>
    collator.compare(a.header.trim(), b.header.trim()) || a.offer_id - b.offer_id;
  active.sort(byHeader);
  inactiveWithLink.sort(byHeader);
  const activeIds = new Set(active.map((o) => o.offer_id));

  const offers = [...active, ...inactiveWithLink].map((offer, index): NormalisedOffer => {
    const time = String(seededTime(feedKey, offer.offer_id, day));
    const val = String(valPercent(index));
    const fill = (text: string) => text.replaceAll('{time}', time).replaceAll('{val}', val);
    const rawTags = offer.tags ?? [];
    const shownTags = headerKey(offer.header) === TWO_TAG_HEADER ? rawTags.slice(0, 2) : rawTags;
    const field2 = offer.field2_value ?? '';
    const field4 = offer.field4_value ?? '';
    const amountMinGrosze = toGrosze(offer.amount_min);
    const amountMaxGrosze = toGrosze(offer.amount_max);
    const periodMinDays = offer.period_min_days ?? 0;
    const periodMaxDays = offer.period_max_days ?? 0;
    const header = offer.header.trim();
    const lenderSlug = offer.lender_slug ?? (slugify(header) || `offer-${offer.offer_id}`);
    return {
      feedKey,
      country,
      offerId: offer.offer_id,
      header,
      lenderLink: offer.lender_link ?? '',
      isActive: activeIds.has(offer.offer_id),
      stars: starsOf(offer, feedKey, day),
      starsDrawn: offer.stars === undefined || offer.stars === null,
      ratingCount: offer.stars_count ?? 0,
      ratingSource: offer.stars_source?.trim() ?? '',
      field2Value: fill(field2),
      field4Value: fill(field4),
      tags: shownTags.map(fill),
      field2ValueFilled: hasFilledToken(field2),
      field4ValueFilled: hasFilledToken(field4),
      filledTagIndexes: shownTags.flatMap((tag, i) => (hasFilledToken(tag) ? [i] : [])),
      asnefValue: offer.asnef_value ?? true,
      productType: offer.product_type ?? '',
      lenderId: offer.lender_id ?? 0,
      lenderSlug,
      lenderName: offer.lender_name ?? header,
      reviewSlug: offer.review_slug ?? '',
      logoUrl: offer.logo_url ?? '',
      amountMinGrosze,
      amountMaxGrosze,
      periodMinDays,
      periodMaxDays,
      ageMin: offer.age_min ?? 0,
      ageMax: offer.age_max ?? 0,
      terms: {
        interestRateBp: toBasisPoints(offer.interest_rate),
        commissionBp: toBasisPoints(offer.commission),
        feeGrosze: toGrosze(offer.fee),
        repayment: offer.repayment ?? 'single',
        firstLoanFree: offer.first_loan_free ?? false,
        firstLoanFreeMaxGrosze: offer.first_loan_free
          ? offer.first_loan_free_max !== undefined
            ? toGrosze(offer.first_loan_free_max)
            : amountMaxGrosze
          : 0,
        firstLoanFreeMinDays: offer.first_loan_free ? (offer.first_loan_free_min_days ?? 0) : 0,
        firstLoanFreeMaxDays: offer.first_loan_free ? (offer.first_loan_free_max_days ?? 0) : 0,
      },
      sponsored: offer.sponsored ?? false,
      example: exampleOf(offer, amountMinGrosze, amountMaxGrosze, periodMinDays, periodMaxDays),
      position: index + 1,
      sample: provenance.sample,
      asOf: provenance.asOf,
    };
  });
  return { offers, dropped };
}
