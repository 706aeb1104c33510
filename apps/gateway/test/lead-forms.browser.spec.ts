import { until } from '@lib/testing';
import { existsSync } from 'node:fs';
import { type Client } from 'pg';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CONTACT_TEXTS } from '../src/features/contact/contact-form';
import { CHROMIUM_PATH, launchChromium } from './support/browser';
import { type GatewayWithLeads, startGatewayWithLeads } from './support/leads-process';
import { type TestGateway } from './support/test-gateway';
import { buildTestClient, type TestClient } from './support/test-client';

/*
 * The visitors' forms in Chromium, against the real leads service: the contact form's confirmation
 * popup (no reload, one stored message), its invalid fields reported as event 42 (the form is
 * novalidate: the server's checks mark them), and the cookie notice answered once. The self-service
 * journey has its own: self-service.browser.spec.ts.
 */

const describeWithChromium = existsSync(CHROMIUM_PATH) ? describe : describe.skip;

/** An event as the tracker posts it to /api/event. */
interface Posted {
  event_id?: number;
  sub4?: string;
  sub5?: string;
  sub6?: string;
  sub8?: string;
}

describeWithChromium('visitor forms in a real browser', () => {
  let gateway: TestGateway;
  let db: Client;
  let stack: GatewayWithLeads | undefined;
  let browser: Browser;
  let client: TestClient;

  beforeAll(async () => {
    client = buildTestClient();
    stack = await startGatewayWithLeads({ client, ownOrigin: true });
    ({ gateway, db } = stack);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    client?.remove();
  });

  /** A fresh visitor; with `cookies: 'granted'` the cookie notice was answered before. */
  async function visitor(
    cookies?: 'granted',
  ): Promise<{ context: BrowserContext; page: Page; errors: string[]; events: Posted[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pl-PL' });
    if (cookies) await context.addCookies([{ name: 'cookie_consent', value: cookies, url: gateway.url }]);
    const page = await context.newPage();
    const errors: string[] = [];
    const events: Posted[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/event')
        events.push(...(JSON.parse(request.postData() ?? '[]') as Posted[]));
    });
    return { context, page, errors, events };
  }

  const count = async (table: string) =>
    Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);

  it('sends the contact form without a reload and confirms it in a popup; errors appear next to the fields first', async () => {
    const before = await count('leads.contact_messages');
    const { context, page, errors } = await visitor();
    await page.goto(`${gateway.url}/kontakt/`);
    await page.waitForSelector('html[data-client="ready"]');
    await page.fill('#kontakt-name', 'Marta Wiśniewska');
    await page.fill('#kontakt-email', 'marta@@example');
    await page.fill('#kontakt-message', 'Czy porównanie obejmuje także pożyczki ratalne?');
    await page.click('[data-form-submit]');
    await page.waitForSelector('[data-error-for="email"]:not(:empty)');
    expect(await page.textContent('[data-error-for="email"]')).toBe('Wprowadź prawidłowy adres e-mail');
    expect(await page.getAttribute('#kontakt-email', 'aria-invalid')).toBe('true');
    expect(await page.inputValue('#kontakt-name')).toBe('Marta Wiśniewska');

    await page.fill('#kontakt-email', 'marta.wisniewska@example.pl');
    await page.click('[data-form-submit]');
    const dialog = page.locator('dialog.lead-form__dialog[open]');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(CONTACT_TEXTS.sent);
    expect(page.url()).toBe(`${gateway.url}/kontakt/`);
    expect(await count('leads.contact_messages')).toBe(before + 1);
    await dialog.locator('button').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.inputValue('#kontakt-name')).toBe('');
    expect(await page.textContent('[data-error-for="email"]')).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a form reached by client-side navigation (drawn without a token): the island fetches one first', async () => {
    const before = await count('leads.contact_messages');
    const { context, page, errors } = await visitor();
    const payloads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('_payload.json')) payloads.push(new URL(request.url()).pathname);
    });
    await page.goto(`${gateway.url}/wspolpraca/?wyslano=tak`);
    await page.waitForSelector('html[data-client="ready"]');
    await page.locator('footer nav a[href="/kontakt/"]').click();
    await page.waitForSelector('#kontakt-name');
    expect(payloads).toContain('/kontakt/_payload.json');
    expect(await page.inputValue('[data-csrf-token]')).toBe('');
    await page.fill('#kontakt-name', 'Jan Kowalczyk');
    await page.fill('#kontakt-email', 'jan.kowalczyk@example.pl');
    await page.fill('#kontakt-message', 'Pytanie wysłane po przejściu z innej strony serwisu.');
    await page.click('[data-form-submit]');
    await page.locator('dialog.lead-form__dialog[open]').waitFor();
    expect(await count('leads.contact_messages')).toBe(before + 1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: the post answers 303 and the confirmation page shows', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'pl-PL' });
    const page = await context.newPage();
    await page.goto(`${gateway.url}/wspolpraca/`);
    await page.fill('#wspolpraca-company', 'Porady Finansowe s.c.');
    await page.fill('#wspolpraca-name', 'Tomasz Lis');
    await page.fill('#wspolpraca-email', 'tomasz@porady.example');
    await page.fill('#wspolpraca-message', 'Prowadzimy portal z poradami, chcemy dołączyć do programu.');
    await Promise.all([
      page.waitForURL(`${gateway.url}/wspolpraca/?wyslano=tak`),
      page.click('[data-form-submit]'),
    ]);
    expect(await page.textContent('.lead-form__done')).toContain('Dziękujemy za zgłoszenie');
    await context.close();
  });

  /** The 0-based index the tracker gives a field among its form's fields (hidden inputs and buttons not counted). */
  const fieldIndex = (page: Page, selector: string) =>
    page.evaluate((wanted) => {
      const field = document.querySelector(wanted) as HTMLInputElement;
      const fields = Array.from(field.form!.elements).filter(
        (element) =>
          element instanceof HTMLTextAreaElement ||
          element instanceof HTMLSelectElement ||
          (element instanceof HTMLInputElement &&
            !['hidden', 'submit', 'button', 'reset', 'image'].includes(element.type)),
      );
      return String(fields.indexOf(field));
    }, selector);

  it('reports each field the server refused as an invalid field (42): form, field, failed check and index', async () => {
    const { context, page, errors, events } = await visitor();
    await page.goto(`${gateway.url}/kontakt/`);
    await page.waitForSelector('html[data-client="ready"]');
    await page.fill('#kontakt-email', 'marta@@example');
    await page.fill('#kontakt-message', 'Czy porównanie obejmuje także pożyczki ratalne?');
    await page.click('[data-form-submit]');
    await page.waitForSelector('[data-error-for="email"]:not(:empty)');
    await until(() => events.filter((e) => e.event_id === 42).length >= 2);
    const invalid = events.filter((e) => e.event_id === 42);
    expect(invalid).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          sub4: 'kontakt',
          sub5: 'name',
          sub6: 'valueMissing',
          sub8: await fieldIndex(page, '#kontakt-name'),
        }),
        expect.objectContaining({
          sub4: 'kontakt',
          sub5: 'email',
          sub6: 'typeMismatch',
          sub8: await fieldIndex(page, '#kontakt-email'),
        }),
      ]),
    );
    // A field the server took is not reported.
    expect(invalid.some((e) => e.sub5 === 'message')).toBe(false);

    // Sent again with the same mistake in the e-mail: reported again, once per attempt.
    await page.fill('#kontakt-name', 'Marta Wiśniewska');
    await page.click('[data-form-submit]');
    await until(() => events.filter((e) => e.event_id === 42 && e.sub5 === 'email').length === 2);
    expect(events.filter((e) => e.event_id === 42 && e.sub5 === 'name')).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reports the invalid fields of a form the server drew again (a post sent before the form’s script ran)', async () => {
    const { context, page, errors, events } = await visitor();
    // Without the form's island the form posts itself, and the server answers the page with the errors.
    await page.route(/\/lead-form[^/]*\.js$/, (route) => route.abort());
    await page.goto(`${gateway.url}/kontakt/`);
    await page.waitForSelector('html[data-client="ready"]');
    await page.fill('#kontakt-name', 'Marta Wiśniewska');
    await page.fill('#kontakt-email', 'marta.wisniewska@example.pl');
    await page.fill('#kontakt-message', 'Za krótko');
    await Promise.all([page.waitForURL(`${gateway.url}/kontakt/`), page.click('[data-form-submit]')]);
    await page.waitForSelector('#kontakt-message[aria-invalid="true"]');
    await until(() => events.some((e) => e.event_id === 42));
    expect(events.filter((e) => e.event_id === 42)).toEqual([
      expect.objectContaining({
        sub4: 'kontakt',
        sub5: 'message',
        // The browser finds nothing wrong with a short message: the server's rule (10 characters at least) refused it.
        sub6: 'customError',
        sub8: await fieldIndex(page, '#kontakt-message'),
      }),
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks about cookies until answered: the notice is accepted with one click and remembered', async () => {
    const { context, page } = await visitor();
    await page.goto(`${gateway.url}/kontakt/`);
    await page.waitForSelector('.consent-notice', { state: 'visible' });
    await page.waitForSelector('html[data-client="ready"]');
    await page.click('.consent-notice >> text=Akceptuję');
    await page.locator('.consent-notice').waitFor({ state: 'hidden' });
    // Posted in the background: the visitor stays on the page.
    expect(page.url()).toBe(`${gateway.url}/kontakt/`);
    await until(async () =>
      (await context.cookies()).some(
        (cookie) => cookie.name === 'cookie_consent' && cookie.value === 'granted',
      ),
    );
    // The next page: no cookie notice any more.
    await page.reload();
    await page.waitForSelector('html[data-client="ready"]');
    expect(await page.locator('.consent-notice').isVisible()).toBe(false);
    await context.close();
  });
});
