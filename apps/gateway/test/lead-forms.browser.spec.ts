import { until } from '@lib/testing';
import { existsSync } from 'node:fs';
import { type Client } from 'pg';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CONTACT_TEXTS } from '../src/features/contact/contact-form';
import { PUSH_CONSENT_KEY, PUSH_DECLINE_QUIET_MS } from '../src/features/consent/push-consent';
import { CHROMIUM_PATH, launchChromium } from './support/browser';
import { type GatewayWithLeads, startGatewayWithLeads } from './support/leads-process';
import { type TestGateway } from './support/test-gateway';
import { buildTestClient, type TestClient } from './support/test-client';

/*
 * The visitors' forms and the push prompt in Chromium, against the real leads service: the contact
 * form's confirmation popup (no reload, one stored message), and the push-notification prompt whose
 * decline is remembered for 30 days. The self-service journey has its own: self-service.browser.spec.ts.
 */

const describeWithChromium = existsSync(CHROMIUM_PATH) ? describe : describe.skip;

describeWithChromium('visitor forms and the push prompt in a real browser', () => {
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

  /** A fresh visitor; with `cookies: 'granted'` the cookie notice was answered before (the push prompt may show). */
  async function visitor(
    cookies?: 'granted',
  ): Promise<{ context: BrowserContext; page: Page; errors: string[]; events: unknown[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pl-PL' });
    if (cookies) await context.addCookies([{ name: 'cookie_consent', value: cookies, url: gateway.url }]);
    const page = await context.newPage();
    const errors: string[] = [];
    const events: unknown[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/event')
        events.push(...(JSON.parse(request.postData() ?? '[]') as unknown[]));
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

  it('asks about push notifications once the cookie notice is answered; a decline is remembered for 30 days and sent as a consent event', async () => {
    const { context, page, events } = await visitor('granted');
    await page.goto(`${gateway.url}/kontakt/`);
    await page.waitForSelector('html[data-push-prompt="shown"]');
    await page.click('.push-prompt >> text=Nie, dziękuję');
    await page.locator('.push-prompt').waitFor({ state: 'detached' });
    const stored = JSON.parse(
      (await page.evaluate((key) => localStorage.getItem(key), PUSH_CONSENT_KEY)) ?? 'null',
    ) as { choice: string; at: number };
    expect(stored.choice).toBe('denied');
    await until(() =>
      events.some(
        (e) =>
          (e as { event_id?: number; sub4?: string; sub5?: string }).event_id === 80 &&
          (e as { sub4?: string }).sub4 === 'push' &&
          (e as { sub5?: string }).sub5 === 'declined',
      ),
    );

    // The next pages: no prompt.
    await page.goto(`${gateway.url}/wspolpraca/`);
    await page.waitForSelector('html[data-push-prompt="not-due"]');
    expect(await page.locator('.push-prompt').count()).toBe(0);

    // 30 days after the decline it asks again.
    await page.evaluate(
      ([key, at]) => localStorage.setItem(key as string, JSON.stringify({ choice: 'denied', at })),
      [PUSH_CONSENT_KEY, Date.now() - PUSH_DECLINE_QUIET_MS - 60_000],
    );
    await page.goto(`${gateway.url}/kontakt/`);
    await page.waitForSelector('html[data-push-prompt="shown"]');
    await context.close();
  });

  it('never shows the push prompt together with the cookie notice; the notice is accepted with one click and remembered', async () => {
    const { context, page } = await visitor();
    await page.goto(`${gateway.url}/kontakt/`);
    await page.waitForSelector('.consent-notice');
    expect(await page.locator('.push-prompt').count()).toBe(0);
    expect(await page.getAttribute('html', 'data-push-prompt')).toBeNull();
    await page.click('.consent-notice >> text=Akceptuję');
    await page.locator('.consent-notice').waitFor({ state: 'detached' });
    // The next page: no cookie notice any more, the push prompt in its place.
    await page.reload();
    await page.waitForSelector('html[data-push-prompt="shown"]');
    expect(await page.locator('.consent-notice').count()).toBe(0);
    expect((await context.cookies()).find((cookie) => cookie.name === 'cookie_consent')?.value).toBe(
      'granted',
    );
    await context.close();
  });
});
