import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_CONTENT_DIR } from '../src/content.config';
import { LENDER_SLUGS } from '../src/domain/catalogue';
import { parseFrontMatter } from '../src/domain/front-matter';
import { countWords } from '../src/domain/text-stats';

/**
 * Editorial rules for the 28 lender reviews in content/lenders/, read straight from
 * the files so that they hold whatever the import schema looks like:
 * - each review opens in its own words: no two opening sentences (nor their first words) are alike
 *   once the lender's name is set aside, so a template filled with a different name fails;
 * - facts about a lender live in the offers data, not in an `info:` block of the review; the body has
 *   250+ words in `##` sections, among them who the offer may suit and what to watch for;
 * - no review types an offer figure: every amount (zł), age (lat), period (dni, miesięcy) and percentage
 *   of the lender's offer is a figure token (`{{oferta.kwota-max|…}}`, content/README.md "Figure tokens")
 *   the gateway fills from the offers data at render time, so the text and the facts block on the same
 *   page state one set of figures even when the partner feed changes; the only typed figures allowed are
 *   general legal facts (the 14-day withdrawal right, "0 zł" of a free first loan, article numbers);
 *   every token is one the gateway knows and carries its own fallback wording (what the sentence reads
 *   as when the figure is unknown), and a review calls its offer inactive exactly when the feed does.
 */

const FEED_FILE = path.resolve(__dirname, '../../offers/feeds/pl_feed.json');
/** Where the gateway lists the lender tokens it fills (read as text: apps do not import each other). */
const LENDER_TOKENS_FILE = path.resolve(__dirname, '../../gateway/src/app/figures/lender-tokens.ts');
const TOKEN = /\{\{\s*([a-z]+\.[a-z-]+)\s*(?:\|([^{}|]*))?\}\}/g;
const OPENING_WORDS = 6;
/** The statutory 14 days to withdraw from a consumer credit agreement (art. 53 of the act). */
const LEGAL_DAYS = [14];

interface FeedOffer {
  review_slug?: string;
  is_active?: boolean;
  amount_min: number;
  amount_max: number;
  period_min_days: number;
  period_max_days: number;
  age_min?: number;
  age_max?: number;
  first_loan_free_max?: number;
  example_amount?: number;
  example_period_days?: number;
}

interface Review {
  file: string;
  slug: string;
  name: string;
  data: Record<string, unknown>;
  body: string;
  faqText: string;
}

const NUMBER = String.raw`\d{1,3}(?: \d{3})+|\d+`;
const toNumber = (text: string) => Number(text.replace(/ /g, ''));

/** Markdown to the words a reader sees: link targets, emphasis and heading marks removed. */
function plainText(markdown: string): string {
  return markdown
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[[\]*_`#>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function openingSentence(body: string): string {
  const firstParagraph = body.trim().split(/\r?\n\s*\r?\n/)[0] ?? '';
  const text = plainText(firstParagraph);
  return text.split(/(?<=[.!?])\s+(?=[A-ZĄĆĘŁŃÓŚŹŻ„])/u)[0] ?? text;
}

/** The opening with the lender's own name set aside, lower-cased: what a template would share. */
function openingShape(review: Review): string {
  const name = review.name.toLocaleLowerCase('pl');
  return openingSentence(review.body)
    .toLocaleLowerCase('pl')
    .split(name)
    .join('<nazwa>')
    .replace(/[^\p{L}\p{N}<> ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function statedFigures(text: string): { amounts: number[]; ages: number[]; periods: number[] } {
  const amounts: number[] = [];
  for (const match of text.matchAll(
    new RegExp(String.raw`(?:od (${NUMBER}) do |(${NUMBER}) ?[–-] ?)?(${NUMBER}) zł`, 'g'),
  )) {
    for (const group of [match[1], match[2], match[3]]) if (group) amounts.push(toNumber(group));
  }
  const ages: number[] = [];
  for (const match of text.matchAll(
    /(?:od (\d+)\.? do )?(\d+)\.? (?:lat|lata|roku życia|rok życia)(?![\p{L}])/gu,
  )) {
    for (const group of [match[1], match[2]]) if (group) ages.push(Number(group));
  }
  const periods: number[] = [];
  for (const match of text.matchAll(
    new RegExp(
      String.raw`(?:od (${NUMBER}) do )?(${NUMBER}) (?:dni|dnia|dniach|miesięcy|miesiące|miesiąca|miesiącach|miesiąc)(?![\p{L}])`,
      'gu',
    ),
  )) {
    for (const group of [match[1], match[2]]) if (group) periods.push(toNumber(group));
  }
  return { amounts, ages, periods };
}

/** Figures a review may type: general legal facts, not the lender's offer. */
const allowedFigure = {
  // 0 zł: the price of a free first loan ("pierwsza pożyczka za 0 zł"), not a figure of the offer.
  amounts: new Set([0]),
  ages: new Set<number>(),
  periods: new Set(LEGAL_DAYS),
};

/** Percentages typed outside article references ("14,9%", "10%"), not "5,5 punktu procentowego". */
const percentages = (text: string): string[] => [...text.matchAll(/\d+(?:,\d+)?\s?%/g)].map((m) => m[0]);

/** The figures a text types by hand once its tokens are set aside. */
function typedFigures(text: string) {
  const plain = plainText(text.replace(TOKEN, ' '));
  const stated = statedFigures(plain);
  return {
    amounts: stated.amounts.filter((n) => !allowedFigure.amounts.has(n)),
    ages: stated.ages.filter((n) => !allowedFigure.ages.has(n)),
    periods: stated.periods.filter((n) => !allowedFigure.periods.has(n)),
    percentages: percentages(plain),
  };
}

/** The text a reader sees of a review: front matter lines shown on the page, body and FAQ. */
const readerText = (review: Review): string =>
  [review.data.title, review.data.subtitle, review.data.description, review.body, review.faqText]
    .map((v) => (typeof v === 'string' ? v : ''))
    .join('\n\n');

async function readReviews(): Promise<Review[]> {
  const folder = path.join(DEFAULT_CONTENT_DIR, 'lenders');
  const files = (await readdir(folder)).filter((name) => name.endsWith('.md')).sort();
  return Promise.all(
    files.map(async (name) => {
      const parsed = parseFrontMatter(await readFile(path.join(folder, name), 'utf8'));
      if (!parsed.ok) throw new Error(`content/lenders/${name}: ${parsed.field}: ${parsed.message}`);
      const data = parsed.data as Record<string, unknown>;
      const faq = Array.isArray(data.faq) ? (data.faq as { question?: string; answer?: string }[]) : [];
      return {
        file: `content/lenders/${name}`,
        slug: String(data.slug),
        name: String(data.name),
        data,
        body: parsed.body,
        faqText: faq.map((item) => `${item.question ?? ''} ${item.answer ?? ''}`).join(' '),
      };
    }),
  );
}

describe('the lender reviews in content/lenders/', () => {
  let reviews: Review[];
  let feed: Map<string, FeedOffer>;
  beforeAll(async () => {
    reviews = await readReviews();
    const offers = JSON.parse(await readFile(FEED_FILE, 'utf8')) as FeedOffer[];
    feed = new Map(offers.filter((o) => o.review_slug).map((o) => [o.review_slug!, o]));
  });

  it('cover the 28 lenders: no info block, 250+ words in sections, who it suits and what to watch for', () => {
    expect(reviews.map((r) => r.slug).sort()).toEqual([...LENDER_SLUGS].sort());
    const problems = reviews.flatMap((review) => {
      const found: string[] = [];
      if ('info' in review.data) found.push(`${review.file}: info: lender facts live in the offers data`);
      const words = countWords(plainText(review.body));
      if (words < 250) found.push(`${review.file}: body has ${words} words, fewer than 250`);
      const sections = review.body.match(/^## /gm)?.length ?? 0;
      if (sections < 2) found.push(`${review.file}: body has ${sections} "##" section(s), fewer than 2`);
      for (const heading of ['## Dla kogo', '## Na co uważać'])
        if (!review.body.split('\n').some((line) => line.startsWith(heading)))
          found.push(`${review.file}: no section "${heading} …"`);
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('open each with a sentence of its own, not a template with another name', () => {
    const bySentence = new Map<string, string[]>();
    const byWords = new Map<string, string[]>();
    for (const review of reviews) {
      const shape = openingShape(review);
      bySentence.set(shape, [...(bySentence.get(shape) ?? []), review.file]);
      const start = shape.split(' ').slice(0, OPENING_WORDS).join(' ');
      byWords.set(start, [...(byWords.get(start) ?? []), review.file]);
    }
    const alike = [...bySentence.entries(), ...byWords.entries()]
      .filter(([, files]) => files.length > 1)
      .map(([opening, files]) => `${files.join(', ')} open alike: "${opening}"`);
    expect([...new Set(alike)]).toEqual([]);
  });

  it('type no offer figure: amounts, ages, periods and percentages of the offer are figure tokens', () => {
    const problems = reviews.flatMap((review) => {
      const typed = typedFigures(readerText(review));
      return [
        ...typed.amounts.map((n) => `${review.file}: ${n} zł typed by hand, use {{oferta.…}}`),
        ...typed.ages.map((n) => `${review.file}: age ${n} typed by hand, use {{oferta.wiek…}}`),
        ...typed.periods.map(
          (n) => `${review.file}: period ${n} (days or months) typed by hand, use {{oferta.okres…}}`,
        ),
        ...typed.percentages.map(
          (p) =>
            `${review.file}: ${p} typed by hand, use {{oferta.prowizja}} / {{oferta.oprocentowanie}} / {{oferta.rrso}}`,
        ),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('use only tokens the gateway fills, each with its own fallback wording', async () => {
    const source = await readFile(LENDER_TOKENS_FILE, 'utf8');
    const list = /LENDER_TOKENS = \[([^\]]*)\]/.exec(source)?.[1] ?? '';
    const known = new Set([...list.matchAll(/'([a-z.-]+)'/g)].map((m) => m[1]!));
    expect(known.size).toBeGreaterThan(5);
    let used = 0;
    const problems = reviews.flatMap((review) =>
      [...readerText(review).matchAll(TOKEN)].flatMap((m) => {
        used += 1;
        const [whole, name, fallback] = m;
        if (!known.has(name!)) return [`${review.file}: ${whole} is not a lender token the gateway knows`];
        if (fallback === undefined || fallback.trim() === '')
          return [`${review.file}: ${whole} has no fallback wording after "|"`];
        return [];
      }),
    );
    expect(problems).toEqual([]);
    // Every review quotes its offer through tokens (the check above is not vacuous).
    expect(used).toBeGreaterThan(reviews.length * 3);
  });

  it('say that an offer is inactive exactly when the feed marks it so', () => {
    const problems = reviews.flatMap((review) => {
      const offer = feed.get(review.slug);
      const saysInactive = /nieaktywn/u.test(review.body);
      const inactive = offer?.is_active === false;
      if (saysInactive === inactive) return [];
      return [
        `${review.file}: ${inactive ? 'the feed marks the offer inactive; the review must say so' : 'says inactive, the feed has it active'}`,
      ];
    });
    expect(problems).toEqual([]);
  });

  it('tell the figure check from a template: a typed figure and a shared opening are caught', () => {
    const typed = typedFigures(
      'Kwoty {{oferta.kwoty|z oferty}}, od 100 do 4 000 zł, spłata po 61 dniach lub 2 miesiącach, od 19 do 75 lat, prowizja 9,5%. Masz 14 dni na odstąpienie, a pierwsza pożyczka kosztuje 0 zł.',
    );
    expect(typed.amounts).toEqual([100, 4000]);
    expect(typed.ages).toEqual([19, 75]);
    expect(typed.periods).toEqual([61, 2]);
    expect(typed.percentages).toEqual(['9,5%']);
    expect(
      typedFigures('Pożyczysz {{oferta.kwoty|w kwotach z oferty}} na {{oferta.okres-max|okres z oferty}}.'),
    ).toEqual({
      amounts: [],
      ages: [],
      periods: [],
      percentages: [],
    });
    const one = {
      file: 'a',
      slug: 'a',
      name: 'Alfa',
      data: {},
      faqText: '',
      body: 'Alfa to marka pożyczek online. Dalej.',
    };
    const two = { ...one, file: 'b', name: 'Beta', body: 'Beta to marka pożyczek online. Coś innego.' };
    expect(openingShape(one)).toBe(openingShape(two));
  });
});
