import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeWithRedis, provideTestRedis, type TestRedis } from '@lib/testing';
import { LOAN_EXAMPLE_ROWS } from '../src/features/home/loan-example-endpoint';
import { SAMPLE_MARK } from '../src/app/figures/figure-tokens';
import { formatDate, formatMoney, formatMoneyWhole } from '../src/shared/format';
import { createPolishLocale } from '../src/shared/locale';
import { rawRequest } from './support/raw-http';
import { eventually, startStack, type Stack } from './support/stack';
import { readSitemap } from './support/sitemap-reader';

/*
 * One set of figures (lender facts, amounts: every page's come from the same offers data) on the
 * site as it ships: the project's own content/ in
 * front of the real content, offers and rates services (processes from their builds, real PostgreSQL
 * and Redis). The offers service reads a copy of the bundled partner feeds that the last test edits,
 * and the gateway keeps no page cache, so every answer is drawn from the offers data of that moment.
 */

const CONTENT_DIR = path.join(__dirname, '../../../content');
const BUNDLED_FEEDS = path.join(__dirname, '../../offers/feeds');
const LENDER_FACTS_FILE = path.join(__dirname, '../../offers/data/lenders.pl.json');

interface FeedOffer {
  is_active?: boolean;
  sponsored?: boolean;
  review_slug?: string;
  amount_min?: number;
  amount_max?: number;
  period_min_days?: number;
  period_max_days?: number;
}

/**
 * The catalogue's range read straight from a partner feed file, the way the product describes it:
 * active offers, not paid placements, of brands that lend (not a comparison site or an intermediary
 * by the reviewed facts file); amounts in whole złoty, periods in days.
 */
async function catalogueOfFeed(file: string) {
  const feed = JSON.parse(await readFile(file, 'utf8')) as FeedOffer[];
  const facts = JSON.parse(await readFile(LENDER_FACTS_FILE, 'utf8')) as {
    lenders: Record<string, { kind: { value: string | null } }>;
  };
  const lending = feed.filter(
    (o) =>
      o.is_active !== false &&
      o.sponsored !== true &&
      !['porownywarka', 'posrednik'].includes(facts.lenders[o.review_slug ?? '']?.kind.value ?? ''),
  );
  const values = (pick: (o: FeedOffer) => number | undefined) =>
    lending.map(pick).filter((v): v is number => v !== undefined && v > 0);
  return {
    amountMinZl: Math.min(...values((o) => o.amount_min)),
    amountMaxZl: Math.max(...values((o) => o.amount_max)),
    periodMinDays: Math.min(...values((o) => o.period_min_days)),
    periodMaxDays: Math.max(...values((o) => o.period_max_days)),
  };
}

/** The value of one attribute of the first tag that has `marker`. */
const attributeOf = (html: string, marker: string, name: string) => {
  const tag = new RegExp(`<[a-z]+ [^>]*${marker}[^>]*>`).exec(html)?.[0] ?? '';
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
};
const locale = createPolishLocale('http://127.0.0.1');

/** Visible text, tags dropped, non-breaking spaces as spaces. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();
const money = (grosze: number) => text(formatMoneyWhole(locale, grosze));
const formatMoneyExact = (grosze: number) => formatMoney(locale, grosze);

interface FactRowHtml {
  known: boolean;
  label: string;
  value: string;
}

/** The rows of a page's facts block, as drawn (lender-facts-block.tsx). */
function factRows(html: string): FactRowHtml[] {
  const block = /<section class="facts"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  return [
    ...block.matchAll(
      /<div class="facts__row( facts__row--unknown)?"><dt>([\s\S]*?)<\/dt><dd>([\s\S]*?)<\/dd><\/div>/g,
    ),
  ].map((m) => ({
    known: m[1] === undefined,
    label: text(m[2]!),
    value: text(m[3]!),
  }));
}

describeWithRedis('figures from the offers data on the shipped content (real services)', () => {
  let redis: TestRedis;
  let stack: Stack;
  let feeds: string;

  beforeAll(async () => {
    redis = await provideTestRedis();
    feeds = await mkdtemp(path.join(tmpdir(), 'feeds-'));
    await cp(BUNDLED_FEEDS, feeds, { recursive: true });
    // Partner feeds: the sample offers written out again (a bundled file byte for byte is sample data).
    for (const name of await readdir(feeds))
      await writeFile(
        path.join(feeds, name),
        JSON.stringify(JSON.parse(await readFile(path.join(feeds, name), 'utf8')) as unknown),
      );
    stack = await startStack({
      redis,
      contentDir: CONTENT_DIR,
      offersEnv: { OFFERS_FEED_BASE_URL: pathToFileURL(feeds).href },
      gatewayEnv: { PAGE_CACHE: 'false', PAGE_MEMO_MS: '0' },
    });
  });

  afterAll(async () => {
    await stack?.stop();
    await redis?.close();
    if (feeds) await rm(feeds, { recursive: true, force: true });
  });

  const get = (address: string) =>
    rawRequest(stack.port, { path: address, headers: { 'accept-encoding': 'identity' } });

  it('every lender review shows its facts block: each known fact with its source and date, the rest as unknown, and its text figures from the same data', async () => {
    const { lenders } = await stack.offers.listLenderFacts({ country: 'PL' });
    expect(lenders).toHaveLength(28);
    const problems: string[] = [];
    for (const lender of lenders) {
      const address = `/opinie-o-pozyczkach/${lender.slug}/`;
      const res = await get(address);
      if (res.status !== 200) {
        problems.push(`${address}: ${res.status}`);
        continue;
      }
      if (!res.body.includes(`data-lender-facts="${lender.slug}"`))
        problems.push(`${address}: no facts block`);
      if (res.body.includes('{{'))
        problems.push(`${address}: a raw token is left: ${/\{\{[^}]*\}\}/.exec(res.body)?.[0]}`);
      const rows = factRows(res.body);
      if (rows.length !== 7) problems.push(`${address}: ${rows.length} fact rows, expected 7`);
      for (const row of rows) {
        if (row.known && !/Źródło: .+, stan na \d{2}\.\d{2}\.\d{4}/.test(row.value))
          problems.push(`${address}: "${row.label}" is shown without its source and date: ${row.value}`);
        // A brand that does not lend has no RRSO of its own: its row says why instead of a figure.
        const ownCost =
          row.label === 'RRSO przykładu reprezentatywnego' &&
          ['porownywarka', 'posrednik'].includes(lender.kind?.value ?? '') &&
          row.value.startsWith('nie dotyczy – serwis nie udziela pożyczek');
        if (!row.known && !ownCost && !/^(w trakcie weryfikacji|brak danych)$/.test(row.value))
          problems.push(`${address}: unknown "${row.label}" reads "${row.value}"`);
      }
      // The editorial facts are the offers service's: a verified company is named, an unverified one is not guessed.
      const company = rows.find((row) => row.label === 'Firma (strona umowy)');
      const expectedCompany = lender.company?.value ?? '';
      if (expectedCompany === '' ? company?.known !== false : !company?.value.startsWith(expectedCompany))
        problems.push(
          `${address}: company row "${company?.value}" does not match the offers data "${expectedCompany}"`,
        );
      // The review text quotes the same offer: its figure tokens read as the offers data.
      const source = await readFile(path.join(CONTENT_DIR, 'lenders', `${lender.slug}.md`), 'utf8');
      const offer = lender.offer;
      const shown = text(res.body);
      if (
        offer &&
        /\{\{oferta\.(kwota-max|kwoty)\b/.test(source) &&
        !shown.includes(money(offer.amountMaxGrosze))
      )
        problems.push(
          `${address}: the text does not state the feed's largest amount ${money(offer.amountMaxGrosze)}`,
        );
      if (
        offer?.firstLoanFree &&
        /\{\{oferta\.darmowa-max\b/.test(source) &&
        !shown.includes(money(offer.firstLoanFreeMaxGrosze))
      )
        problems.push(
          `${address}: the text does not state the feed's free-loan limit ${money(offer.firstLoanFreeMaxGrosze)}`,
        );
    }
    expect(problems).toEqual([]);
  }, 240_000);

  it('no page in the sitemap shows a raw figure or operator token', async () => {
    const addresses = (await readSitemap(get)).urls.map((url) => new URL(url.loc).pathname);
    expect(addresses.length).toBeGreaterThan(100);
    expect(addresses).toContain('/lista-partnerow/');
    const problems: string[] = [];
    for (const address of addresses) {
      const res = await get(address);
      if (res.status !== 200) problems.push(`${address}: ${res.status}`);
      else if (res.body.includes('{{'))
        problems.push(`${address}: ${/\{\{[^}]*\}\}/.exec(res.body)?.[0] ?? '{{'}`);
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('home: the headline, the sliders and the application form state one range, the partner feed’s; the example is the top-ranked offer’s, with every figure of art. 7', async () => {
    const feed = await catalogueOfFeed(path.join(BUNDLED_FEEDS, 'pl_feed.json'));
    const { figures } = await stack.offers.listLenderFacts({ country: 'PL' });
    const mark = figures!.sample ? ` ${SAMPLE_MARK}` : '';
    const home = await get('/');
    expect(home.status).toBe(200);
    const headline = text(/<h1>([\s\S]*?)<\/h1>/.exec(home.body)?.[1] ?? '');
    expect(headline).toBe(
      `Pożyczka online do ${money(feed.amountMaxZl * 100)} – porównaj oferty w kilka minut${mark}`,
    );
    // The sliders end where the feed does, and say so.
    expect(attributeOf(home.body, 'data-slider="amount"', 'min')).toBe(String(feed.amountMinZl));
    expect(attributeOf(home.body, 'data-slider="amount"', 'max')).toBe(String(feed.amountMaxZl));
    const stops = attributeOf(home.body, 'data-slider="period"', 'data-stops')!.split(',').map(Number);
    expect([stops[0], stops.at(-1)]).toEqual([feed.periodMinDays, feed.periodMaxDays]);
    expect(text(/<span data-range="amount-max">([^<]*)<\/span>/.exec(home.body)?.[1] ?? '')).toBe(
      money(feed.amountMaxZl * 100),
    );
    // The application form takes the same range and names it.
    const form = await get('/application/');
    expect(form.status).toBe(200);
    expect(attributeOf(form.body, 'name="amount"', 'max')).toBe(String(feed.amountMaxZl));
    expect(attributeOf(form.body, 'name="amount"', 'min')).toBe(String(feed.amountMinZl));
    expect(attributeOf(form.body, 'name="period"', 'max')).toBe(String(feed.periodMaxDays));
    expect(text(form.body)).toContain(
      `Kwota pożyczki w zł (od ${money(feed.amountMinZl * 100)} do ${money(feed.amountMaxZl * 100)})`,
    );
    // A post beyond the feed's largest amount is refused naming that range, before any service is asked.
    const formCookie = ([] as string[])
      .concat(form.headers['set-cookie'] ?? [])
      .map((line) => line.split(';')[0]!)
      .join('; ');
    const refused = await rawRequest(stack.port, {
      method: 'POST',
      path: '/process/',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: stack.url,
        cookie: formCookie,
        'accept-encoding': 'identity',
      },
      body: new URLSearchParams({
        amount: String(feed.amountMaxZl + 1),
        period: String(feed.periodMaxDays),
        purpose: 'other',
        csrf_token: attributeOf(form.body, 'name="csrf_token"', 'value') ?? '',
      }).toString(),
    });
    expect(refused.status).toBe(400);
    expect(text(/<p [^>]*data-error-for="amount"[^>]*>([^<]*)<\/p>/.exec(refused.body)?.[1] ?? '')).toBe(
      `Wybierz kwotę od ${money(feed.amountMinZl * 100)} do ${money(feed.amountMaxZl * 100)}`,
    );

    // The example: the first offer of MatchOffers with a stated cost for the sliders' start.
    const amount = Number(attributeOf(home.body, 'data-slider="amount"', 'value'));
    const period = Number(attributeOf(home.body, 'name="period"', 'value'));
    const ranking = await stack.offers.matchOffers({
      amountGrosze: amount * 100,
      periodDays: period,
      purpose: 0,
      applicationId: '',
      country: 'PL',
      limit: 10,
      age: 0,
      pagePath: '',
      productTypes: [],
      firstLoanFreeOnly: false,
      ageFrom: 0,
      ageTo: 0,
      business: false,
      withoutCreditCheck: false,
    });
    const top = ranking.offers.find((match) => !match.costUnknown && match.cost)!;
    expect(top).toBeDefined();
    expect(text(/<strong data-example="lender">([^<]*)<\/strong>/.exec(home.body)?.[1] ?? '')).toBe(
      top.offer!.header,
    );
    const rows: Record<string, string> = Object.fromEntries(
      [...home.body.matchAll(/<dd data-example-row="([a-z]+)">([^<]*)<\/dd>/g)].map((m): [string, string] => [
        m[1]!,
        text(m[2]!),
      ]),
    );
    expect(Object.keys(rows)).toEqual([...LOAN_EXAMPLE_ROWS]);
    for (const key of LOAN_EXAMPLE_ROWS) expect([key, rows[key]]).not.toEqual([key, '']);
    expect(rows['rrso']).toBe(`${top.cost!.rrsoPercent.replace('.', ',')} %`);
    expect(rows['amount']).toBe(text(formatMoneyExact(top.cost!.amountGrosze)));
    expect(rows['total']).toBe(text(formatMoneyExact(top.cost!.totalPayableGrosze)));
    expect(rows['cost']).toBe(text(formatMoneyExact(top.cost!.totalCostGrosze)));
    // Its source: the sample notice next to it, or the feed's date.
    const provenance = top.offer!.sample
      ? attributeOf(home.body, 'data-example="sample"', 'hidden') === undefined
      : text(home.body).includes(`stan na ${formatDate(locale, top.offer!.asOf)}`);
    expect(provenance).toBe(true);
    // The offers block is ranked for the same request: its first card is the same offer.
    expect(/data-offer-id="(\d+)"/.exec(home.body)?.[1]).toBe(String(ranking.offers[0]!.offer!.offerId));

    // The island's endpoint answers the same example for the same values, and follows the sliders.
    const api = await get(`/api/loan-example?amount=${amount}&period=${period}`);
    expect(api.status).toBe(200);
    const answer = JSON.parse(api.body) as {
      example: { lender: string; rows: { key: string; value: string }[] };
    };
    expect(answer.example.lender).toBe(top.offer!.header);
    expect(answer.example.rows.map((r) => text(r.value))).toEqual(LOAN_EXAMPLE_ROWS.map((key) => rows[key]));
    const largest = JSON.parse(
      (await get(`/api/loan-example?amount=${feed.amountMaxZl}&period=${feed.periodMaxDays}`)).body,
    ) as { example: { rows: { key: string; value: string }[] } | null };
    // The feed's largest amount for its longest period: an offer lends it, and the example says so.
    expect(text(largest.example!.rows.find((r) => r.key === 'amount')!.value)).toBe(
      text(formatMoneyExact(feed.amountMaxZl * 100)),
    );
  });

  it('/lp/: no ratings block while nothing rated is published; a rating published through moderation shows with its text, day and link', async () => {
    const before = await get('/lp/');
    expect(before.status).toBe(200);
    expect(before.body).not.toContain('data-lender-ratings');
    expect(before.body).not.toContain('/lp/opinia-');

    const review = '/opinie-o-pozyczkach/vivus/';
    const comment = 'Umowa była czytelna, a koszty zgadzały się z formularzem informacyjnym.';
    const { commentId, createdAt } = await stack.content.submitComment({
      pagePath: review,
      name: 'Joanna z Radomia',
      email: 'joanna@example.pl',
      text: comment,
      rating: 4,
      replyTo: 0,
      sessionId: '',
    });
    // Pending is not published: still no block.
    expect((await get('/lp/')).body).not.toContain('data-lender-ratings');
    await stack.content.approveComment({ commentId, moderator: 'test' });

    const after = await get('/lp/');
    const block = /<section [^>]*data-lender-ratings[\s\S]*?<\/section>/.exec(after.body)?.[0] ?? '';
    expect(text(block)).toContain('Najnowsze opinie czytelników o pożyczkodawcach');
    expect(text(block)).toContain('To oceny pożyczkodawców, nie naszego serwisu.');
    expect(text(block)).toContain(comment);
    expect(text(block)).toContain('Joanna z Radomia');
    expect(text(block)).toContain(formatDate(locale, createdAt));
    expect(block).toContain(`href="${review}#komentarz-${commentId}"`);
    expect(text(block)).toContain('Ocena 4 z 5');
    // The link leads to the comment where it is published.
    expect((await get(review)).body).toContain(`id="komentarz-${commentId}"`);
  });

  it('home while the offers service is stopped: it renders, stating no range, example or figure it cannot source', async () => {
    await stack.stopService('offers');
    try {
      const home = await get('/');
      expect(home.status).toBe(200);
      const shown = text(home.body);
      // The headline reads the writer's words for an unknown figure (content/pages/index.md).
      expect(text(/<h1>([\s\S]*?)<\/h1>/.exec(home.body)?.[1] ?? '')).toBe(
        'Pożyczka online do kwoty z ofert pożyczkodawców – porównaj oferty w kilka minut',
      );
      expect(home.body).not.toContain('data-slider=');
      expect(shown).toContain('Nie możemy teraz pobrać zakresu kwot i okresów z ofert pożyczkodawców');
      expect(shown).toContain('Przykład kosztu jest chwilowo niedostępny');
      expect(home.body).not.toContain('{{');
      // No amount in złoty anywhere in the hero: nothing was typed in as a fallback.
      const hero = /<section class="hero">[\s\S]*?<\/section>/.exec(home.body)?.[0] ?? '';
      expect(text(hero.replace(/<[a-z]+ [^>]*hidden=""[^>]*>[\s\S]*?<\/(?:p|div)>/g, ''))).not.toMatch(
        /\d zł/,
      );
    } finally {
      await stack.startService('offers');
    }
    // Back: the headline states the figure again.
    await eventually(async () => /<h1>Pożyczka online do \d/.test((await get('/')).body));
  }, 120_000);

  it("the home headline states the offers data's largest amount, and follows the partner feed when it changes", async () => {
    const before = (await stack.offers.listLenderFacts({ country: 'PL' })).figures!;
    expect(before.amountMaxGrosze).toBeGreaterThan(0);
    const headline = (html: string) => text(/<h1>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '');
    const title = (html: string) => text(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '');

    const mark = before.sample ? ` ${SAMPLE_MARK}` : '';
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(headline(home.body)).toBe(
      `Pożyczka online do ${money(before.amountMaxGrosze)} – porównaj oferty w kilka minut${mark}`,
    );
    // The title states no figure: it is read where no date or source can stand next to it.
    expect(title(home.body)).not.toMatch(/\d zł/);

    // The partner raises its amounts by 7 000 zł: the catalogue's maximum and the headline follow.
    const file = path.join(feeds, 'pl_feed.json');
    const offers = JSON.parse(await readFile(file, 'utf8')) as { amount_max: number }[];
    await writeFile(
      file,
      JSON.stringify(offers.map((offer) => ({ ...offer, amount_max: offer.amount_max + 7_000 }))),
    );
    await stack.offers.triggerFeedIngestion({ feedKeys: ['pl'] });
    const raised = before.amountMaxGrosze + 700_000;
    await eventually(
      async () => (await stack.offers.listLenderFacts({ country: 'PL' })).figures?.amountMaxGrosze === raised,
    );

    const after = await get('/');
    expect(headline(after.body)).toBe(
      `Pożyczka online do ${money(raised)} – porównaj oferty w kilka minut${mark}`,
    );
    expect(after.body).not.toContain(`do ${formatMoneyWhole(locale, before.amountMaxGrosze)}`);
    // The sliders and the application form follow the same figure (the form keeps it a minute).
    expect(attributeOf(after.body, 'data-slider="amount"', 'max')).toBe(String(raised / 100));
    // A review quotes the new figure too (its facts block and its text).
    const { lenders } = await stack.offers.listLenderFacts({ country: 'PL' });
    const vivus = lenders.find((lender) => lender.slug === 'vivus')!;
    const review = await get('/opinie-o-pozyczkach/vivus/');
    expect(text(review.body)).toContain(money(vivus.offer!.amountMaxGrosze));
  }, 120_000);
});
