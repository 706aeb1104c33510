import { ratesV1 } from '@lib/contracts';
import { AMOUNT_MESSAGES } from '@lib/currencies';
import { status as grpcStatus } from '@grpc/grpc-js';
import { warsawDay } from '@lib/pl-calendar';
import { pageDataKey } from '../src/server/pages/page-data-cache';
import { lastWorkingDay } from '../src/shared/rates-format-date';
import { FakeGrpcError, type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { createFakeContent } from './support/content-fixtures';
import { createFakeRates, type FakeRates, TABLE_A } from './support/rates-fixtures';
import { expectNoStack, rawRequest } from './support/raw-http';
import { type TestGateway, startTestGateway } from './support/test-gateway';
import { readSitemap } from './support/sitemap-reader';

/*
 * The rates pages (converter, currency pairs, banks) over real HTTP against fake content and rates
 * services: what each page shows, the converter form without JavaScript, bad input, unknown
 * currencies and banks, the history range in the address, the sitemap, and the last good table
 * kept while the rates service is down. The real rates service is behind stack-rates.int.spec.ts.
 */

/** Visible text, tags dropped and spaces (also no-break ones) folded, for assertions on wording. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0]+/g, ' ');

type JsonLd = Record<string, unknown> & { '@type': string };
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as JsonLd,
  );

describe('gateway rates pages (fake services)', () => {
  let content: FakeGrpcServer;
  let rates: FakeGrpcServer;
  let fake: FakeRates;
  let gateway: TestGateway;

  beforeAll(async () => {
    fake = createFakeRates();
    [content, rates] = await Promise.all([
      startFakeService('content', createFakeContent().handlers),
      startFakeService('rates', fake.handlers),
    ]);
    gateway = await startTestGateway({
      targets: { content: content.target, rates: rates.target },
      env: { PAGE_CACHE: 'false' },
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await Promise.all([content?.stop(), rates?.stop()]);
  });

  const get = (path: string) => rawRequest(gateway.port, { path });

  describe('/kalkulator-walutowy/', () => {
    it('shows the converter with 100 EUR in złoty, popular currencies, per-bank rates, three questions and the NBP note, every rate dated', async () => {
      const res = await get('/kalkulator-walutowy/');
      expect(res.status).toBe(200);
      const body = text(res.body);
      expect(res.body).toContain('<h1>Kalkulator walutowy</h1>');
      // a GET form to the page itself, which works without JavaScript
      const form = /<form class="converter"[^>]*>/.exec(res.body)?.[0] ?? '';
      expect(form).toContain('action="/kalkulator-walutowy/#przelicznik"');
      expect(form).toContain('method="get"');
      expect(form).toContain('data-island="currency-converter"');
      expect(body).toContain('100 EUR = 428,13 PLN');
      expect(body).toContain('100 euro to 428,13 złotego');
      expect(body).toContain(
        '1 EUR = 4,2813 PLN (kurs z dnia 17.01.2025 – średni NBP, tabela nr 012/A/NBP/2025)',
      );
      // the lead counts the currencies there are (CHF, JPY, MDL besides the named ones) and dates
      // the rate; a table of 17.01.2025 is not called current today
      expect(body).toContain(
        'Przelicz złote na euro, dolary, funty i 3 inne waluty po kursie średnim NBP – kurs z dnia 17.01.2025.',
      );
      expect(body).not.toContain('aktualnym');
      expect(body).not.toContain('ponad 50');
      // tables fetched from NBP: no sample notice for the NBP rates
      expect(res.body).not.toContain('data-sample-notice="nbpRates"');
      // the select offers the złoty, table A and table B currencies, with their mid rates
      expect(res.body).toContain('<option value="MDL" data-mid="0.2219" data-table="1">MDL</option>');
      expect(res.body).toContain(
        '<option value="PLN" data-mid="1" data-table="-1">PLN – złoty polski</option>',
      );
      // popular currencies: mid from A, buy and sell from C, linked to their pair pages
      expect(body).toContain(
        'Kursy średnie NBP – kurs z dnia 17.01.2025 (tabela nr 012/A/NBP/2025); kupno i sprzedaż – kurs z dnia 17.01.2025 (tabela nr 012/C/NBP/2025)',
      );
      expect(res.body).toContain('<a href="/kalkulator-walutowy/eur-pln/">EUR</a>');
      expect(body).toContain('EUR euro 4,2813 zł 4,2420 zł 4,3276 zł');
      // table C is there but without the pound: said so, with where NBP publishes it, never a bare dash
      expect(body).toContain('GBP funt szterling 5,0721 zł brak w tabeli C NBP brak w tabeli C NBP');
      expect(res.body).toContain(
        '<a href="https://api.nbp.pl/api/exchangerates/tables/c/?format=json" rel="noopener nofollow" data-table-c-missing="">brak w tabeli C NBP</a>',
      );
      expect(body).not.toMatch(/ — /);
      // per-bank rates: a sample table is marked, a bank without a table says its rates are unavailable
      expect(body).toContain('PKO Bank Polski 4,1900 4,3800');
      expect(body).toContain('17.01.2025 (dane przykładowe)');
      expect(body).toContain('ING Bank Śląski 4,2000 4,3600');
      expect(body).toContain('Bank Bez Tabeli Kursy banku chwilowo niedostępne');
      expect(res.body.match(/data-sample-notice="bankRates"/g)).toHaveLength(1);
      expect(res.body.match(/<details class="faq__item">/g)).toHaveLength(3);
      const faq = jsonLd(res.body).find((item) => item['@type'] === 'FAQPage') as unknown as {
        mainEntity: unknown[];
      };
      expect(faq.mainEntity).toHaveLength(3);
      expect(body).toContain('na podstawie danych ogłaszanych przez Narodowy Bank Polski');
      expect(res.headers['cache-control']).toMatch(/^public/);
    });

    it('converts the amount the form sent without JavaScript, answered uncached', async () => {
      const res = await get('/kalkulator-walutowy/?kwota=1+250%2C50&z=USD&na=EUR');
      expect(res.status).toBe(200);
      // 1250.50 × 4.1592 / 4.2813 = 1214.837…
      expect(text(res.body)).toContain('1 250,5 USD = 1 214,84 EUR');
      expect(res.body).toContain('value="1 250,50"');
      expect(res.body).toMatch(/<option value="USD"[^>]*selected=""/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['etag']).toBeUndefined();
    });

    it.each([
      ['-5', AMOUNT_MESSAGES.negative],
      ['abc', AMOUNT_MESSAGES.notANumber],
      ['2000000000', AMOUNT_MESSAGES.tooLarge],
    ])('answers %p with a Polish message and no result, not an error status', async (amount, message) => {
      const res = await get(`/kalkulator-walutowy/?kwota=${amount}&z=EUR&na=PLN`);
      expect(res.status).toBe(200);
      expect(text(res.body)).toContain(message);
      expect(res.body).toContain('aria-invalid="true"');
      expect(text(res.body)).not.toContain('EUR = ');
      expectNoStack(res.body);
    });

    it('asks to pick a currency from the list for an unknown code', async () => {
      const res = await get('/kalkulator-walutowy/?kwota=10&z=XYZ&na=PLN');
      expect(res.status).toBe(200);
      expect(text(res.body)).toContain('Wybierz walutę z listy.');
    });
  });

  describe('currency pair pages', () => {
    it('shows the title and description built by the service, price, buy, sell, NBP rate, min, max and the chart', async () => {
      const res = await get('/kalkulator-walutowy/eur-pln/');
      expect(res.status).toBe(200);
      expect(res.body).toContain(`<title>${'Kurs euro do złotego (EUR/PLN) – przelicznik euro na złote'}`);
      expect(res.body).toContain(
        '<meta name="description" content="Ile złotych kosztuje euro? Kurs EUR/PLN według NBP, kupno, sprzedaż i wykres z historią kursu euro.">',
      );
      const body = text(res.body);
      expect(body).toContain('Cena 1 EUR = 4,28 PLN · kurs z dnia 17.01.2025');
      expect(body).toContain('Kupno 4,2420 PLN · kurs z dnia 17.01.2025 (tabela 012/C/NBP/2025)');
      expect(body).toContain('Sprzedaż 4,3276 PLN · kurs z dnia 17.01.2025 (tabela 012/C/NBP/2025)');
      expect(body).toContain('Kurs NBP 4,2813 PLN · kurs z dnia 17.01.2025 (tabela 012/A/NBP/2025)');
      expect(body).toContain('Minimum (12 miesięcy do 17.01.2025) 4,1998 PLN');
      expect(body).toContain('Maksimum (12 miesięcy do 17.01.2025) 4,3525 PLN');
      expect(res.body).not.toContain('data-sample-notice');
      // the history chart: server-rendered SVG with its line, and the island marker
      expect(res.body).toMatch(/<figure class="rate-chart" data-island="rate-chart"/);
      expect(res.body).toMatch(
        /<path d="M[\d.]+ [\d.]+L[\d.]+ [\d.]+L[\d.]+ [\d.]+" class="rate-chart__line rate-chart__line--0"/,
      );
      expect(body).toContain('17.01.2025 – Kurs średni NBP: 4,2813 PLN');
      expect(body).toContain('Zmiana 0,0113 PLN (0,26 %)');
      // every range, the default one marked
      for (const label of ['48 godzin', '1 tydzień', '1 miesiąc', '6 miesięcy', '12 miesięcy', '5 lat'])
        expect(body).toContain(label);
      expect(res.body).toContain(
        '<a href="/kalkulator-walutowy/eur-pln/#historia" aria-current="true" rel="nofollow">1 miesiąc</a>',
      );
      expect(res.body).toContain(
        '<a href="/kalkulator-walutowy/eur-pln/?zakres=5-lat#historia" rel="nofollow">5 lat</a>',
      );
      expect(body).toContain('na podstawie danych ogłaszanych przez Narodowy Bank Polski');
    });

    it('reads the history range from the address, asked in the one GetCurrencyPair, and the canonical URL stays the page', async () => {
      fake.historyRequests.length = 0;
      fake.pairRequests.length = 0;
      const res = await get('/kalkulator-walutowy/eur-pln/?zakres=5-lat');
      expect(res.status).toBe(200);
      expect(fake.pairRequests).toEqual([
        { from: 'eur', to: 'pln', historyRange: ratesV1.HistoryRange.YEARS_5 },
      ]);
      expect(fake.historyRequests).toEqual([]);
      expect(res.body).toContain(
        '<link rel="canonical" href="http://localhost:3000/kalkulator-walutowy/eur-pln/">',
      );
      expect(text(res.body)).toContain('Historia kursu EUR/PLN – 5 lat');
    });

    it('draws the złoty against a currency from that currency in złoty, inverted', async () => {
      fake.pairRequests.length = 0;
      const res = await get('/kalkulator-walutowy/pln-eur/');
      expect(res.status).toBe(200);
      // the default range; the fake answers EUR in złoty, as the service does
      expect(fake.pairRequests).toEqual([
        { from: 'pln', to: 'eur', historyRange: ratesV1.HistoryRange.MONTH_1 },
      ]);
      // 1 / 4.2813 = 0.233574…, 1 / 4.2650 = 0.234467…
      expect(text(res.body)).toContain('17.01.2025 – Kurs średni NBP: 0,233574 EUR');
      expect(text(res.body)).toContain('Maksimum (1 miesiąc) 0,234467 EUR');
      // table C is stored, only without this pair's rates
      expect(text(res.body)).toContain('Kupno brak w tabeli C NBP');
    });

    it('answers the 404 page for an unknown currency or the same one twice, and 301 for upper case', async () => {
      for (const path of ['/kalkulator-walutowy/xyz-pln/', '/kalkulator-walutowy/eur-eur/']) {
        const res = await get(path);
        expect(res.status).toBe(404);
        expect(res.body).toContain('Nie mogliśmy znaleźć żądanej strony');
      }
      const moved = await get('/kalkulator-walutowy/EUR-PLN/?zakres=5-lat');
      expect(moved.status).toBe(301);
      expect(moved.headers['location']).toBe('/kalkulator-walutowy/eur-pln/?zakres=5-lat');
    });
  });

  describe('/kursy-walut-w-bankach/', () => {
    it('compares every bank and links each bank page', async () => {
      const res = await get('/kursy-walut-w-bankach/');
      expect(res.status).toBe(200);
      const body = text(res.body);
      expect(res.body).toContain('<h1>Kursy walut w bankach</h1>');
      expect(res.body).toContain('<a href="/kursy-walut-w-bankach/pko-bp/">Kursy walut PKO Bank Polski</a>');
      expect(body).toContain('PKO Bank Polski 4,1900 4,3800');
      // the list dates each bank, marks the sample table and says which bank has none
      expect(body).toContain('Kursy walut PKO Bank Polski – kurs z dnia 17.01.2025 (dane przykładowe)');
      expect(body).toContain('Kursy walut ING Bank Śląski – kurs z dnia 17.01.2025');
      expect(body).toContain('Kursy walut Bank Bez Tabeli – kursy banku chwilowo niedostępne');
      expect(res.body).toContain('data-sample-notice="bankRates"');
      expect(body).toContain('na podstawie danych ogłaszanych przez Narodowy Bank Polski');
    });

    it('shows a sample bank table as sample data computed from NBP, never as the bank’s numbered table', async () => {
      const res = await get('/kursy-walut-w-bankach/pko-bp/');
      expect(res.status).toBe(200);
      const body = text(res.body);
      expect(res.body).toContain('<h1>Kursy walut PKO Bank Polski</h1>');
      expect(body).toContain('Waluta Kupno Sprzedaż');
      expect(body).toContain('EUR euro 4,1900 zł 4,3800 zł');
      expect(body).toContain('HUF forint (za 100) 1,0100 zł 1,0700 zł');
      // the sample table: its notice, what it was computed from, and no bank table number
      expect(res.body).toContain('data-sample-notice="bankRates"');
      expect(body).toContain(
        'To nie jest tabela banku: kursy wyliczyliśmy z kursów średnich z tabeli A NBP z dnia 17.01.2025, dodając założoną przez nas marżę.',
      );
      expect(body).toContain(
        'kurs z dnia 17.01.2025 – dane przykładowe wyliczone z tabeli A NBP z założoną marżą, nie tabela banku',
      );
      expect(body).not.toContain('12/2025');
      expect(body).not.toContain('tabela na stronie banku');
      expect(res.body).toContain(
        '<meta name="description" content="Przykładowe kursy kupna i sprzedaży walut (dane wyliczone z tabeli A NBP z dnia 17.01.2025, nie tabela PKO Bank Polski)',
      );
      expect(res.body).toContain('<title>Kursy walut PKO Bank Polski – dane przykładowe, nie tabela banku');
      expect(res.body.match(/data-island="rate-chart"/g)).toHaveLength(2);
      expect(body).toContain('Najniższy kurs kupna: 4,1800 zł, najwyższy kurs sprzedaży: 4,3800 zł');
      // the other banks, not this one
      expect(body).toContain('Kursy w innych bankach');
      expect(body).toContain('Bank Bez Tabeli Kursy banku chwilowo niedostępne');
      expect(body).not.toMatch(/Kursy w innych bankach.*PKO Bank Polski 4,1900/);
    });

    it('shows a table fetched from the bank with its number and date, linked to the bank, without a sample notice', async () => {
      const res = await get('/kursy-walut-w-bankach/ing/');
      expect(res.status).toBe(200);
      const body = text(res.body);
      expect(body).toContain('EUR euro 4,2000 zł 4,3600 zł');
      expect(body).toContain(
        'Tabela banku nr ING/12/2025 – kurs z dnia 17.01.2025 · tabela na stronie banku',
      );
      // 17.01.2025 is long gone: the newest table the site has, not a current one
      expect(body).toContain('Najnowsza tabela banku, jaką mamy – kurs z dnia 17.01.2025.');
      expect(body).not.toContain('Aktualna tabela');
      // the sample notice only where the other banks' (sample) rates are compared, not by this bank's table
      const [own, others] = res.body.split('id="inne-banki"');
      expect(own).not.toContain('data-sample-notice');
      expect(others).toContain('data-sample-notice="bankRates"');
    });

    it('says a bank without a table is unavailable, never computing its rates from NBP', async () => {
      const res = await get('/kursy-walut-w-bankach/bank-bez-tabeli/');
      expect(res.status).toBe(200);
      const body = text(res.body);
      expect(body).toContain(
        'Kursy banku Bank Bez Tabeli są chwilowo niedostępne: nie mamy tabeli kursów pobranej od banku, a kursów banku nie zastępujemy żadnymi innymi.',
      );
      expect(res.body).not.toContain('data-bank-table');
      expect(res.body).not.toContain('data-island="rate-chart"');
      expect(fake.bankHistoryRequests.filter((r) => r.bankSlug === 'bank-bez-tabeli')).toEqual([]);
      // the other banks are still compared
      expect(body).toContain('PKO Bank Polski 4,1900 4,3800');
    });

    it('answers the 404 page for an unknown bank', async () => {
      const res = await get('/kursy-walut-w-bankach/nie-ma-takiego/');
      expect(res.status).toBe(404);
      expect(res.body).toContain('Nie mogliśmy znaleźć żądanej strony');
    });
  });

  it('lists the rates pages in the sitemap', async () => {
    const locs = (await readSitemap(get)).urls.map((url) => url.loc);
    for (const path of [
      '/kalkulator-walutowy/',
      '/kalkulator-walutowy/eur-pln/',
      '/kalkulator-walutowy/mdl-pln/',
      '/kursy-walut-w-bankach/',
      '/kursy-walut-w-bankach/pko-bp/',
    ])
      expect(locs).toContain(`http://localhost:3000${path}`);
  });
});

describe('gateway rates pages with NBP tables of the last working day', () => {
  it('calls table A current, and C’s buy and sell missing when no table C is stored', async () => {
    const today = lastWorkingDay(warsawDay());
    const fake = createFakeRates();
    const rates = await startFakeService('rates', {
      ...fake.handlers,
      GetLatestTable: (request) => {
        const { table } = request as ratesV1.GetLatestTableRequest;
        if (table === ratesV1.TableType.A) return { ...TABLE_A, effectiveDate: today };
        throw new FakeGrpcError(grpcStatus.NOT_FOUND, 'nbp_table not found');
      },
    });
    const content = await startFakeService('content', createFakeContent().handlers);
    const gateway = await startTestGateway({
      targets: { content: content.target, rates: rates.target },
      env: { PAGE_CACHE: 'false' },
    });
    try {
      const res = await rawRequest(gateway.port, { path: '/kalkulator-walutowy/' });
      expect(res.status).toBe(200);
      const body = text(res.body);
      const date = today.split('-').reverse().join('.');
      expect(body).toContain(`po aktualnym kursie średnim NBP – kurs z dnia ${date}.`);
      expect(body).toContain('kupno i sprzedaż: tabela C NBP niedostępna');
      expect(body).toContain('EUR euro 4,2813 zł tabela C NBP niedostępna tabela C NBP niedostępna');
      expect(body).not.toContain('brak w tabeli C');
    } finally {
      await gateway.stop();
      await Promise.all([content.stop(), rates.stop()]);
    }
  });
});

describe('gateway rates pages when the rates service fails', () => {
  it('shows a pair page whose history the service could not read with that section unavailable, and caches it only once whole', async () => {
    const fake = createFakeRates();
    let historyFails = true;
    const rates = await startFakeService('rates', {
      ...fake.handlers,
      GetCurrencyPair: (request) => {
        const answer = fake.handlers['GetCurrencyPair']!(request) as ratesV1.CurrencyPair;
        return historyFails ? { ...answer, history: null, historyUnavailable: true } : answer;
      },
    });
    const content = await startFakeService('content', createFakeContent().handlers);
    const gateway = await startTestGateway({
      targets: { content: content.target, rates: rates.target },
      env: { PAGE_CACHE: 'true', PAGE_MEMO_MS: '0' },
    });
    const key = pageDataKey('currency-pair', { from: 'eur', range: '1-miesiac', to: 'pln' });
    const historySection = (html: string) => /id="historia"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    try {
      const res = await rawRequest(gateway.port, { path: '/kalkulator-walutowy/eur-pln/' });
      expect(res.status).toBe(200);
      // the rest of the page is there; the history says it is unavailable, without a chart
      expect(text(res.body)).toContain('Kurs NBP 4,2813 PLN');
      expect(historySection(res.body)).toContain('<p class="notice" role="status">');
      expect(text(historySection(res.body))).toContain('chwilowo niedostępne');
      expect(res.body).not.toContain('data-island="rate-chart"');
      expect(rates.calls.get('GetCurrencyHistory')).toBeUndefined();
      expect(await gateway.deps.cache.get(key)).toBeUndefined();

      historyFails = false;
      const whole = await rawRequest(gateway.port, { path: '/kalkulator-walutowy/eur-pln/' });
      expect(whole.body).toContain('data-island="rate-chart"');
      expect(historySection(whole.body)).not.toContain('role="status"');
      expect(await gateway.deps.cache.get(key)).toBeDefined();
    } finally {
      await gateway.stop();
      await Promise.all([content.stop(), rates.stop()]);
    }
  });

  it('keeps showing the last good table with its date while the rates service is down', async () => {
    const fake = createFakeRates();
    const content = await startFakeService('content', createFakeContent().handlers);
    const rates = await startFakeService('rates', fake.handlers);
    let ratesRunning = true;
    // every entry is stale at once: the next request is served from it while a refresh runs
    const gateway = await startTestGateway({
      targets: { content: content.target, rates: rates.target },
      env: { PAGE_CACHE: 'true', PAGE_CACHE_TTL_MS: '1', PAGE_CACHE_STALE_MS: '600000', PAGE_MEMO_MS: '0' },
    });
    try {
      expect((await rawRequest(gateway.port, { path: '/kursy-walut-w-bankach/pko-bp/' })).status).toBe(200);
      await rates.stop();
      ratesRunning = false;
      const res = await rawRequest(gateway.port, { path: '/kursy-walut-w-bankach/pko-bp/' });
      expect(res.status).toBe(200);
      expect(text(res.body)).toContain('kurs z dnia 17.01.2025 – dane przykładowe');
      // with nothing cached, a page that needs the rates says the service is unavailable
      const fresh = await rawRequest(gateway.port, { path: '/kursy-walut-w-bankach/ing/' });
      expect(fresh.status).toBe(503);
      expectNoStack(fresh.body);
      // the banks' list is an answer pages share: the one the bank page read still lists the banks
      const list = await rawRequest(gateway.port, { path: '/kursy-walut-w-bankach/' });
      expect(list.status).toBe(200);
      expect(text(list.body)).toContain('ING Bank Śląski');
    } finally {
      await gateway.stop();
      await Promise.all([content.stop(), ratesRunning ? rates.stop() : undefined]);
    }
  });
});

describe('the navigation links only pages that exist', () => {
  it('leaves out menu and footer items of pages neither the content service nor the gateway has', async () => {
    const handlers = createFakeContent().handlers;
    // the content service publishes every page the navigation names except the contact page
    const published = [
      '/darmowe-pozyczki/',
      '/mala-pozyczka/',
      '/o-nas/',
      '/opinie-o-pozyczkach/vivus/',
      '/polityka-cookies/',
    ];
    const content = await startFakeService('content', {
      ...handlers,
      ListRoutes: () => ({
        routes: published.map((path) => ({ path, type: 1, link: path, updatedAt: '2025-01-01T00:00:00Z' })),
      }),
    });
    const gateway = await startTestGateway({
      targets: { content: content.target },
      env: { PAGE_CACHE: 'false' },
    });
    try {
      const res = await rawRequest(gateway.port, { path: '/polityka-cookies/' });
      expect(res.status).toBe(200);
      const frame = [/<header[\s\S]*<\/header>/, /<footer[\s\S]*<\/footer>/]
        .map((part) => part.exec(res.body)?.[0] ?? '')
        .join('');
      const links = [...frame.matchAll(/<a [^>]*href="(\/[^"]*)"/g)].map((m) => m[1]!);
      // content pages that exist, and the gateway's own pages (whatever the content service says)
      for (const path of [
        '/darmowe-pozyczki/',
        '/o-nas/',
        '/opinie-o-pozyczkach/vivus/',
        '/kalkulator-walutowy/',
        '/kursy-walut-w-bankach/',
        '/blog/',
        '/kontakt/',
        '/application/',
      ])
        expect(links).toContain(path);
      // pages that do not exist: not linked from the header, the menu or the footer
      for (const path of ['/chwilowki-online/', '/lista-partnerow/']) expect(links).not.toContain(path);
      // the application is a gateway page: its call to action is in the header
      expect(res.body).toContain('site-header__cta');
    } finally {
      await gateway.stop();
      await content.stop();
    }
  });
});
