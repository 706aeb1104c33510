import { type offersV1 } from '@lib/contracts';
import { type FeedKey, type LoanCost, type NormalisedOffer, feedFileName } from '@lib/offers-domain';
import { NAME_FORM_MAX_LENGTH, nameFormProblems } from '@lib/pl-format';
import { z } from 'zod';

/** Kinds of business a brand can be; comparison sites and intermediaries are not lenders. */
export const LENDER_KINDS = ['instytucja-pozyczkowa', 'bank', 'skok', 'porownywarka', 'posrednik'] as const;
export type LenderKind = (typeof LENDER_KINDS)[number];
/** Kinds that only pass applications on: never counted as a lender offer, always labelled. */
export const NOT_LENDER_KINDS: ReadonlySet<string> = new Set<LenderKind>(['porownywarka', 'posrednik']);

/**
 * Whether a brand of this kind lends nothing itself (a comparison site or a credit intermediary).
 * Its feed terms are not a loan's: the cost is set by the lender it passes the application to, so
 * no cost, RRSO or representative example is stated as its own, and it is never ranked by cost.
 */
export const passesApplicationsOn = (kind: string): boolean => NOT_LENDER_KINDS.has(kind);

/** Where the offer figures come from (the contract's wording). */
export const FEED_SOURCE_NAME = 'dane z pliku ofert partnera';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
const source = z.object({
  name: z.string().trim().min(1, 'is required').max(200),
  url: z
    .string()
    .max(2048)
    .refine((u) => u === '' || (/^https:\/\//.test(u) && URL.canParse(u)), 'must be an https URL or empty'),
});

/** A fact with its source and date, or an unknown one (all three null): never a value without a source. */
const factOf = <T extends z.ZodType<string>>(value: T) =>
  z.union([
    z.object({ value, source, checkedAt: day }).strict(),
    z.object({ value: z.null(), source: z.null(), checkedAt: z.null() }).strict(),
  ]);

const text = z.string().trim().min(1).max(300);
const nameForm = z.string().min(1, 'is required').max(NAME_FORM_MAX_LENGTH);
/** The cases the site's sentences put the name in; the nominative is the entry's `name`. */
const nameForms = z.object({ genitive: nameForm, instrumental: nameForm, locative: nameForm }).strict();
const lenderEntry = z
  .object({
    name: z.string().trim().min(1).max(120),
    nameForms,
    kind: factOf(z.enum(LENDER_KINDS)),
    company: factOf(text),
    register: factOf(text),
    registerEntry: factOf(text),
  })
  .strict()
  // Every form present, one trimmed line, and a form of this very name (not another brand's).
  .superRefine((entry, ctx) => {
    for (const problem of nameFormProblems({ nominative: entry.name, ...entry.nameForms })) {
      const [field = '', message = problem] = problem.split(/: (.*)/s);
      ctx.addIssue({ code: 'custom', path: ['nameForms', field], message });
    }
  });

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a slug');
export const lenderFactsFileSchema = z
  .object({ $comment: z.string().optional(), lenders: z.record(slug, lenderEntry) })
  .strict();

export type LenderEntry = z.output<typeof lenderEntry>;
export type LenderFactsFile = z.output<typeof lenderFactsFileSchema>;
type Fact = LenderEntry['company'];

/** Parses the facts file; throws one line naming the slug and field of the first problem. */
export function parseLenderFacts(json: string, file: string): LenderFactsFile {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    throw new Error(`${file}: not JSON: ${(error as Error).message}`);
  }
  const parsed = lenderFactsFileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const hint = issue?.path.includes('nameForms')
      ? ' (nameForms: {genitive, instrumental, locative}, each a form of the name)'
      : ' (a fact is {value, source, checkedAt} or all three null)';
    throw new Error(`${file}: ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'invalid'}${hint}`);
  }
  return parsed.data;
}

/** An entry's name in every case the contract carries. */
export const nameFormsOf = (entry: LenderEntry): offersV1.NameForms => ({
  nominative: entry.name,
  ...entry.nameForms,
});

const toTextFact = (fact: Fact): offersV1.TextFact =>
  fact.value === null
    ? { value: '', source: null, checkedAt: '' }
    : {
        value: fact.value,
        source: { name: fact.source.name, url: fact.source.url },
        checkedAt: fact.checkedAt,
      };

/**
 * The feed source of figures: the partner's offer file, or, for a copy of the sample data bundled
 * with the product (`sampleOf`, its feed key), that file by name: never passed off as a partner's.
 * The name carries no date: the day the feed was fetched travels beside it (`checked_at`, `as_of`)
 * and the site writes it in its own date form ("stan na 28.11.2026"), once.
 */
export function feedSource(sampleOf?: FeedKey): offersV1.FactSource {
  if (sampleOf === undefined) return { name: FEED_SOURCE_NAME, url: '' };
  return {
    name: `dane przykładowe z pliku ${feedFileName(sampleOf)} dołączonego do serwisu, nie od pożyczkodawcy`,
    url: '',
  };
}

const sourceOf = (offer: NormalisedOffer) => feedSource(offer.sample ? offer.feedKey : undefined);

/** The offer a review shows: the brand's active offer first, else its inactive one; undefined when the feed has none. */
export function offerOfReview(offers: readonly NormalisedOffer[], slug: string): NormalisedOffer | undefined {
  const own = offers.filter((o) => o.reviewSlug === slug);
  return own.find((o) => o.isActive) ?? own[0];
}

/**
 * One lender's facts: the editorial entry (unknowns stay empty) and its offer's figures with the
 * feed as their source. `example` is the offer's representative example (computed by the caller).
 * A brand that lends nothing itself gets no example, interest or commission: none is its own.
 */
export function assembleLenderFacts(
  slug: string,
  entry: LenderEntry,
  offer: NormalisedOffer | undefined,
  example: LoanCost | undefined,
  fetchedDay: string,
): offersV1.LenderFacts {
  const ownTerms = !passesApplicationsOn(entry.kind.value ?? '');
  return {
    slug,
    name: entry.name,
    nameForms: nameFormsOf(entry),
    kind: toTextFact(entry.kind),
    company: toTextFact(entry.company),
    register: toTextFact(entry.register),
    registerEntry: toTextFact(entry.registerEntry),
    offer: offer
      ? {
          offerId: offer.offerId,
          amountMinGrosze: offer.amountMinGrosze,
          amountMaxGrosze: offer.amountMaxGrosze,
          periodMinDays: offer.periodMinDays,
          periodMaxDays: offer.periodMaxDays,
          firstLoanFree: offer.terms.firstLoanFree,
          firstLoanFreeMaxGrosze: offer.terms.firstLoanFreeMaxGrosze,
          representativeExample: example && ownTerms ? { ...example } : null,
          repayment: offer.terms.repayment,
          isActive: offer.isActive,
          sponsored: offer.sponsored,
          source: sourceOf(offer),
          checkedAt: fetchedDay,
          ageMin: offer.ageMin,
          ageMax: offer.ageMax,
          interestRateBp: ownTerms ? offer.terms.interestRateBp : 0,
          commissionBp: ownTerms ? offer.terms.commissionBp : 0,
          sample: offer.sample,
        }
      : null,
  };
}

/**
 * The ranges headlines may quote: over active offers that are not paid placements and whose brand
 * is not a comparison site or intermediary (`kindOf` gives the verified kind of a review slug).
 * Sample when any offer of the list is sample data (one feed's offers share their copy), even when
 * none is counted: the source then names the sample file.
 */
export function catalogueFigures(
  offers: readonly NormalisedOffer[],
  kindOf: (reviewSlug: string) => string,
  fetchedDay: string,
): offersV1.CatalogueFigures {
  const lending = offers.filter(
    (o) => o.isActive && !o.sponsored && !passesApplicationsOn(kindOf(o.reviewSlug)),
  );
  const sample = offers.find((o) => o.sample);
  const positive = (values: number[]) => values.filter((v) => v > 0);
  const min = (values: number[]) => (positive(values).length > 0 ? Math.min(...positive(values)) : 0);
  const max = (values: number[]) => (values.length > 0 ? Math.max(0, ...values) : 0);
  return {
    amountMinGrosze: min(lending.map((o) => o.amountMinGrosze)),
    amountMaxGrosze: max(lending.map((o) => o.amountMaxGrosze)),
    periodMinDays: min(lending.map((o) => o.periodMinDays)),
    periodMaxDays: max(lending.map((o) => o.periodMaxDays)),
    firstLoanFreeMaxGrosze: max(lending.map((o) => o.terms.firstLoanFreeMaxGrosze)),
    lenders: new Set(lending.map((o) => o.lenderSlug)).size,
    asOf: fetchedDay,
    source: feedSource(sample?.feedKey),
    sample: sample !== undefined,
  };
}
