import { OFFER_PRODUCT_TYPES } from '@lib/offers-domain';
import { PAGE_PATH_PATTERN, SLUG_PATTERN } from '@lib/pl-validation';
import { z } from 'zod';
import { FOOTER_COLUMNS, LENDER_SLUGS, TAG_SLUGS } from './catalogue';

// Front matter rules, one schema per kind of file (content/README.md is the editors' side of this).
// Messages complete the sentence "<file>: <field>: …".

const required = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : `must be ${what}`;

const text = (max?: number) => {
  const base = z
    .string({ error: required('text') })
    .trim()
    .min(1, 'must not be empty');
  return max === undefined ? base : base.max(max, `must be at most ${max} characters`);
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const isoDate = z
  .string({ error: required('a date YYYY-MM-DD') })
  .regex(DATE, { message: 'must be a date YYYY-MM-DD', abort: true })
  .refine(isCalendarDate, 'is not a real calendar date');

export const slug = z
  .string({ error: required('a slug') })
  .max(100, 'must be at most 100 characters')
  .regex(SLUG_PATTERN, 'must be a lower-case ASCII slug such as "mala-pozyczka"');

export const sitePath = z
  .string({ error: required('a path') })
  .max(200, 'must be at most 200 characters')
  .regex(
    PAGE_PATH_PATTERN,
    'must be a path of lower-case ASCII slugs with both slashes, such as "/mala-pozyczka/"',
  );

const httpUrl = z
  .string({ error: required('a URL') })
  .max(500, 'must be at most 500 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) URL');

/**
 * Sites whose home page is itself one dedicated service rather than an institution's front door
 * (the CERT incident form, the state's free legal aid finder, the insolvency register, …): linking
 * their home page is as specific as it gets. Every other source must link the page that states the fact.
 */
export const DEDICATED_SITES: ReadonlySet<string> = new Set([
  'incydent.cert.pl',
  'krz.ms.gov.pl',
  'np.ms.gov.pl',
  'prawakonsumenta.uokik.gov.pl',
  'www.blik.com',
  'www.nbportal.pl',
  'www.obligacjeskarbowe.pl',
]);

/** A source URL that only names a site (https://isap.sejm.gov.pl/), not the page stating the fact. */
export function isBareHomePage(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.pathname === '/' || url.pathname === '') && url.search === '' && !DEDICATED_SITES.has(url.hostname)
  );
}

/** A source link: an absolute URL of the page itself (the act in ISAP, the register entry), never a home page. */
export const deepLink = httpUrl.refine((value) => !isBareHomePage(value), {
  error: (issue) =>
    `must link the page that states the fact (the act in ISAP, the register entry), not the home page ${String(issue.input)}`,
});

/** Our own path or an external URL, as menus and partner entries link. */
const link = z.union([sitePath, httpUrl], {
  error: 'must be a path such as "/kontakt/" or an absolute http(s) URL',
});

/** A static asset of the site ('/assets/menu/pozyczki.svg') or an absolute image URL. */
const image = z.union(
  [
    z
      .string()
      .max(300)
      .regex(/^\/(?:[a-z0-9_-]+\/)*[a-z0-9_.-]+\.(?:svg|png|jpe?g|webp|avif|gif)$/i),
    httpUrl,
  ],
  { error: 'must be an image path such as "/assets/menu/pozyczki.svg" or an absolute http(s) URL' },
);

const faqItem = z.strictObject({ question: text(300), answer: text(5_000) });

const uniqueList = <T extends z.ZodType<string>>(item: T, what: string) =>
  z
    .array(item, { error: required('a list') })
    .refine((list) => new Set(list).size === list.length, `must not list the same ${what} twice`);

function notBefore(later: string, earlier: string, field: string, ctx: z.RefinementCtx, earlierName: string) {
  if (isCalendarDate(later) && isCalendarDate(earlier) && later < earlier) {
    ctx.addIssue({
      code: 'custom',
      path: [field],
      message: `must not be before ${earlierName} (${earlier})`,
    });
  }
}

function countBetween(
  list: readonly unknown[] | undefined,
  min: number,
  max: number,
  field: string,
  ctx: z.RefinementCtx,
  kind: string,
) {
  const n = list?.length ?? 0;
  if (list === undefined)
    ctx.addIssue({ code: 'custom', path: [field], message: `is required on ${kind} (${min}-${max} items)` });
  else if (n < min || n > max)
    ctx.addIssue({ code: 'custom', path: [field], message: `must have ${min}-${max} items, has ${n}` });
}

const datedAs = (what: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `is required: ${what}` : 'must be a date YYYY-MM-DD'),
    })
    .regex(DATE, { message: 'must be a date YYYY-MM-DD', abort: true })
    .refine(isCalendarDate, 'is not a real calendar date');

/**
 * A dated figure the text states (minimum wage, a benefit, a legal cap, the reference rate): what it
 * is, its value, the day it applies from, until when when it is set for a period, and its source.
 * The import refuses a figure without its date or its source.
 */
export const figureSchema = z
  .strictObject(
    {
      name: text(200),
      value: z.preprocess((input) => (typeof input === 'number' ? String(input) : input), text(200)),
      appliesFrom: datedAs('the day (YYYY-MM-DD) the figure applies from'),
      validUntil: isoDate.optional(),
      checked: isoDate.optional(),
      source: z.strictObject(
        { name: text(300), url: deepLink },
        { error: required('{name, url}: where the figure comes from') },
      ),
    },
    { error: required('a map {name, value, appliesFrom, source}') },
  )
  .superRefine((figure, ctx) =>
    notBefore(figure.validUntil ?? '', figure.appliesFrom, 'validUntil', ctx, 'appliesFrom'),
  );

const figures = z
  .array(figureSchema, { error: required('a list of {name, value, appliesFrom, source}') })
  .optional();

/**
 * Limits of an offers block's request. Amount and period are those of the offers list (/offers/),
 * to which an empty block links for the same amount and period; ages are adults' up to the oldest
 * age the feeds state.
 */
export const OFFER_BLOCK_LIMITS = {
  amountZl: { min: 100, max: 50_000, step: 50 },
  periodDays: { min: 1, max: 1_800 },
  age: { min: 18, max: 100 },
} as const;

const wholeNumber = (min: number, max: number, unit: string) =>
  z
    .number({ error: required(`a whole number of ${unit}`) })
    .int(`must be a whole number of ${unit}`)
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const flag = z.boolean({ error: 'must be true or false' }).optional();
const borrowerAge = wholeNumber(OFFER_BLOCK_LIMITS.age.min, OFFER_BLOCK_LIMITS.age.max, 'years').optional();
const ageRange = z
  .strictObject({ min: borrowerAge, max: borrowerAge }, { error: required('a map {min, max}') })
  .refine((range) => range.min !== undefined || range.max !== undefined, 'must give min, max or both')
  .refine((range) => range.min === undefined || range.max === undefined || range.min <= range.max, {
    message: 'must not be below min',
    path: ['max'],
  });

/** Identity documents a group of borrowers may hold instead of a Polish ID card. */
export const APPLICANT_DOCUMENTS = ['passport', 'residenceCard'] as const;

/**
 * Who a page speaks to when it names a group the application form may not serve: the ages the
 * group may have and the documents it may hold. The gateway then says, next to the call to action,
 * what the form accepts (from the lenders it passes applications to) and what helps otherwise.
 */
const applicantsDeclaration = z
  .strictObject(
    {
      age: ageRange.optional(),
      documents: uniqueList(
        z.enum(APPLICANT_DOCUMENTS, { error: `must be one of: ${APPLICANT_DOCUMENTS.join(', ')}` }),
        'document',
      )
        .refine((list) => list.length > 0, 'must name at least one document (leave the key out for none)')
        .optional(),
    },
    { error: required('a map {age, documents}') },
  )
  .refine(
    (group) => group.age !== undefined || group.documents !== undefined,
    'must give age, documents or both',
  );

/** What an SEO page's offers block shows (content/README.md, "The offers block"). */
export const offersDeclarationSchema = z.strictObject(
  {
    amount: wholeNumber(OFFER_BLOCK_LIMITS.amountZl.min, OFFER_BLOCK_LIMITS.amountZl.max, 'złoty').refine(
      (zl) => zl % OFFER_BLOCK_LIMITS.amountZl.step === 0,
      `must be a multiple of ${OFFER_BLOCK_LIMITS.amountZl.step} zł (the step of the offers list)`,
    ),
    periodDays: wholeNumber(OFFER_BLOCK_LIMITS.periodDays.min, OFFER_BLOCK_LIMITS.periodDays.max, 'days'),
    products: uniqueList(
      z.enum(OFFER_PRODUCT_TYPES, {
        error: `must be a product type of the offer feeds: ${OFFER_PRODUCT_TYPES.join(', ')}`,
      }),
      'product type',
    )
      .refine((list) => list.length > 0, 'must name at least one product type (leave the key out for any)')
      .optional(),
    firstLoanFree: flag,
    age: ageRange.optional(),
    business: flag,
    withoutCreditCheck: flag,
    fallback: sitePath.optional(),
    applicants: applicantsDeclaration.optional(),
  },
  { error: required('false or a map {amount, periodDays, …} (see content/README.md)') },
);

export type OffersDeclaration = z.output<typeof offersDeclarationSchema>;

/**
 * `offers:` of a page: false (no offers block) or the declaration of what it shows. Parsed in two
 * steps so that a map with a wrong field is reported at that field, not as "not false".
 */
const offersField = z
  .unknown()
  .transform((value, ctx): false | OffersDeclaration => {
    if (value === false) return false;
    const parsed = offersDeclarationSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys')
        for (const key of issue.keys)
          ctx.addIssue({
            code: 'custom',
            path: [...issue.path, key],
            message: 'is not a known field (see content/README.md)',
          });
      else ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  })
  .optional();

const pageFields = {
  path: sitePath,
  title: text(60),
  description: text(160),
  h1: text(200),
  published: isoDate,
  updated: isoDate,
  intro: text(2_000).optional(),
  faq: z.array(faqItem, { error: required('a list of {question, answer}') }).optional(),
  related: uniqueList(sitePath, 'path').optional(),
  offers: offersField,
  figures,
};

const onlySeoShowsOffers = (ctx: z.RefinementCtx) =>
  ctx.addIssue({ code: 'custom', path: ['offers'], message: 'only seo pages show an offers block' });

/** pages/*.md: core pages (type page) and SEO landing pages (type seo). */
export const pageSchema = z
  .strictObject({
    ...pageFields,
    type: z.enum(['page', 'seo'], { error: 'must be "page" or "seo" in pages/ (documents go to docs/)' }),
  })
  .superRefine((page, ctx) => {
    notBefore(page.updated, page.published, 'updated', ctx, 'published');
    if (page.related?.includes(page.path))
      ctx.addIssue({ code: 'custom', path: ['related'], message: 'must not link the page to itself' });
    if (page.type !== 'seo') {
      if (page.offers) onlySeoShowsOffers(ctx);
      return;
    }
    if (page.offers === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['offers'],
        message: 'is required on seo pages: what the offers block shows ({amount, periodDays, …}) or false',
      });
    if (page.intro === undefined)
      ctx.addIssue({ code: 'custom', path: ['intro'], message: 'is required on seo pages' });
    countBetween(page.faq, 3, 5, 'faq', ctx, 'seo pages');
    countBetween(page.related, 2, 6, 'related', ctx, 'seo pages');
  });

/** docs/*.md: legal documents. */
export const docSchema = z
  .strictObject({ ...pageFields, type: z.literal('doc', { error: 'must be "doc" in docs/' }) })
  .superRefine((doc, ctx) => {
    notBefore(doc.updated, doc.published, 'updated', ctx, 'published');
    if (doc.related?.includes(doc.path))
      ctx.addIssue({ code: 'custom', path: ['related'], message: 'must not link the page to itself' });
    if (doc.offers) onlySeoShowsOffers(ctx);
  });

const source = z.strictObject({ name: text(300), url: httpUrl });

/** articles/*.md: blog articles at /<slug>/. */
export const articleSchema = z
  .strictObject({
    slug,
    title: text(60),
    description: text(160),
    h1: text(200),
    tags: uniqueList(slug, 'tag')
      .refine((tags) => tags.length >= 1, 'must name at least 1 tag')
      .refine((tags) => tags.length <= 3, 'must name at most 3 tags'),
    author: slug,
    written: isoDate,
    edited: isoDate,
    sources: z.array(source, { error: required('a list of {name, url}') }).optional(),
    figures,
  })
  .superRefine((article, ctx) => notBefore(article.edited, article.written, 'edited', ctx, 'written'));

/** authors/*.md: authors at /autor/<slug>/. */
export const authorSchema = z.strictObject({
  slug,
  name: text(120),
  role: text(120),
  description: text(160),
});

const LENDERS: ReadonlySet<string> = new Set(LENDER_SLUGS);

/** lenders/*.md: lender review pages at /opinie-o-pozyczkach/<slug>/. */
export const lenderSchema = z.strictObject({
  slug: slug.refine((value) => LENDERS.has(value), 'must be one of the 28 lender slugs in the product spec'),
  name: text(120),
  title: text(60),
  subtitle: text(300),
  description: text(160),
  // Lender facts (company, register, amounts, …) live in the offers service's data, with their sources.
  info: z
    .undefined({
      error:
        'lender facts live in the offers data (apps/offers/data/lenders.pl.json, see content/README.md); remove the info block',
    })
    .optional(),
  faq: z
    .array(faqItem, { error: required('a list of {question, answer}') })
    .refine((list) => list.length >= 3 && list.length <= 5, {
      error: (issue) => `must have 3-5 items, has ${(issue.input as unknown[]).length}`,
    }),
});

const TAGS: ReadonlySet<string> = new Set(TAG_SLUGS);

/** tags.yaml: the blog's 14 tags, in display order. */
export const tagsSchema = z
  .array(
    z.strictObject({
      slug: slug.refine((value) => TAGS.has(value), 'must be one of the 14 blog tags in the product spec'),
      name: text(80),
      description: text(600),
    }),
    { error: required('a list of {slug, name, description}') },
  )
  .superRefine((tags, ctx) => {
    const seen = new Map<string, number>();
    const names = new Map<string, number>();
    tags.forEach((tag, index) => {
      if (seen.has(tag.slug))
        ctx.addIssue({
          code: 'custom',
          path: [index, 'slug'],
          message: `repeats tag ${seen.get(tag.slug)! + 1}`,
        });
      else seen.set(tag.slug, index);
      const key = tag.name.toLocaleLowerCase('pl');
      if (names.has(key))
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: `repeats the name of tag ${names.get(key)! + 1}`,
        });
      else names.set(key, index);
    });
    const missing = TAG_SLUGS.filter((tag) => !seen.has(tag));
    if (missing.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: `must list all 14 tags; missing: ${missing.join(', ')}`,
      });
  });

const menuLink = z.strictObject({ text: text(120), link, icon: text(300).optional() });
const menuColumn = z.strictObject({
  title: text(120).optional(),
  links: z
    .array(menuLink, { error: required('a list of {text, link}') })
    .min(1, 'must have at least one link'),
});

/** navigation.yaml: header menu groups, footer columns, the data-removal link and partners. */
export const navigationSchema = z.strictObject({
  header: z
    .array(
      z.strictObject({
        title: text(80),
        image,
        columns: z
          .array(menuColumn, { error: required('a list of columns') })
          .min(1, 'must have at least one column'),
      }),
      { error: required('a list of menu groups') },
    )
    .min(1, 'must have at least one menu group'),
  footer: z
    .array(
      z.strictObject({
        id: z.enum(FOOTER_COLUMNS, { error: `must be one of ${FOOTER_COLUMNS.join(', ')}` }),
        title: text(120),
        links: menuColumn.shape.links,
      }),
      { error: required(`a list of columns with the ids ${FOOTER_COLUMNS.join(', ')}`) },
    )
    .superRefine((columns, ctx) => {
      const seen = new Set<string>();
      columns.forEach((column, index) => {
        if (seen.has(column.id))
          ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `repeats the column "${column.id}"` });
        seen.add(column.id);
      });
      const missing = FOOTER_COLUMNS.filter((id) => !seen.has(id));
      if (missing.length > 0)
        ctx.addIssue({ code: 'custom', path: [], message: `must have the columns ${missing.join(', ')}` });
    }),
  dataRemovalLink: menuLink,
  partners: z
    .array(z.strictObject({ name: text(120), image, link }), {
      error: required('a list of {name, image, link}'),
    })
    .default([]),
});

export type Figure = z.output<typeof figureSchema>;
export type PageFrontMatter = z.output<typeof pageSchema>;
export type DocFrontMatter = z.output<typeof docSchema>;
export type ArticleFrontMatter = z.output<typeof articleSchema>;
export type AuthorFrontMatter = z.output<typeof authorSchema>;
export type LenderFrontMatter = z.output<typeof lenderSchema>;
export type TagsFile = z.output<typeof tagsSchema>;
export type NavigationFile = z.output<typeof navigationSchema>;
