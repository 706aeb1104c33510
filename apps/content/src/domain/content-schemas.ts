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
  offers: z.boolean({ error: 'must be true or false' }).optional(),
};

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
    if (page.type !== 'seo') return;
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
const optionalFact = text(200).nullable().optional();

/** lenders/*.md: lender review pages at /opinie-o-pozyczkach/<slug>/. */
export const lenderSchema = z.strictObject({
  slug: slug.refine((value) => LENDERS.has(value), 'must be one of the 28 lender slugs in the product spec'),
  name: text(120),
  title: text(60),
  subtitle: text(300),
  description: text(160),
  info: z.strictObject(
    {
      company: optionalFact,
      amount: optionalFact,
      period: optionalFact,
      firstLoanFree: z.boolean({ error: 'must be true, false or null (unknown)' }).nullable().optional(),
      checked: isoDate,
    },
    { error: required('a map of facts') },
  ),
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

export type PageFrontMatter = z.output<typeof pageSchema>;
export type DocFrontMatter = z.output<typeof docSchema>;
export type ArticleFrontMatter = z.output<typeof articleSchema>;
export type AuthorFrontMatter = z.output<typeof authorSchema>;
export type LenderFrontMatter = z.output<typeof lenderSchema>;
export type TagsFile = z.output<typeof tagsSchema>;
export type NavigationFile = z.output<typeof navigationSchema>;
