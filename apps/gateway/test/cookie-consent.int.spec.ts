import { COOKIE_SETTINGS_PATH } from '../src/shared/consent';
import { entryOf } from '../src/shared/cookie-catalogue';
import { ARTICLE_SLUG } from './support/content-fixtures';
import { type SiteServices, startSiteServices } from './support/site-services';
import { type RawResponse, expectNoStack, rawRequest, setCookies } from './support/raw-http';
import { type TestGateway, startTestGateway } from './support/test-gateway';

/*
 * What a visitor's browser is given before and after a cookie choice, over HTTP: a first visit to
 * the home page and to an article, and the first tracking beacon, set nothing but the strictly
 * necessary cookies of the catalogue (the cookie policy's list); the choice posted to
 * /ustawienia-cookies/ (by the cookie notice or the settings page's form) records it, and taking
 * consent back deletes every cookie consent allowed, the HttpOnly ones included.
 */

const ORIGIN = 'http://localhost:3000';
/** A browser's user agent: a crawler's would never be in an experiment, hiding the cookie it would get. */
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CLIENT = '7d1e2f30-4a5b-4c6d-8e9f-a0b1c2d3e4f5';
const SESSION = '3f2b8c1e-9d4a-4e7b-a5c6-0123456789ab';

const nameOf = (line: string) => line.slice(0, line.indexOf('='));

describe('cookies before and after a cookie choice', () => {
  let site: SiteServices;
  let gateway: TestGateway;

  beforeAll(async () => {
    site = await startSiteServices();
    gateway = await startTestGateway({
      targets: site.targets,
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await site?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    rawRequest(gateway.port, { path, headers: { 'user-agent': BROWSER, ...headers } });

  const post = (path: string, body: string, headers: Record<string, string>) =>
    rawRequest(gateway.port, {
      method: 'POST',
      path,
      headers: { origin: ORIGIN, 'sec-fetch-site': 'same-origin', 'user-agent': BROWSER, ...headers },
      body,
    });

  /** Each Set-Cookie of an answer that is not a strictly necessary cookie of the catalogue. */
  const notNecessary = (res: RawResponse) =>
    setCookies(res).filter((line) => entryOf(nameOf(line))?.basis !== 'necessary');

  it('a first visit to the home page and to an article sets no cookie at all, and offers the cookie settings', async () => {
    for (const path of ['/', `/${ARTICLE_SLUG}/`]) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect({ path, cookies: setCookies(res) }).toEqual({ path, cookies: [] });
      expect(res.body).toContain(
        `<a href="${COOKIE_SETTINGS_PATH}" data-cookie-settings="">Ustawienia cookies</a>`,
      );
    }
  });

  it('the first tracking beacon sets the session id alone: strictly necessary, 30 minutes', async () => {
    const res = await post(
      '/api/event',
      JSON.stringify([{ event_id: 5, sub4: 'pageView', page_path: '/', utm_source: 'newsletter' }]),
      { 'content-type': 'application/json' },
    );
    expect(res.status).toBe(202);
    expect(setCookies(res).map(nameOf)).toEqual(['session_id']);
    expect(notNecessary(res)).toEqual([]);
    expect(setCookies(res)[0]).toMatch(/; Max-Age=1800; /);
  });

  it('the settings page draws the choice as a form that works without JavaScript', async () => {
    const res = await get(COOKIE_SETTINGS_PATH);
    expect(res.status).toBe(200);
    expect(setCookies(res)).toEqual([]);
    expect(res.body).toMatch(/<form(?=[^>]*method="post")(?=[^>]*action="\/ustawienia-cookies\/")[^>]*>/);
    expect(res.body).toMatch(
      /<button(?=[^>]*type="submit")(?=[^>]*name="zgoda")(?=[^>]*value="tak")[^>]*>Akceptuję</,
    );
    expect(res.body).toMatch(
      /<button(?=[^>]*type="submit")(?=[^>]*name="zgoda")(?=[^>]*value="nie")[^>]*>Tylko niezbędne</,
    );
    expect(res.body).toContain('<meta name="robots" content="noindex, follow"');
    const saved = await get(`${COOKIE_SETTINGS_PATH}?zapisano=nie`);
    expect(saved.body).toContain('data-consent-saved="denied"');
    expect(saved.body).toContain('Pliki zapisane wcześniej za Twoją zgodą usunęliśmy.');
  });

  it('"Tylko niezbędne" from the form: the choice recorded, everything consent allowed deleted, 303 back to the page', async () => {
    const res = await post(COOKIE_SETTINGS_PATH, 'zgoda=nie', {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `session_id=${SESSION}; cookie_consent=granted; client_id=${CLIENT}; utm_source=google; utm_source_session=google; referer=x; exp_0300.1=B; pp_form=3f2b8c1e-9d4a-4e7b-a5c6-0123456789ac`,
    });
    expect(res.status).toBe(303);
    expect(res.headers['location']).toBe(`${COOKIE_SETTINGS_PATH}?zapisano=nie`);
    expect(res.headers['cache-control']).toBe('no-store');
    const set = setCookies(res);
    expect(set[0]).toBe('cookie_consent=denied; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(set.slice(1)).toEqual([
      'client_id=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly',
      'utm_source=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly',
      'utm_source_session=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly',
      'referer=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly',
      'exp_0300.1=; Max-Age=0; Path=/; SameSite=Lax',
      // Not sent to this page, it lives on the view beacon's path: deleted there all the same.
      'pp_visit=; Max-Age=0; Path=/api/views; SameSite=Lax; HttpOnly',
    ]);
  });

  it('"Akceptuję" from the cookie notice (JSON): the choice recorded, nothing else set or deleted', async () => {
    const res = await post(COOKIE_SETTINGS_PATH, 'zgoda=tak', {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      cookie: `session_id=${SESSION}; cookie_consent=denied`,
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ consent: 'granted' });
    expect(setCookies(res)).toEqual(['cookie_consent=granted; Max-Age=31536000; Path=/; SameSite=Lax']);
  });

  it('refuses a choice from another site (403) or one it cannot read (400), changing nothing', async () => {
    const foreign = await post(COOKIE_SETTINGS_PATH, 'zgoda=nie', {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
      cookie: `client_id=${CLIENT}`,
    });
    expect(foreign.status).toBe(403);
    expect(setCookies(foreign)).toEqual([]);
    const unreadable = await post(COOKIE_SETTINGS_PATH, 'zgoda=moze', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(unreadable.status).toBe(400);
    expect(setCookies(unreadable)).toEqual([]);
    expect(unreadable.headers['content-type']).toContain('text/html');
    expectNoStack(unreadable.body);
  });
});
