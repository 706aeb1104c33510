import { type MailCatcher, startMailCatcher } from '@lib/test-support';
import { readFileSync } from 'node:fs';
import { type Browser } from 'playwright-core';
import { UNSUBSCRIBE_TEXTS } from '../src/features/unsubscribe/unsubscribe-form';
import { SELF_SERVICE_TEXTS } from '../src/features/self-service/self-service-texts';
import { describeWithChromium, launchChromium } from './support/browser';
import { type LeadsProcess, startLeadsProcess } from './support/leads-process';
import { selfServiceLinkIn, submitApplicationOf, testPerson } from './support/self-service';
import { type TestClient, buildTestClient } from './support/test-client';
import { type TestGateway, startTestGateway } from './support/test-gateway';

/*
 * A person's whole self-service journey in Chromium, over the real leads service and the mail it
 * sends (MailDev): the request at /unsubscribe/ (the form's script, its dialog), the mail, the
 * link, its confirmation, the overview, the export (a download), one consent withdrawn, the
 * erasure refused without its box and done with it.
 */

describeWithChromium('self-service in a real browser', () => {
  let client: TestClient;
  let mail: MailCatcher;
  let leads: LeadsProcess;
  let gateway: TestGateway;
  let browser: Browser;
  const person = testPerson();

  beforeAll(async () => {
    client = buildTestClient();
    mail = await startMailCatcher();
    leads = await startLeadsProcess({
      env: {
        SMTP_URL: mail.smtpUrl,
        PUBLIC_ORIGIN: 'http://localhost:3000',
        LEADS_DISPATCH_INTERVAL_MS: '200',
      },
    });
    gateway = await startTestGateway({
      targets: { leads: leads.target },
      env: { PAGE_CACHE: 'false', GRPC_DEADLINE_MS: '5000' },
      client,
      ownOrigin: true,
    });
    browser = await launchChromium();
    await submitApplicationOf(leads.client, person);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    await leads?.stop();
    await mail?.stop();
    client?.remove();
  });

  it('asks for the link, follows it from the mail, exports, withdraws a consent and erases the data', async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'pl-PL' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // The request: one field, no erasure box; the form's script confirms in a dialog.
    await page.goto(`${gateway.url}/unsubscribe/`);
    await page.waitForSelector('html[data-client="ready"]');
    expect(await page.locator('#wypisz input[type="checkbox"]').count()).toBe(0);
    await page.fill('#wypisz-adres', person.email);
    await page.click('[data-form-submit]');
    const dialog = page.locator('dialog.lead-form__dialog[open]');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(UNSUBSCRIBE_TEXTS.sentEmail);
    await dialog.locator('button').click();

    // The mail's link, opened here (the service writes the site's public origin; the test's site is the gateway).
    const caught = await mail.waitFor(
      (m) => m.to.some((to) => to.address === person.email) && selfServiceLinkIn(m) !== undefined,
      15_000,
    );
    await page.goto(`${gateway.url}${selfServiceLinkIn(caught)!}`);
    expect(await page.textContent('h1')).toBe(SELF_SERVICE_TEXTS.confirmTitle);
    await Promise.all([page.waitForURL(`${gateway.url}/moje-dane/`), page.click('[data-open]')]);
    expect(await page.textContent('[data-masked-address]')).toMatch(/^m\*\*\*@example\.pl$/);
    expect(await page.textContent('[data-count="applications"]')).toBe('1');
    // The session cookie is out of the page's reach.
    expect(await page.evaluate(() => document.cookie)).not.toContain('pp_moje_dane');

    // The export: a download of the JSON file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-export]')]);
    expect(download.suggestedFilename()).toMatch(/^moje-dane-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = readFileSync(await download.path(), 'utf8');
    expect(exported).toContain(person.email);
    expect(exported).toContain(person.lastName);

    // One consent withdrawn: its own button, then the notice and its new state.
    await Promise.all([
      page.waitForURL(`${gateway.url}/moje-dane/?zmiana=zgoda`),
      page.click('[data-consent="marketingSms"] button'),
    ]);
    expect(await page.textContent('[data-self-service-notice]')).toBe(SELF_SERVICE_TEXTS.withdrawn);
    expect(
      await page.getAttribute('[data-consent="marketingSms"] [data-consent-state]', 'data-consent-state'),
    ).toBe('answered');
    expect(await page.locator('[data-consent="marketingEmail"] button').count()).toBe(1);

    // The erasure: refused with the box unticked (the error next to it), done with it ticked.
    expect(await page.isChecked('input[name="potwierdzam"]')).toBe(false);
    await Promise.all([page.waitForURL(`${gateway.url}/moje-dane/usun/`), page.click('[data-erase]')]);
    expect(await page.textContent('[data-error-for="potwierdzam"]')).toBe(SELF_SERVICE_TEXTS.confirmErase);
    await page.check('input[name="potwierdzam"]');
    await Promise.all([page.waitForURL(/\/moje-dane\/\?wniosek=[0-9a-f-]{36}$/), page.click('[data-erase]')]);
    expect(await page.getAttribute('[data-erasure-state]', 'data-erasure-state')).toMatch(
      /^(completed|pending)$/,
    );
    expect(Number(await page.getAttribute('[data-erased-records]', 'data-erased-records'))).toBeGreaterThan(
      0,
    );

    // The session went with the data.
    await page.goto(`${gateway.url}/moje-dane/`);
    expect(await page.textContent('h1')).toBe(SELF_SERVICE_TEXTS.endedTitle);
    expect(errors).toEqual([]);
    await context.close();
  });
});
