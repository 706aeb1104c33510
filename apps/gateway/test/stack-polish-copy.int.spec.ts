import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type NameForms, nominativesAfterPrepositions } from '@lib/pl-format';
import { describeWithRedis, provideTestRedis, type TestRedis } from '@lib/testing';
import { rawRequest } from './support/raw-http';
import { startStack, type Stack } from './support/stack';
import { readSitemap } from './support/sitemap-reader';

/*
 * The site's Polish as it ships: the project's own content/ in front of the real content, offers
 * and rates services (processes from their builds), every page of the sitemap and every lender's
 * offer page drawn by the gateway, and their visible text read the way a visitor reads it:
 * - figures written one way: a no-break space inside numbers and before 'zł' and '%', amounts from a
 *   thousand on grouped, an en dash and never an em dash, no ISO date;
 * - lender names in the case their preposition takes ("Opinie o Pożyczce Plus", "w firmie Tarata"):
 *   never the nominative of a name that declines after 'o', 'w', 'z', 'dla', 'od', 'do', …
 * - nothing that excludes or misleads: no masculine-only consent, no "we never call" beside the
 *   consent to telephone contact, no "only through the form" against /jak-to-dziala/, no
 *   "licencjonowanych" while the lender facts confirm no licence;
 * - every page's footer: the credit intermediary's disclosure with the (example) register entry,
 *   and the data-removal link to our own /unsubscribe/.
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

/** The reviewed brands' slugs, and whether any of them has a licence or register entry confirmed. */
async function lenderLicences(): Promise<{ slugs: string[]; anyConfirmed: boolean }> {
  const file = JSON.parse(await readFile(LENDER_FACTS_FILE, 'utf8')) as {
    lenders: Record<string, { register?: { value: string | null } }>;
  };
  return {
    slugs: Object.keys(file.lenders),
    anyConfirmed: Object.values(file.lenders).some((entry) => (entry.register?.value ?? null) !== null),
  };
}

/** What the site must not say: each excludes or misleads where it stands. */
const MISLEADING: readonly { pattern: RegExp; says: string }[] = [
  { pattern: /Zapoznałem\s+się/i, says: 'a statement in the masculine only ("Zapoznałem się")' },
  {
    pattern:
      /pracownicy[^.]{0,60}nigdy[^.]{0,20}\snie\s+(?:dzwonią|telefonują)|nigdy[^.]{0,20}\snie\s+(?:dzwonimy|telefonujemy)/i,
    says: '"we never call", beside the consent to telephone contact',
  },
  {
    pattern: /wyłącznie\s+przez\s+formularz/i,
    says: '"only through the form", against the journey of /jak-to-dziala/',
  },
];
/** Said of lenders in general only once the lender facts confirm a licence. */
const LICENSED = {
  pattern: /licencjonowan/i,
  says: '"licencjonowanych" while no lender\'s licence is confirmed',
};

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
  { pattern: /\d%/g, says: 'a number and "%" without the no-break space between them' },
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
  let licences: { slugs: string[]; anyConfirmed: boolean };
  let addresses: string[];

  beforeAll(async () => {
    redis = await provideTestRedis();
    names = await lenderNameForms();
    licences = await lenderLicences();
    stack = await startStack({
      redis,
      contentDir: CONTENT_DIR,
      gatewayEnv: { PAGE_CACHE: 'false', PAGE_MEMO_MS: '0' },
    });
    const sitemap = await readSitemap(get);
    // Every lender's offer page (not in the sitemap: it is reached from the offer cards) too.
    const feed = JSON.parse(await readFile(FEED_FILE, 'utf8')) as { lender_id: number }[];
    addresses = [
      ...sitemap.urls.map((url) => new URL(url.loc).pathname),
      ...[...new Set(feed.map((offer) => offer.lender_id))].map((id) => `/lenders/${id}/`),
    ];
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    await redis?.close();
  });

  const get = (address: string) =>
    rawRequest(stack.port, { path: address, headers: { 'accept-encoding': 'identity' } });

  /** Every page's visible text, read once for every rule, and its HTML for the footer's. */
  let pages: Map<string, string> | undefined;
  const html = new Map<string, string>();
  async function visiblePages(): Promise<Map<string, string>> {
    if (pages) return pages;
    const read = new Map<string, string>();
    for (const address of addresses) {
      const res = await get(address);
      if (res.status !== 200) throw new Error(`${address}: ${res.status}`);
      read.set(address, visibleText(res.body));
      html.set(address, res.body);
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

  it('says nothing that excludes or misleads on any page', async () => {
    const rules = licences.anyConfirmed ? MISLEADING : [...MISLEADING, LICENSED];
    const found: { address: string; problem: string }[] = [];
    for (const [address, text] of await visiblePages())
      for (const { pattern, says } of rules) {
        const match = pattern.exec(text);
        if (match) found.push({ address, problem: `${says}: "${match[0].replace(/\s+/g, ' ')}"` });
      }
    expect(byProblem(found)).toEqual([]);
  }, 600_000);

  it("puts the credit intermediary's disclosure and our own data-removal link in every page's footer", async () => {
    await visiblePages();
    const found: { address: string; problem: string }[] = [];
    for (const [address, body] of html) {
      const footer = /<footer class="site-footer">[\s\S]*<\/footer>/.exec(body)?.[0] ?? '';
      const note =
        /<p class="site-footer__note" data-operator="intermediary">([\s\S]*?)<\/p>/.exec(footer)?.[1] ?? '';
      // The stack shows the embedded example operator: its entry is said to be an example.
      if (!note.includes('wpis nr RPK000000 – to przykładowy numer, a nie prawdziwy wpis'))
        found.push({ address, problem: 'no register entry (marked as the example) in the footer' });
      if (!note.includes('<a href="/o-nas/#posrednictwo-kredytowe">'))
        found.push({ address, problem: "no link to the disclosure's long form in the footer" });
      if (
        !footer.includes(
          '<p class="site-footer__note" data-footer="data-removal"><a href="/unsubscribe/">Usuń moje dane</a></p>',
        )
      )
        found.push({ address, problem: 'the data-removal link is not "Usuń moje dane" to /unsubscribe/' });
    }
    expect(byProblem(found)).toEqual([]);
  }, 600_000);

  it('gives the long form, with every lender we work with linked, on /o-nas/ and in the terms', async () => {
    await visiblePages();
    for (const address of ['/o-nas/', '/zasady-korzystania-z-serwisu/']) {
      const main = /<main[\s\S]*<\/main>/.exec(html.get(address) ?? '')?.[0] ?? '';
      expect({ address, entry: main.includes('pod numerem RPK000000 – to przykładowy numer') }).toEqual({
        address,
        entry: true,
      });
      expect(main).toContain(
        'Nie mamy umocowania do zawierania umów pożyczki ani kredytu w imieniu pożyczkodawców',
      );
      expect(main).toContain('Wynagrodzenie, czyli prowizję, płaci nam pożyczkodawca');
      const list = /<ul class="partner-list">([\s\S]*?)<\/ul>/.exec(main)?.[1] ?? '';
      const linked = [...list.matchAll(/<a href="\/opinie-o-pozyczkach\/([a-z0-9-]+)\/">/g)].map((m) => m[1]);
      expect(linked.sort()).toEqual([...licences.slugs].sort());
    }
  }, 600_000);
});
