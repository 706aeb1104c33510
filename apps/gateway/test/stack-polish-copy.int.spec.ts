import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type NameForms, nominativesAfterPrepositions } from '@lib/pl-format';
import { describeWithRedis, provideTestRedis, type TestRedis } from '@lib/testing';
import { rawRequest } from './support/raw-http';
import { startStack, type Stack } from './support/stack';

/*
 * The site's Polish as it ships: the project's own content/ in front of the real content, offers
 * and rates services (processes from their builds), every page of the sitemap and every lender's
 * offer page drawn by the gateway, and their visible text read the way a visitor reads it:
 * - figures written one way: a no-break space inside numbers and before 'zł' and '%', amounts from a
 *   thousand on grouped, an en dash and never an em dash, no ISO date;
 * - lender names in the case their preposition takes ("Opinie o Pożyczce Plus", "w firmie Tarata"):
 *   never the nominative of a name that declines after 'o', 'w', 'z', 'dla', 'od', 'do', …
 */

const CONTENT_DIR = path.join(__dirname, '../../../content');
const LENDER_FACTS_FILE = path.join(__dirname, '../../offers/data/lenders.pl.json');
const FEED_FILE = path.join(__dirname, '../../offers/feeds/pl_feed.json');

/** Every reviewed brand's name in its cases, as the offers data ships them. */
async function lenderNameForms(): Promise<NameForms[]> {
  const file = JSON.parse(await readFile(LENDER_FACTS_FILE, 'utf8')) as {
    lenders: Record<string, { name: string; nameForms: Omit<NameForms, 'nominative'> }>;
  };
  return Object.values(file.lenders).map((entry) => ({ nominative: entry.name, ...entry.nameForms }));
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', nbsp: '\u00a0' };

/**
 * What a visitor reads on a page: the title, the meta description and the body's text, with scripts,
 * styles and tags dropped (a tag reads as a line break, so two table cells never make one number)
 * and entities decoded. Spaces are kept as they are: a no-break space is not a plain one.
 */
function visibleText(html: string): string {
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '';
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? html;
  return (
    [title, description, body]
      .join('\n')
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, '\n')
      // React's markers between adjacent text nodes are no break in the text.
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]+>/g, '\n')
      .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, code: string) => {
        if (code.startsWith('#x') || code.startsWith('#X'))
          return String.fromCodePoint(parseInt(code.slice(2), 16));
        if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
        return ENTITIES[code] ?? whole;
      })
  );
}

/** The rules for figures, dashes and dates, each a pattern over visible text and what it means. */
const TYPOGRAPHY_RULES: readonly { pattern: RegExp; says: string }[] = [
  { pattern: /\d[ \t\r\n]+zł/g, says: 'a plain space between a number and "zł"' },
  { pattern: /\d[ \t\r\n]+%/g, says: 'a plain space between a number and "%"' },
  {
    pattern: /(?<![\d.,]|\d[ \u00a0])\d{4,}(?:,\d+)?[ \u00a0]?zł/g,
    says: 'an amount of four digits or more without a thousands separator',
  },
  {
    pattern: /(?<![\d.,]|\d[ \u00a0])\d{1,3}(?: \d{3})+(?!\d)/g,
    says: 'a plain space as thousands separator',
  },
  { pattern: /\u2014/g, says: 'an em dash (the site writes an en dash)' },
  { pattern: /(?<![\d-])\d{4}-\d{2}-\d{2}(?![\d-])/g, says: 'an ISO date (the site writes 28.11.2026)' },
];

/** Each place a page breaks a rule: what, with the words around it (no-break spaces shown as '⍽'). */
function typographyProblems(text: string): string[] {
  const problems: string[] = [];
  for (const { pattern, says } of TYPOGRAPHY_RULES)
    for (const match of text.matchAll(pattern)) {
      const around = text
        .slice(Math.max(0, match.index - 30), match.index + match[0].length + 30)
        .replace(/\u00a0/g, '⍽')
        .replace(/\s+/g, ' ');
      problems.push(`${says}: "${around}"`);
    }
  return problems;
}

/** Problems once each, with how many pages show it and the first of them (a layout's fault is on every page). */
function byProblem(found: readonly { address: string; problem: string }[]): string[] {
  const pagesOf = new Map<string, string[]>();
  for (const { address, problem } of found) pagesOf.set(problem, [...(pagesOf.get(problem) ?? []), address]);
  return [...pagesOf].map(([problem, pages]) => `${problem} (${pages.length} page(s), e.g. ${pages[0]})`);
}

describeWithRedis('Polish copy on every page of the shipped site (real services)', () => {
  let redis: TestRedis;
  let stack: Stack;
  let names: NameForms[];
  let addresses: string[];

  beforeAll(async () => {
    redis = await provideTestRedis();
    names = await lenderNameForms();
    stack = await startStack({
      redis,
      contentDir: CONTENT_DIR,
      gatewayEnv: { PAGE_CACHE: 'false', PAGE_MEMO_MS: '0' },
    });
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    // Every lender's offer page (not in the sitemap: it is reached from the offer cards) too.
    const feed = JSON.parse(await readFile(FEED_FILE, 'utf8')) as { lender_id: number }[];
    addresses = [
      ...[...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname),
      ...[...new Set(feed.map((offer) => offer.lender_id))].map((id) => `/lenders/${id}/`),
    ];
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    await redis?.close();
  });

  const get = (address: string) =>
    rawRequest(stack.port, { path: address, headers: { 'accept-encoding': 'identity' } });

  /** Every page's visible text, read once for both rules. */
  let pages: Map<string, string> | undefined;
  async function visiblePages(): Promise<Map<string, string>> {
    if (pages) return pages;
    const read = new Map<string, string>();
    for (const address of addresses) {
      const res = await get(address);
      if (res.status !== 200) throw new Error(`${address}: ${res.status}`);
      read.set(address, visibleText(res.body));
    }
    pages = read;
    return read;
  }

  it('walks the whole site: every sitemap page, the lender reviews and every lender offer page', async () => {
    expect(addresses.length).toBeGreaterThan(100);
    expect(addresses).toEqual(
      expect.arrayContaining(['/opinie-o-pozyczkach/pozyczka-plus/', '/lenders/116/']),
    );
    expect((await visiblePages()).size).toBe(addresses.length);
  }, 600_000);

  it('writes numbers, money, percentages, dashes and dates one way on every page', async () => {
    const found: { address: string; problem: string }[] = [];
    for (const [address, text] of await visiblePages())
      for (const problem of typographyProblems(text)) found.push({ address, problem });
    expect(byProblem(found)).toEqual([]);
  }, 600_000);

  it('never leaves a lender name that declines in the nominative after a preposition', async () => {
    const found: { address: string; problem: string }[] = [];
    for (const [address, text] of await visiblePages())
      for (const name of nominativesAfterPrepositions(text, names))
        found.push({ address, problem: `${name.name}: "${name.found}"` });
    expect(byProblem(found)).toEqual([]);
    // The offer cards do name the reviewed brands, declined: the check above had something to read.
    const offers = (await visiblePages()).get('/lenders/116/') ?? '';
    expect(offers).toContain('Przeczytaj opinie o Pożyczce Plus');
  }, 600_000);
});
