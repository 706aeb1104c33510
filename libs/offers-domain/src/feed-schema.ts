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

/**
 * One offer of a `{key}_feed.json` (the feed is a JSON array of these): the partner's fields plus
 * what matching needs. Money is in the feed country's currency units (zł for PL), may have two
 * decimals; rates are percent (interest a year, commission of the amount). Unknown fields are
 * ignored; a known field of the wrong type refuses the whole feed.
 */
export const feedOfferSchema = z.object({
  offer_id: z.number().int().min(1).max(2_147_483_647),
  header: z.string().trim().min(1).max(120),
  lender_link: httpUrl.nullish(),
  is_active: z.boolean().optional(),
  stars: z
    .union([z.number().min(0).max(5), z.string().regex(/^[0-5](?:[.,]\d)?$/, 'must be 0–5 with one decimal')])
    .nullish(),
  /** How many ratings `stars` averages; a rating without it is never shown as one. */
  stars_count: z.number().int().min(0).max(100_000_000).optional(),
  /** Who collected the ratings (e.g. a review site's name). */
  stars_source: text(120).optional(),
  field2_value: text(200).optional(),
  field4_value: text(200).optional(),
  tags: z.array(text(60)).max(20).optional(),
  asnef_value: z.boolean().nullish(),
  product_type: text(32).optional(),
  lender_id: z.number().int().min(0).max(2_147_483_647).optional(),
  lender_slug: slug.optional(),
  lender_name: text(120).optional(),
  review_slug: slug.optional(),
  logo_url: httpUrl.optional(),
  amount_min: money.optional(),
  amount_max: money.optional(),
  period_min_days: days.optional(),
  period_max_days: days.optional(),
  age_min: age.optional(),
  age_max: age.optional(),
  first_loan_free: z.boolean().optional(),
  first_loan_free_max: money.optional(),
  interest_rate: percent.optional(),
  commission: percent.optional(),
  fee: money.optional(),
  repayment: z.enum(['single', 'monthly']).optional(),
  sponsored: z.boolean().optional(),
  example_amount: money.optional(),
  example_period_days: days.optional(),
});

export type FeedOffer = z.output<typeof feedOfferSchema>;

export type FeedParse =
  { ok: true; offers: FeedOffer[]; received: number; rejected: number } | { ok: false; cause: string };

const missing = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Validates a fetched feed. Refused whole (ok: false, with the cause) when larger than 5 MB, not
 * JSON, not an array, or when any offer has a field of the wrong type; an offer without id or
 * header is left out and counted in `rejected`, the rest are kept.
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
  let rejected = 0;
  for (const [index, item] of data.entries()) {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      return { ok: false, cause: `offer ${index} is not an object` };
    const record = item as Record<string, unknown>;
    if (missing(record['offer_id']) || missing(record['header'])) {
      rejected += 1;
      continue;
    }
    const parsed = feedOfferSchema.safeParse(record);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return {
        ok: false,
        cause: `offer ${index}, field ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'invalid'}`,
      };
    }
    offers.push(parsed.data);
  }
  return { ok: true, offers, received: data.length, rejected };
}
