import { ratesV1 } from '@lib/contracts';
import path from 'node:path';
import { describeWithRedis, freePort, provideTestRedis, type TestRedis } from '@lib/testing';
import { rawRequest } from './support/raw-http';
import { startStack, type Stack } from './support/stack';

/*
 * The rates pages on the real content, offers and rates services (processes from their builds,
 * real PostgreSQL and Redis) and the whole site's links: a crawl from '/' through every internal
 * link of every page (header, menu, footer and body) that each must answer 200, or a deliberate
 * redirect to a page that does. The rates service runs on its bundled data (the NBP table A
 * archive, no table C, sample bank tables), as a stack that is not public may, with one bank's
 * live source configured where nothing answers.
 */

/** A bank whose live source is configured but down: never shown from its sample table. */
const DOWN_BANK = { slug: 'alior', name: 'Alior Bank' };

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
    stack = await startStack({
      redis,
      contentDir: path.join(__dirname, '../../../content'),
      ratesEnv: {
        // no fetch at all: the pages must show the bundled data as it is, whatever the network
        RATES_SCHEDULE: 'off',
        // a port nothing listens on: that bank's source is down
        BANK_SOURCE_URLS: `${DOWN_BANK.slug}=http://127.0.0.1:${await freePort()}/kursy.xml`,
      },
    });
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
    const date = table.effectiveDate.split('-').reverse().join('.');
    expect(shown).toContain(`100 EUR = ${converted.result.replace('.', ',')} PLN`);
    expect(shown).toContain(`kurs z dnia ${date} – średni NBP, tabela nr ${table.no}`);
    expect(res.body.match(/<details class="faq__item">/g)).toHaveLength(3);
  });

  it('says the converter’s NBP rates are the bundled archive’s, dated and never called current', async () => {
    const table = await stack.rates.getLatestTable({ table: ratesV1.TableType.A });
    expect(table.embedded).toBe(true);
    const res = await get('/kalkulator-walutowy/');
    const shown = text(res.body);
    const date = table.effectiveDate.split('-').reverse().join('.');
    expect(res.body).toContain('data-sample-notice="nbpRates"');
    expect(shown).toContain(`po kursie średnim NBP – kurs z dnia ${date}.`);
    expect(shown).not.toContain('po aktualnym kursie');
    // the archive has no table C: every buy and sell cell says so, linked to NBP, never a bare dash
    expect(shown).toContain('kupno i sprzedaż: tabela C NBP niedostępna');
    expect(shown).toMatch(/EUR euro \d,\d{4} zł tabela C NBP niedostępna tabela C NBP niedostępna/);
    expect(res.body).toContain('href="https://api.nbp.pl/api/exchangerates/tables/c/?format=json"');
    expect(shown).not.toMatch(/ zł — /);
    // the banks: the sample tables marked, the bank whose source is down unavailable
    expect(res.body).toContain('data-sample-notice="bankRates"');
    expect(shown).toContain(`${DOWN_BANK.name} Kursy banku chwilowo niedostępne`);
  });

  it('says on the home page that its NBP rates are the bundled archive’s, and old', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.body).toContain('data-sample-notice="nbpRates"');
    expect(text(res.body)).toMatch(
      /Kurs z dnia \d{2}\.\d{2}\.\d{4} \(tabela nr [^)]+\) – nowszej tabeli nie mamy/,
    );
    expect(text(res.body)).not.toContain('Aktualne kursy');
  });

  it('shows a currency pair page with the service title, its figures and a chart, and 404 for an unknown currency', async () => {
    const pair = await stack.rates.getCurrencyPair({
      from: 'eur',
      to: 'pln',
      historyRange: ratesV1.HistoryRange.UNSPECIFIED,
    });
    const res = await get('/kalkulator-walutowy/eur-pln/');
    expect(res.status).toBe(200);
    expect(res.body).toContain(`<h1>${pair.title}</h1>`);
    expect(text(res.body)).toContain(`Kurs NBP ${pair.mid.replace('.', ',')}`);
    // the bundled archive's rate, dated; no table C stored at all
    expect(pair.embedded).toBe(true);
    expect(res.body).toContain('data-sample-notice="nbpRates"');
    expect(text(res.body)).toContain(`kurs z dnia ${pair.effectiveDate.split('-').reverse().join('.')}`);
    expect(text(res.body)).toContain('Kupno tabela C NBP niedostępna');
    expect(text(res.body)).toContain('Sprzedaż tabela C NBP niedostępna');
    expect(res.body).toMatch(/<path d="M[\d.]+ [\d.]+(L[\d.]+ [\d.]+)+" class="rate-chart__line/);
    expect((await get('/kalkulator-walutowy/eur-xyz/')).status).toBe(404);
  });

  it('renders the pair page of a currency without Polish text by its code', async () => {
    const res = await get('/kalkulator-walutowy/mdl-pln/');
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<h1>[^<]*MDL[^<]*<\/h1>/);
  });

  it('shows every bank and a bank page with its sample table, said to be sample and dated, and a chart per currency', async () => {
    const { banks } = await stack.rates.listBanks({});
    expect(banks.length).toBeGreaterThanOrEqual(8);
    const bank = banks.find((candidate) => candidate.latestTableDate !== '')!;
    const table = await stack.rates.getBankTable({ bankSlug: bank.slug, date: '' });
    expect(table.embedded).toBe(true);
    const res = await get(`/kursy-walut-w-bankach/${bank.slug}/`);
    expect(res.status).toBe(200);
    const date = table.effectiveDate.split('-').reverse().join('.');
    expect(res.body).toContain('data-sample-notice="bankRates"');
    expect(text(res.body)).toContain(
      `kurs z dnia ${date} – dane przykładowe wyliczone z tabeli A NBP z założoną marżą, nie tabela banku`,
    );
    // the made-up number of a sample file is never shown as a bank's table number
    expect(text(res.body)).not.toContain(table.tableNo);
    expect(res.body.match(/data-island="rate-chart"/g)?.length).toBe(table.rates.length);
    expect((await get('/kursy-walut-w-bankach/')).status).toBe(200);
    expect((await get('/kursy-walut-w-bankach/bank-ktorego-nie-ma/')).status).toBe(404);
  });

  it('says a bank whose source is down is unavailable, on its page and in the list, never showing its sample', async () => {
    const { banks } = await stack.rates.listBanks({});
    expect(banks.find((bank) => bank.slug === DOWN_BANK.slug)).toMatchObject({
      latestTableDate: '',
      embedded: false,
    });
    const res = await get(`/kursy-walut-w-bankach/${DOWN_BANK.slug}/`);
    expect(res.status).toBe(200);
    expect(text(res.body)).toContain(`Kursy banku ${DOWN_BANK.name} są chwilowo niedostępne`);
    expect(res.body).not.toContain('data-bank-table');
    const list = text((await get('/kursy-walut-w-bankach/')).body);
    expect(list).toContain(`Kursy walut ${DOWN_BANK.name} – kursy banku chwilowo niedostępne`);
    expect(list).toContain(`${DOWN_BANK.name} Kursy banku chwilowo niedostępne`);
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
