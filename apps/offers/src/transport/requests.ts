import { commonV1 } from '@lib/contracts';
import {
  FEED_KEYS,
  type FeedCountry,
  type FeedKey,
  OFFER_PRODUCT_TYPES,
  type OfferFilters,
  feedKeyFor,
  normaliseFeedKey,
  toFeedCountry,
} from '@lib/offers-domain';
import { normalizeUuid } from '@lib/pl-validation';
import { idField, notFound, optionalIdField, optionalSlugField } from '@lib/service-kit';
import { z } from 'zod';

/** A limit of 0 (proto3's "not given") means this many. */
export const DEFAULT_LIMIT = 20;
/** Larger pages are refused rather than capped: callers page through the list. */
export const MAX_LIMIT = 100;
/** A feed holds at most 5 000 offers (MAX_FEED_OFFERS); no offset beyond makes sense. */
const MAX_OFFSET = 5_000;
/**
 * Matching works in the range lenders lend in: up to 100 000 000 currency units (1/100 of them on the
 * wire: the Vietnamese feed lends tens of millions of đồng) and 10 years.
 */
export const MAX_AMOUNT_GROSZE = 10_000_000_000;
export const MAX_PERIOD_DAYS = 3_650;

/**
 * A country code as sent ('PL', ' pl '); which countries exist is not a format question: an
 * unknown one is NOT_FOUND (resolved by `feedCountry`), not INVALID_ARGUMENT.
 */
const countryField = z
  .string()
  .max(16, 'is too long')
  .transform((c) => c.trim().toLowerCase());
const pagePathField = z.string().max(512, 'is too long');
const limitField = z
  .number()
  .int()
  .min(0)
  .max(MAX_LIMIT, `must be at most ${MAX_LIMIT}`)
  .transform((l) => l || DEFAULT_LIMIT);
const UUID_ANY = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[1-8][0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const uuidField = (message: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (!UUID_ANY.test(v)) ctx.addIssue({ code: 'custom', message: v === '' ? 'is required' : message });
      const hex = v.replace(/-/g, '').toLowerCase();
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    });

/** An empty country means PL (the documented product); an unknown one is NOT_FOUND. */
export function feedCountry(code: string): FeedCountry {
  const country = toFeedCountry(code || 'pl');
  if (!country) throw notFound('country', code);
  return country;
}

/** The feed a page of that country and path reads (the key rules of feedKeyFor in @lib/offers-domain). */
export const feedKeyOf = (code: string, pagePath: string): FeedKey => feedKeyFor(feedCountry(code), pagePath);

/** Feed keys as a client writes them; empty means every feed; an unknown one is NOT_FOUND. */
export function feedKeysOf(keys: readonly string[]): FeedKey[] {
  if (keys.length === 0) return [...FEED_KEYS];
  const resolved = keys.map((key) => {
    const feedKey = normaliseFeedKey(key);
    if (!feedKey) throw notFound('feed', key);
    return feedKey;
  });
  return [...new Set(resolved)];
}

export const listOffersRequest = z.object({
  country: countryField,
  limit: limitField,
  offset: z.number().int().min(0).max(MAX_OFFSET),
  pagePath: pagePathField,
});

export const getOfferRequest = z.object({ offerId: idField, country: countryField, pagePath: pagePathField });

export const getLenderRequest = z
  .object({ lenderId: optionalIdField, slug: optionalSlugField })
  .refine((r) => r.lenderId !== undefined || r.slug !== undefined, {
    message: 'a lender id or a slug is required',
    path: ['slug'],
  });

export const feedKeysRequest = z.object({
  feedKeys: z.array(z.string().max(16, 'is too long')).max(FEED_KEYS.length * 2, 'too many feed keys'),
});

/** Borrower ages a list may be narrowed to: adults, up to the oldest age any feed states. */
const AGE_RANGE = { min: 18, max: 100 } as const;
const ageBound = z
  .number()
  .int()
  .refine((age) => age === 0 || (age >= AGE_RANGE.min && age <= AGE_RANGE.max), {
    message: `must be 0 (not asked) or from ${AGE_RANGE.min} to ${AGE_RANGE.max}`,
  });

export const matchOffersRequest = z
  .object({
    amountGrosze: z
      .number()
      .int()
      .min(1, 'must be positive')
      .max(MAX_AMOUNT_GROSZE, `must be at most ${MAX_AMOUNT_GROSZE}`),
    periodDays: z
      .number()
      .int()
      .min(1, 'must be positive')
      .max(MAX_PERIOD_DAYS, `must be at most ${MAX_PERIOD_DAYS}`),
    purpose: z.enum(commonV1.LoanPurpose, { error: 'is not a loan purpose' }),
    applicationId: z.union([z.literal(''), uuidField('must be a UUID')]).transform((v) => v || undefined),
    country: countryField,
    limit: limitField,
    age: z.number().int().min(0).max(150, 'must be at most 150'),
    pagePath: pagePathField,
    productTypes: z
      .array(z.enum(OFFER_PRODUCT_TYPES, { error: `must be one of: ${OFFER_PRODUCT_TYPES.join(', ')}` }))
      .max(OFFER_PRODUCT_TYPES.length, `must list at most ${OFFER_PRODUCT_TYPES.length} product types`)
      .refine((types) => new Set(types).size === types.length, 'must not repeat a product type'),
    firstLoanFreeOnly: z.boolean(),
    ageFrom: ageBound,
    ageTo: ageBound,
    business: z.boolean(),
    withoutCreditCheck: z.boolean(),
  })
  .refine((r) => r.ageFrom === 0 || r.ageTo === 0 || r.ageFrom <= r.ageTo, {
    message: 'must not be below ageFrom',
    path: ['ageTo'],
  })
  .transform(
    ({ productTypes, firstLoanFreeOnly, ageFrom, ageTo, business, withoutCreditCheck, ...rest }) => ({
      ...rest,
      filters: {
        productTypes,
        firstLoanFreeOnly,
        ageFrom,
        ageTo,
        business,
        withoutCreditCheck,
      } satisfies OfferFilters,
    }),
  );

export const assignExperimentVariantRequest = z.object({
  experimentId: z.string().trim().min(1, 'is required').max(32, 'is too long'),
  country: countryField.refine((c) => c !== '', 'is required'),
  clientId: z
    .string()
    .trim()
    .transform((v, ctx) => {
      const id = normalizeUuid(v);
      if (!id) ctx.addIssue({ code: 'custom', message: 'must be a UUID v4 (with or without hyphens)' });
      return id ?? '';
    }),
  overrideVariant: z.string().max(32, 'is too long'),
  storedVariant: z.string().max(32, 'is too long'),
});

export const listExperimentsRequest = z.object({ country: countryField });

export const getLeadFeedRequest = z.object({
  leadId: uuidField('must be a UUID'),
  page: z.union([z.literal(''), z.literal('all')], { error: "must be 'all'" }),
  direction: z.union([z.literal(''), z.literal('swap')], { error: "must be 'swap'" }),
  pf: z.number().int().min(0).max(1),
  country: countryField,
});

/**
 * Application ids one ForgetLeadRequests may name: a person's applications fit many times over, and
 * a caller with more sends them in several calls (each call is one bounded DELETE).
 */
export const MAX_FORGET_IDS = 1_000;

export const forgetLeadRequestsRequest = z.object({
  applicationIds: z
    .array(uuidField('must be a UUID'))
    .min(1, 'must name at least one application')
    .max(MAX_FORGET_IDS, `must name at most ${MAX_FORGET_IDS} applications`)
    .transform((ids) => [...new Set(ids)]),
});

export const getLenderFactsRequest = z.object({
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a slug (lowercase letters, digits and hyphens)')
    .max(64, 'is too long'),
  country: countryField,
});

export const listLenderFactsRequest = z.object({ country: countryField });
