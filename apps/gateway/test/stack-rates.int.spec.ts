import { ratesV1 } from '@lib/contracts';
import path from 'node:path';
import { describeWithRedis, provideTestRedis, type TestRedis } from '@lib/testing';
import { rawRequest } from './support/raw-http';
import { startStack, type Stack } from './support/stack';

/*
 * The rates pages on the real content, offers and rates services (processes from their builds,
 * real PostgreSQL and Redis) and the whole site's links: a crawl from '/' through every internal
 * link of every page (header, menu, footer and body) that each must answer 200, or a deliberate
 * redirect to a page that does.
 */

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/[\s\u00a0]+/g, ' ');

/** Every same-site link of a page, as path + query (fragments dropped; external, mailto and asset links left out). */
function internalLinks(html: string, origin: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<a\s[^>]*href="([^"]+)"/g)) {
    const href = match[1]!.replace(/&amp;/g, '&');
    if (href.startsWith('#') || /^(mailto|tel|javascript):/i.test(href)) continue;
    const url = new URL(href, `${origin}/`);
    if (url.origin !== origin || url.pathname.startsWith('/assets/')) continue;
    found.add(`${url.pathname}${url.search}`);
  }
  return [...found];
}

/** The page-type of an address, for the report: its first path segment. */
const typeOf = (address: string) => (address === '/' ? '/' : `/${address.split('/')[1] ?? ''}/`);

describeWithRedis('the rates pages and the site links on the real services', () => {
  let redis: TestRedis;
  let stack: Stack;

  beforeAll(async () => {
    redis = await provideTestRedis();
    // The site as it ships: the project's own content/, not the tests' sample site.
    stack = await startStack({ redis, contentDir: path.join(__dirname, '../../../content') });
  });

  afterAll(async () => {
    await stack?.stop();
    await redis?.close();
  });

  const get = (path: string) => rawRequest(stack.port, { path, headers: { 'accept-encoding': 'identity' } });

  it('shows the converter with 100 EUR in złoty at the rates service own result and table', async () => {
    const [table, converted] = await Promise.all([
      stack.rates.getLatestTable({ table: ratesV1.TableType.A }),
      stack.rates.convert({
        amount: '100',
        from: 'EUR',
        to: 'PLN',
        source: ratesV1.RateSource.NBP_A,
        bankSlug: '',
        date: '',
      }),
    ]);
    const res = await get('/kalkulator-walutowy/');
    expect(res.status).toBe(200);
    const shown = text(res.body);
    expect(shown).toContain(`100 EUR = ${converted.result.replace('.', ',')} PLN`);
    expect(shown).toContain(
      `tabela nr ${table.no} z dnia ${table.effectiveDate.split('-').reverse().join('.')}`,
    );
    expect(res.body.match(/<details class="faq__item">/g)).toHaveLength(3);
  });

  it('shows a currency pair page with the service title, its figures and a chart, and 404 for an unknown currency', async () => {
    const pair = await stack.rates.getCurrencyPair({ from: 'eur', to: 'pln' });
    const res = await get('/kalkulator-walutowy/eur-pln/');
    expect(res.status).toBe(200);
    expect(res.body).toContain(`<h1>${pair.title}</h1>`);
    expect(text(res.body)).toContain(`Kurs NBP ${pair.mid.replace('.', ',')}`);
    expect(res.body).toMatch(/<path d="M[\d.]+ [\d.]+(L[\d.]+ [\d.]+)+" class="rate-chart__line/);
    expect((await get('/kalkulator-walutowy/eur-xyz/')).status).toBe(404);
  });

  it('renders the pair page of a currency without Polish text by its code', async () => {
    const res = await get('/kalkulator-walutowy/mdl-pln/');
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<h1>[^<]*MDL[^<]*<\/h1>/);
  });

  it('shows every bank and a bank page with its table, its date and a chart per currency', async () => {
    const { banks } = await stack.rates.listBanks({});
    expect(banks.length).toBeGreaterThanOrEqual(8);
    const bank = banks.find((candidate) => candidate.latestTableDate !== '')!;
    const table = await stack.rates.getBankTable({ bankSlug: bank.slug, date: '' });
    const res = await get(`/kursy-walut-w-bankach/${bank.slug}/`);
    expect(res.status).toBe(200);
    expect(text(res.body)).toContain(
      `Tabela nr ${table.tableNo} z dnia ${table.effectiveDate.split('-').reverse().join('.')}`,
    );
    expect(res.body.match(/data-island="rate-chart"/g)?.length).toBe(table.rates.length);
    expect((await get('/kursy-walut-w-bankach/')).status).toBe(200);
    expect((await get('/kursy-walut-w-bankach/bank-ktorego-nie-ma/')).status).toBe(404);
  });

  it('has no dead internal link: every link reachable from / answers 200 or a redirect to a page that does', async () => {
    const seen = new Set<string>(['/']);
    const queue: { address: string; from: string }[] = [{ address: '/', from: '(start)' }];
    const dead: string[] = [];
    const types = new Map<string, number>();
    const visit = async ({ address, from }: { address: string; from: string }) => {
      let res = await get(address);
      if ([301, 302, 303, 307, 308].includes(res.status)) {
        // A deliberate redirect: to another site (an offer's lender), or to one of our pages that must answer.
        const target = new URL(String(res.headers['location'] ?? ''), `${stack.url}${address}`);
        if (target.origin !== stack.url) return;
        res = await get(`${target.pathname}${target.search}`);
        if (res.status !== 200)
          dead.push(
            `${address} → ${target.pathname}${target.search} answers ${res.status} (linked from ${from})`,
          );
      } else if (res.status !== 200) {
        dead.push(`${address} answers ${res.status} (linked from ${from})`);
      }
      types.set(typeOf(address), (types.get(typeOf(address)) ?? 0) + 1);
      if (res.status !== 200 || !String(res.headers['content-type'] ?? '').startsWith('text/html')) return;
      for (const link of internalLinks(res.body, stack.url)) {
        if (seen.has(link)) continue;
        seen.add(link);
        queue.push({ address: link, from: address });
      }
    };
    // A few at a time, as a crawler would; bounded so a link generator cannot run away.
    while (queue.length > 0 && seen.size < 5_000) await Promise.all(queue.splice(0, 8).map(visit));
    expect(dead).toEqual([]);
    expect(queue).toEqual([]);
    // the crawl reached every kind of page, the rates pages among them
    for (const type of [
      '/',
      '/blog/',
      '/kalkulator-walutowy/',
      '/kursy-walut-w-bankach/',
      '/opinie-o-pozyczkach/',
      '/autor/',
    ])
      expect(types.get(type)).toBeGreaterThan(0);
    expect(seen.size).toBeGreaterThan(500);
    expect(
      [...seen].some((address) => /^\/kalkulator-walutowy\/[a-z]{3}-[a-z]{3}\/\?zakres=5-lat$/.test(address)),
    ).toBe(true);
  }, 300_000);
});
