import { type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { createFakeContent } from './support/content-fixtures';
import { expectNoInjectedScript, expectNoStack, rawRequest } from './support/raw-http';
import { type TestGateway, deadTarget, startTestGateway } from './support/test-gateway';
import { readSitemap } from './support/sitemap-reader';

/*
 * The eligibility quiz over real HTTP: the server-rendered estimate of a shared address (a band in
 * words with its reason and basis, never a percentage), bad or missing answers shown unanswered
 * with a Polish hint, a shared page without cookies, and the page living without any backend.
 */

const PATH = '/sprawdz-szanse/';
/** The visible text of an element found by its data attribute. */
const dataText = (html: string, attribute: string) =>
  new RegExp(`<[a-z0-9]+[^>]* ${attribute}[^>]*>([^<]*)<`).exec(html)?.[1];
/** The value of the checked radio button of a question, if any. */
const checked = (html: string, name: string) =>
  (html.match(/<input type="radio"[^>]*>/g) ?? [])
    .filter((tag) => tag.includes(` name="${name}"`) && tag.includes(' checked=""'))
    .map((tag) => / value="([a-z]+)"/.exec(tag)?.[1])[0];

describe('eligibility quiz page', () => {
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

  it('answers the bare address with the four questions unanswered, the island and the link to the application', async () => {
    const res = await get(PATH);
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toContain('<h1>Sprawdź swoje szanse na pożyczkę</h1>');
    expect(res.body).toMatch(/<form class="loan-calc__form"[^>]* action="\/sprawdz-szanse\/" method="get"/);
    expect(res.body).toContain('data-island="eligibility-quiz"');
    for (const question of [
      'Czy masz ukończone 18 lat?',
      'Czy masz obywatelstwo polskie?',
      'Czy masz ważny dowód osobisty?',
      'Czy masz konto w banku?',
    ]) {
      expect(res.body).toContain(`<legend>${question}</legend>`);
    }
    expect((res.body.match(/<input type="radio"/g) ?? []).length).toBe(8);
    expect(res.body).not.toMatch(/<input type="radio"[^>]* checked=""/);
    expect(dataText(res.body, 'data-result="estimate"')).toBe('brak – odpowiedz na wszystkie cztery pytania');
    expect(dataText(res.body, 'data-error-for="over18"')).toBe('');
    expect(res.body).toMatch(
      /<a class="button button--large" href="\/application\/">Złóż wniosek o pożyczkę<\/a>/,
    );
    expect(res.body).toContain('nie decyzja pożyczkodawcy');
    expect(res.body).toContain(`<link rel="canonical" href="http://localhost:3000${PATH}">`);
  });

  it('renders the estimate of a shared address without JavaScript: a band, its reason and its basis', async () => {
    const res = await get(`${PATH}?pelnoletni=tak&obywatel=tak&dowod=nie&konto=tak`);
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    // shared and cacheable like the calculator's shared address
    const calculator = await get('/kalkulator-kredytowy/?kwota=10000');
    expect(res.headers['cache-control']).toMatch(/public/);
    expect(res.headers['cache-control']).toBe(calculator.headers['cache-control']);
    expect(dataText(res.body, 'data-result="estimate"')).toBe('średnie szanse');
    expect(dataText(res.body, 'data-result="reason"')).toContain('tylko polski dowód osobisty');
    // Said to be an estimate, with its basis: the factors, no credit bureau asked, the lender decides.
    const basis = dataText(res.body, 'data-result-basis=""') ?? '';
    expect(basis).toContain('To szacunek, a nie prawdopodobieństwo ani decyzja');
    for (const factor of ['pełnoletność', 'polskie obywatelstwo', 'ważny dowód osobisty', 'konto w banku'])
      expect(basis).toContain(factor);
    expect(basis).toContain('Nie sprawdzaliśmy Cię w BIK');
    expect(basis).toContain('O przyznaniu pożyczki decyduje pożyczkodawca');
    expect(dataText(res.body, 'data-item-status="over18"')).toBe('spełniony');
    expect(dataText(res.body, 'data-item-status="validIdentity"')).toBe('niespełniony');
    expect(res.body).toMatch(
      /<tr data-item="validIdentity" data-met="false"><th scope="row">Czy masz ważny dowód osobisty\?<\/th><td>najwyżej średnie szanse<\/td>/,
    );
    // No percentage anywhere in the result.
    const result = /<section class="loan-calc__result"[\s\S]*?<\/section>/.exec(res.body)?.[0] ?? '';
    expect(result).not.toBe('');
    expect(result).not.toMatch(/\d\s*%/);
    expect(checked(res.body, 'pelnoletni')).toBe('tak');
    expect(checked(res.body, 'dowod')).toBe('nie');
    expect(res.body).toMatch(/data-result-incomplete=""[^>]* hidden=""/);
    expect(res.body).toContain(
      'href="/sprawdz-szanse/?pelnoletni=tak&amp;obywatel=tak&amp;dowod=nie&amp;konto=tak" data-share=""',
    );
    const all = await get(`${PATH}?pelnoletni=tak&obywatel=tak&dowod=tak&konto=tak`);
    expect(dataText(all.body, 'data-result="estimate"')).toBe('wysokie szanse');
    expect(all.body).not.toContain('98%');
  });

  it('shows unknown and missing answers unanswered with a Polish hint, never an error page', async () => {
    const res = await get(`${PATH}?pelnoletni=tak&obywatel=moze&dowod=&konto=%00%3Cscript%3E&konto=nie`);
    expect(res.status).toBe(200);
    expectNoStack(res.body);
    expect(dataText(res.body, 'data-result="estimate"')).toBe('brak – odpowiedz na wszystkie cztery pytania');
    expect(dataText(res.body, 'data-error-for="over18"')).toBe('');
    expect(dataText(res.body, 'data-error-for="citizen"')).toBe(
      'Nie rozpoznaliśmy tej odpowiedzi. Zaznacz Tak albo Nie.',
    );
    expect(dataText(res.body, 'data-error-for="validIdentity"')).toBe('Zaznacz odpowiedź: Tak albo Nie.');
    expect(dataText(res.body, 'data-error-for="validBank"')).toBe(
      'Nie rozpoznaliśmy tej odpowiedzi. Zaznacz Tak albo Nie.',
    );
    expect(dataText(res.body, 'data-item-status="citizen"')).toBe('bez odpowiedzi');
    expect(checked(res.body, 'obywatel')).toBeUndefined();
    expectNoInjectedScript(res.body);
    expect(res.body).toMatch(/data-result-incomplete=""(?! hidden)/);
    // a partly answered address: the others unanswered with the hint
    const partial = await get(`${PATH}?konto=tak`);
    expect(dataText(partial.body, 'data-result="estimate"')).toBe(
      'brak – odpowiedz na wszystkie cztery pytania',
    );
    expect(dataText(partial.body, 'data-error-for="over18"')).toBe('Zaznacz odpowiedź: Tak albo Nie.');
    const long = await get(`${PATH}?pelnoletni=${'t'.repeat(3000)}`);
    expect(long.status).toBe(200);
    expect(long.body).not.toContain('t'.repeat(9));
  });
});

describe('eligibility quiz in the sitemap and on the calculator page', () => {
  it('is listed in the sitemap, dated by the build, and linked from the loan calculator', async () => {
    const content = await startFakeService('content', createFakeContent().handlers);
    const gateway = await startTestGateway({ targets: { content: content.target } });
    try {
      const { urls } = await readSitemap((path) => rawRequest(gateway.port, { path }));
      expect(urls).toContainEqual({ loc: `http://localhost:3000${PATH}`, lastmod: '2025-01-20' });
      const calculator = await rawRequest(gateway.port, { path: '/kalkulator-kredytowy/' });
      expect(calculator.body).toContain(`<a href="${PATH}">sprawdź swoje szanse na pożyczkę</a>`);
    } finally {
      await gateway.stop();
      await content.stop();
    }
  });
});

describe('eligibility quiz without the content service', () => {
  it('still answers (no backend call)', async () => {
    const gateway = await startTestGateway({
      targets: { content: await deadTarget() },
      env: { PAGE_CACHE: 'false' },
    });
    try {
      const res = await rawRequest(gateway.port, {
        path: `${PATH}?pelnoletni=tak&obywatel=tak&dowod=nie&konto=tak`,
      });
      expect(res.status).toBe(200);
      expect(dataText(res.body, 'data-result="estimate"')).toBe('średnie szanse');
    } finally {
      await gateway.stop();
    }
  });
});
