import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeWithRedis, provideTestRedis, type TestRedis } from '@lib/testing';
import { formatMoneyWhole } from '../src/shared/format';
import { createPolishLocale } from '../src/shared/locale';
import { rawRequest } from './support/raw-http';
import { eventually, startStack, type Stack } from './support/stack';

/*
 * One set of figures (lender facts, amounts: every page's come from the same offers data) on the
 * site as it ships: the project's own content/ in
 * front of the real content, offers and rates services (processes from their builds, real PostgreSQL
 * and Redis). The offers service reads a copy of the bundled partner feeds that the last test edits,
 * and the gateway keeps no page cache, so every answer is drawn from the offers data of that moment.
 */

const CONTENT_DIR = path.join(__dirname, '../../../content');
const BUNDLED_FEEDS = path.join(__dirname, '../../offers/feeds');
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
        if (!row.known && !/^(w trakcie weryfikacji|brak danych)$/.test(row.value))
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
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    const addresses = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
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

  it("the home headline states the offers data's largest amount, and follows the partner feed when it changes", async () => {
    const before = (await stack.offers.listLenderFacts({ country: 'PL' })).figures!;
    expect(before.amountMaxGrosze).toBeGreaterThan(0);
    const headline = (html: string) => text(/<h1>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '');
    const title = (html: string) => text(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '');

    const home = await get('/');
    expect(home.status).toBe(200);
    expect(headline(home.body)).toBe(
      `Pożyczka online do ${money(before.amountMaxGrosze)} — porównaj oferty w kilka minut`,
    );
    expect(title(home.body)).toContain(`do ${money(before.amountMaxGrosze)}`);

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
    expect(headline(after.body)).toBe(`Pożyczka online do ${money(raised)} — porównaj oferty w kilka minut`);
    expect(after.body).not.toContain(`do ${formatMoneyWhole(locale, before.amountMaxGrosze)}`);
    // A review quotes the new figure too (its facts block and its text).
    const { lenders } = await stack.offers.listLenderFacts({ country: 'PL' });
    const vivus = lenders.find((lender) => lender.slug === 'vivus')!;
    const review = await get('/opinie-o-pozyczkach/vivus/');
    expect(text(review.body)).toContain(money(vivus.offer!.amountMaxGrosze));
  }, 120_000);
});
