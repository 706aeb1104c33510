import { type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { createFakeContent } from './support/content-fixtures';
import { expectNoStack, rawRequest } from './support/raw-http';
import { type TestGateway, deadTarget, startTestGateway } from './support/test-gateway';
import { readSitemap } from './support/sitemap-reader';

/*
 * The loan calculator over real HTTP: the server-rendered result of a shared address, bad values
 * answered with Polish messages next to their fields, and the page living without any backend.
 * The test gateway's clock says 2025-01-20, when the NBP reference rate was 5.75% (maximum
 * interest 2 × (5.75 + 3.5) = 18.5%). Expected figures are worked out by hand or in a spreadsheet.
 */

const PATH = '/kalkulator-kredytowy/';
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');
/** The visible text of an element found by its data attribute. */
const dataText = (html: string, attribute: string) =>
  new RegExp(`<[a-z0-9]+[^>]* ${attribute}[^>]*>([^<]*)<`).exec(html)?.[1];

describe('loan calculator page', () => {
  let content: FakeGrpcServer;
  let gateway: TestGateway;

  beforeAll(async () => {
    content = await startFakeService('content', createFakeContent().handlers);
    gateway = await startTestGateway({ targets: { content: content.target }, env: { PAGE_CACHE: 'false' } });
  });

  afterAll(async () => {
    await gateway.stop();
    await content.stop();
  });

  const get = (path: string) => rawRequest(gateway.port, { path });

  it('answers the bare address with the example, the form, the schedule and the calculator island', async () => {
    const res = await get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toContain('<h1>Kalkulator kredytowy</h1>');
    expect(res.body).toMatch(
      /<form class="loan-calc__form"[^>]* action="\/kalkulator-kredytowy\/" method="get"/,
    );
    expect(res.body).toContain('data-island="loan-calculator"');
    // 10 000 zł at 12% for 12 months: PMT = 888,49 zł
    expect(dataText(res.body, 'data-result="payment"')).toBe(nbsp('888,49 zł'));
    expect((res.body.match(/<tr><th scope="row">/g) ?? []).length).toBe(12);
    expect(res.body).toContain(`<link rel="canonical" href="http://localhost:3000${PATH}">`);
    // the spec's worked example, from the same library: 10 000 zł, 90 days, 1% a day
    expect(dataText(res.body, 'data-day-loan=""')).toMatch(
      new RegExp(`odsetki ${nbsp('9 000,00 zł')} i ${nbsp('19 000,00 zł')} do spłaty`),
    );
  });

  it('renders the result of a shared address without JavaScript, every figure from one schedule', async () => {
    const res = await get(`${PATH}?kwota=10000&oprocentowanie=12&okres=12&prowizja=500`);
    expect(res.status).toBe(200);
    expect(dataText(res.body, 'data-result="payment"')).toBe(nbsp('888,49 zł'));
    expect(dataText(res.body, 'data-result="interest"')).toBe(nbsp('661,86 zł'));
    expect(dataText(res.body, 'data-result="commission"')).toBe(nbsp('500,00 zł'));
    expect(dataText(res.body, 'data-result="cost"')).toBe(nbsp('1 161,86 zł'));
    expect(dataText(res.body, 'data-result="total"')).toBe(nbsp('11 161,86 zł'));
    // independent bisection of Σ 888,49·(1+X)^(−k/12) (last 888,47) = 9 500 → 24,18%
    expect(dataText(res.body, 'data-result="rrso"')).toBe('24,18\u00a0%');
    // the last row absorbs the rounding and ends at zero
    expect(res.body).toContain(
      `<tr><th scope="row">12</th><td>${nbsp('888,47 zł')}</td><td>${nbsp('8,80 zł')}</td><td>${nbsp('879,67 zł')}</td><td>${nbsp('0,00 zł')}</td></tr>`,
    );
    // the typed values are in the form again
    expect(res.body).toMatch(/name="prowizja"[^>]*value="500"/);
  });

  it('shows decreasing instalments and a business loan', async () => {
    const res = await get(`${PATH}?kwota=12000&oprocentowanie=12&okres=12&raty=malejace&typ=firmowy`);
    expect(dataText(res.body, 'data-result="paymentLabel"')).toBe('Pierwsza i ostatnia rata');
    expect(dataText(res.body, 'data-result="payment"')).toBe(
      `${nbsp('1 120,00 zł')} → ${nbsp('1 010,00 zł')}`,
    );
    expect(dataText(res.body, 'data-result="interest"')).toBe(nbsp('780,00 zł'));
    expect(res.body).toMatch(/<input type="radio"[^>]*name="raty" checked="" value="malejace"\/>/);
    expect(res.body).toMatch(/<input type="radio"[^>]*name="typ" checked="" value="firmowy"\/>/);
  });

  it('flags a result over the legal caps next to it, with the dated reference rate', async () => {
    // 19% > 18.5% (2 × (5.75 + 3.5)); commission 2 000,01 zł > 10% + 10% × 1 year of 10 000 zł
    const res = await get(`${PATH}?kwota=10000&oprocentowanie=19&okres=12&prowizja=2000,01`);
    expect(res.status).toBe(200);
    expect(res.body).toMatch(
      /data-cap="0" data-cap-ok="false">Oprocentowanie 19\u00a0% przekracza odsetki maksymalne 18,5\u00a0% rocznie/,
    );
    expect(res.body).toMatch(
      /data-cap="1" data-cap-ok="false">Prowizja 2\u00a0000,01\u00a0zł przekracza limit pozaodsetkowych kosztów 2\u00a0000,00\u00a0zł/,
    );
    expect(res.body).toContain('Stopa referencyjna NBP 5,75\u00a0% obowiązuje od 05.10.2023');
    // at the edge both are kept
    const edge = await get(`${PATH}?kwota=10000&oprocentowanie=18,5&okres=12&prowizja=2000`);
    expect(edge.body).toMatch(/data-cap="0" data-cap-ok="true"/);
    expect(edge.body).toMatch(/data-cap="1" data-cap-ok="true"/);
  });

  it('says the consumer credit act’s cost cap does not bind 300 000 zł, and checks it at 20 000 zł', async () => {
    // 100 000 zł of commission on 300 000 zł is a third of the amount: over 20% for a year, were art. 36a in force
    const above = await get(`${PATH}?kwota=300000&oprocentowanie=12&okres=12&prowizja=100000`);
    expect(above.status).toBe(200);
    expect(above.body).toMatch(
      /data-cap-applies="false" data-cap="1" data-cap-ok="true">Ustawa o kredycie konsumenckim, a z nią limit kosztów pozaodsetkowych z art\. 36a, nie dotyczy tej kwoty: obejmuje kredyty do 255\u00a0550\u00a0zł \(art\. 3 ust\. 1\), a wpisana kwota jest wyższa\./,
    );
    expect(above.body).not.toContain('mieści się w limicie pozaodsetkowych kosztów');
    // the maximum interest comes from the civil code and is checked at any amount
    expect(above.body).toMatch(
      /data-cap-applies="true" data-cap="0" data-cap-ok="true">Oprocentowanie 12\u00a0% mieści się w limicie odsetek maksymalnych 18,5\u00a0% rocznie/,
    );

    // 20 000 zł over 12 months: the cap is 10% + 10% × 1 year = 4 000 zł
    const within = await get(`${PATH}?kwota=20000&oprocentowanie=12&okres=12&prowizja=1000`);
    expect(within.status).toBe(200);
    expect(within.body).not.toContain('nie dotyczy tej kwoty');
    expect(within.body).not.toContain('data-cap-applies="false"');
    expect(within.body).toMatch(
      /data-cap="1" data-cap-ok="true">Prowizja 1\u00a0000,00\u00a0zł mieści się w limicie pozaodsetkowych kosztów 4\u00a0000,00\u00a0zł/,
    );
  });

  it('answers bad values with the Polish message next to each field, keeps them, and never shows NaN or Infinity', async () => {
    const res = await get(`${PATH}?kwota=50&oprocentowanie=1e400&okres=999&raty=balonowe&prowizja=-1`);
    expect(res.status).toBe(200);
    expectNoStack(res.body);
    expect(res.body).not.toMatch(/NaN|Infinity/);
    expect(dataText(res.body, 'data-error-for="amount"')).toBe(
      `Podaj kwotę od ${nbsp('100 zł')} do ${nbsp('5 000 000 zł')}`,
    );
    expect(dataText(res.body, 'data-error-for="rate"')).toBe(
      'Podaj oprocentowanie roczne od 0\u00a0% do 365\u00a0%',
    );
    expect(dataText(res.body, 'data-error-for="months"')).toBe(
      'Podaj okres od 1 do 360 miesięcy (pełne miesiące)',
    );
    expect(dataText(res.body, 'data-error-for="kind"')).toBe('Wybierz raty równe albo malejące');
    expect(dataText(res.body, 'data-error-for="commission"')).toBe(
      'Prowizja może wynosić od 0\u00a0zł do kwoty niższej niż kwota kredytu',
    );
    expect(res.body).toMatch(
      /name="kwota"[^>]*value="50"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="kwota"|name="kwota"[^>]*aria-invalid="true"/,
    );
    expect(res.body).toMatch(/data-result-empty=""(?! hidden)/);
    expect(res.body).not.toContain('<tr><th scope="row">');
  });

  it('answers an over-long value with its message, without echoing all of it', async () => {
    const res = await get(`${PATH}?kwota=${'9'.repeat(3000)}`);
    expect(res.status).toBe(200);
    expect(dataText(res.body, 'data-error-for="amount"')).toMatch(/^Podaj kwotę/);
    expect(res.body).not.toContain('9'.repeat(22));
  });
});

describe('loan calculator in the sitemap', () => {
  it('is listed, dated by the build (the page is code)', async () => {
    const content = await startFakeService('content', createFakeContent().handlers);
    const gateway = await startTestGateway({ targets: { content: content.target } });
    try {
      const { urls } = await readSitemap((path) => rawRequest(gateway.port, { path }));
      expect(urls).toContainEqual({ loc: `http://localhost:3000${PATH}`, lastmod: '2025-01-20' });
    } finally {
      await gateway.stop();
      await content.stop();
    }
  });
});

describe('loan calculator page without the content service', () => {
  it('still calculates (no backend call), with the built-in navigation', async () => {
    const gateway = await startTestGateway({
      targets: { content: await deadTarget() },
      env: { PAGE_CACHE: 'false' },
    });
    try {
      const res = await rawRequest(gateway.port, { path: `${PATH}?kwota=10000&oprocentowanie=12&okres=12` });
      expect(res.status).toBe(200);
      expect(dataText(res.body, 'data-result="payment"')).toBe(nbsp('888,49 zł'));
    } finally {
      await gateway.stop();
    }
  });
});
