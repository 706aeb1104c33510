import { z } from 'zod';

/** A feed larger than this is refused whole. */
export const MAX_FEED_BYTES = 5 * 1024 * 1024;
/** More offers than this in one feed is a broken feed, not a catalogue. */
export const MAX_FEED_OFFERS = 5_000;

const text = (max: number) => z.string().max(max);
const money = z.number().finite().min(0).max(100_000_000);
const days = z.number().int().min(1).max(36_500);
const age = z.number().int().min(0).max(150);
const percent = z.number().finite().min(0).max(10_000);
const httpUrl = z
  .string()
  .max(2048)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'must be an http(s) URL');
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a slug')
  .max(64);

const isBlank = (value: unknown) => typeof value === 'string' && value.trim() === '';

/**
 * A text field the feed may leave out: a blank string ('' or spaces) reads as left out, as partner
 * feeds write an empty value that way; anything else must match `schema`. Numbers and flags get no
 * such reading: a blank where a number belongs is a wrong type.
 */
const absentIfBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value: unknown) => (isBlank(value) ? undefined : value), schema.optional()).optional();

/** Badges: blank ones are no badges (dropped), a blank list is no list. */
const tags = absentIfBlank(
  z.preprocess(
    (value: unknown) => (Array.isArray(value) ? value.filter((tag) => !isBlank(tag)) : value),
    z.array(text(60)).max(20),
  ),
);

/**
 * One offer of a `{key}_feed.json` (the feed is a JSON array of these): the partner's fields plus
 * what matching needs. Money is in the feed country's currency units (zł for PL), may have two
 * decimals; rates are percent (interest a year, commission of the amount). Unknown fields are
 * ignored; every field but `offer_id` and `header` may be left out, and a blank string in a text
 * field (links, logo, texts, slugs, names, stars, repayment) reads as left out. An offer with a
 * field of the wrong type is left out of its feed (parseFeed).
 */
export const feedOfferSchema = z.object({
  offer_id: z.number().int().min(1).max(2_147_483_647),
  header: z.string().trim().min(1).max(120),
  lender_link: absentIfBlank(httpUrl.nullable()),
  is_active: z.boolean().optional(),
  stars: absentIfBlank(
    z
      .union([
        z.number().min(0).max(5),
        z.string().regex(/^[0-5](?:[.,]\d)?$/, 'must be 0–5 with one decimal'),
      ])
      .nullable(),
  ),
  /** How many ratings `stars` averages; a rating without it is never shown as one. */
  stars_count: z.number().int().min(0).max(100_000_000).optional(),
  /** Who collected the ratings (e.g. a review site's name). */
  stars_source: absentIfBlank(text(120)),
  field2_value: absentIfBlank(text(200)),
  field4_value: absentIfBlank(text(200)),
  tags,
  asnef_value: z.boolean().nullish(),
  product_type: absentIfBlank(text(32)),
  lender_id: z.number().int().min(0).max(2_147_483_647).optional(),
  lender_slug: absentIfBlank(slug),
  lender_name: absentIfBlank(text(120)),
  review_slug: absentIfBlank(slug),
  logo_url: absentIfBlank(httpUrl),
  amount_min: money.optional(),
  amount_max: money.optional(),
  period_min_days: days.optional(),
  period_max_days: days.optional(),
  age_min: age.optional(),
  age_max: age.optional(),
  first_loan_free: z.boolean().optional(),
  first_loan_free_max: money.optional(),
  /** The periods the free first loan is limited to, when the promotion's are narrower than the offer's. */
  first_loan_free_min_days: days.optional(),
  first_loan_free_max_days: days.optional(),
  interest_rate: percent.optional(),
  commission: percent.optional(),
  fee: money.optional(),
  repayment: absentIfBlank(z.enum(['single', 'monthly'])),
  sponsored: z.boolean().optional(),
  example_amount: money.optional(),
  example_period_days: days.optional(),
});

export type FeedOffer = z.output<typeof feedOfferSchema>;

/** At most this many left-out offers are named one by one (all are counted). */
export const MAX_LEFT_OUT_NAMED = 50;
/** A left-out offer's reason is cut to this many characters. */
const MAX_REASON_LENGTH = 200;

/** An offer of a feed that validation left out, and why. */
export interface LeftOutOffer {
  /** 0-based place of the offer in the feed's array. */
  index: number;
  /** Its offer_id when the feed gave a readable one; 0 otherwise. */
  offerId: number;
  /** The first problem: the field's path and what is wrong with it (e.g. 'amount_max: expected number'). */
  reason: string;
}

export type FeedParse =
  | {
      ok: true;
      offers: FeedOffer[];
      received: number;
      /** Offers left out by validation (all of them, named or not). */
      rejected: number;
      /** The first MAX_LEFT_OUT_NAMED of them, in feed order. */
      leftOut: LeftOutOffer[];
    }
  | { ok: false; cause: string };

const readableId = (value: unknown): number => {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : 0;
};

const missing = (value: unknown) => value === undefined || value === null || isBlank(value);

/** One feed item as an offer, or why it is not one. */
function parseOffer(item: unknown): { offer: FeedOffer } | { reason: string } {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return { reason: 'not an object' };
  const record = item as Record<string, unknown>;
  for (const field of ['offer_id', 'header'] as const)
    if (missing(record[field])) return { reason: `${field}: is required` };
  const parsed = feedOfferSchema.safeParse(record);
  if (parsed.success) return { offer: parsed.data };
  const issue = parsed.error.issues[0];
  const path = issue && issue.path.length > 0 ? issue.path.join('.') : 'offer';
  return { reason: `${path}: ${issue?.message ?? 'invalid'}`.slice(0, MAX_REASON_LENGTH) };
}

/**
 * Validates a fetched feed offer by offer. Refused whole (ok: false, with the cause) when larger
 * than 5 MB, not JSON, not an array, longer than MAX_FEED_OFFERS, or when it has offers and not one
 * of them is valid: the previous copy then keeps serving. Otherwise an invalid offer (not an
 * object, no id or header, a field of the wrong type or out of its limits) is left out and
 * counted, named with its index, id and reason, and the rest are kept: one partner's typo never
 * takes every other lender's offer back to an older copy.
 */
export function parseFeed(body: string, byteLength: number): FeedParse {
  if (byteLength > MAX_FEED_BYTES)
    return { ok: false, cause: `feed is ${byteLength} bytes, more than the ${MAX_FEED_BYTES} allowed` };
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (error) {
    return { ok: false, cause: `feed is not JSON: ${(error as Error).message}` };
  }
  if (!Array.isArray(data)) return { ok: false, cause: 'feed is not a JSON array of offers' };
  if (data.length > MAX_FEED_OFFERS)
    return { ok: false, cause: `feed has ${data.length} offers, more than ${MAX_FEED_OFFERS}` };
  const offers: FeedOffer[] = [];
  const leftOut: LeftOutOffer[] = [];
  let rejected = 0;
  let firstReason = '';
  for (const [index, item] of data.entries()) {
    const result = parseOffer(item);
    if ('offer' in result) {
      offers.push(result.offer);
      continue;
    }
    rejected += 1;
    if (firstReason === '') firstReason = `offer ${index}, ${result.reason}`;
    if (leftOut.length < MAX_LEFT_OUT_NAMED) {
      const offerId =
        typeof item === 'object' && item !== null
          ? readableId((item as Record<string, unknown>)['offer_id'])
          : 0;
      leftOut.push({ index, offerId, reason: result.reason });
    }
  }
  if (data.length > 0 && offers.length === 0)
    return { ok: false, cause: `none of the ${data.length} offers is valid; the first: ${firstReason}` };
  return { ok: true, offers, received: data.length, rejected, leftOut };
}
