import { PHONE_VIEWPORT, describeWithChromium, openRecordingPage, useIslandGateway } from './support/browser';

/*
 * The loan calculator in Chromium: the island recomputes as the visitor types, with the same
 * library the server used, and keeps the address shareable; without JavaScript the GET form gets
 * the same figures from the server. The test gateway's day is 2025-01-20 (maximum interest 18.5%).
 */

const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describeWithChromium('loan calculator in a real browser', () => {
  const gateway = useIslandGateway();

  it('recomputes the figures, the caps and the schedule live as the inputs change', async () => {
    const {
      page,
      context,
      errors: problems,
      requests,
    } = await openRecordingPage(gateway.browser, { viewport: PHONE_VIEWPORT });

    await page.goto(`${gateway.url}/kalkulator-kredytowy/`);
    await page.waitForSelector('html[data-client="ready"]');
    expect(requests.some((r) => /\/assets\/chunks\/loan-calculator\.island-/.test(r))).toBe(true);
    const result = (key: string) => page.locator(`[data-result="${key}"]`).textContent();
    await expect(result('payment')).resolves.toBe(nbsp('888,49 zł'));

    // 12 000 zł in decreasing instalments: 1 000 zł of principal a month, interest 120 zł → 10 zł
    await page.getByLabel('Kwota kredytu').fill('12000');
    await page.getByLabel('Raty malejące').check();
    await expect(result('payment')).resolves.toBe(`${nbsp('1 120,00 zł')} → ${nbsp('1 010,00 zł')}`);
    await expect(result('interest')).resolves.toBe(nbsp('780,00 zł'));
    expect(new URL(page.url()).search).toBe(
      '?kwota=12000&oprocentowanie=12&okres=12&raty=malejace&typ=prywatny',
    );
    await page.screenshot({ path: '/tmp/gateway-loan-calculator.png', fullPage: true });

    // a commission brings in the RRSO (independent bisection: 24,40%)
    await page.getByLabel('Prowizja (opcjonalnie)').fill('600');
    await expect(result('rrso')).resolves.toBe(nbsp('24,40 %'));

    // over the maximum interest (18.5% on 2025-01-20): flagged next to the result
    await page.getByLabel('Oprocentowanie nominalne').fill('19');
    await expect(page.locator('[data-cap="0"]').getAttribute('data-cap-ok')).resolves.toBe('false');
    await expect(page.locator('[data-cap="0"]').textContent()).resolves.toMatch(
      /przekracza odsetki maksymalne 18,5\u00a0%/,
    );

    // above 255 550 zł the consumer credit act (and its art. 36a cost cap) no longer applies, and the page says so
    await page.getByLabel('Kwota kredytu').fill('300000');
    await expect(page.locator('[data-cap="1"]').getAttribute('data-cap-applies')).resolves.toBe('false');
    await expect(page.locator('[data-cap="1"]').textContent()).resolves.toMatch(
      /nie dotyczy tej kwoty: obejmuje kredyty do 255\u00a0550\u00a0zł/,
    );
    await page.getByLabel('Kwota kredytu').fill('12000');
    await expect(page.locator('[data-cap="1"]').getAttribute('data-cap-applies')).resolves.toBe('true');

    // out of range: the Polish message next to the field, no figures, never NaN
    await page.getByLabel('Okres spłaty').fill('0');
    await expect(page.locator('[data-error-for="months"]').textContent()).resolves.toBe(
      'Podaj okres od 1 do 360 miesięcy (pełne miesiące)',
    );
    await expect(page.getByLabel('Okres spłaty').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('[data-result-empty]').isVisible()).resolves.toBe(true);
    await expect(page.locator('tbody[data-schedule] tr').count()).resolves.toBe(0);
    expect(await page.locator('main').textContent()).not.toMatch(/NaN|Infinity/);

    // back in range: the message goes, the schedule has a row per month
    await page.getByLabel('Okres spłaty').fill('24');
    await expect(page.locator('[data-error-for="months"]').textContent()).resolves.toBe('');
    await expect(page.locator('tbody[data-schedule] tr').count()).resolves.toBe(24);
    await expect(
      page.locator('tbody[data-schedule] tr').last().locator('td').last().textContent(),
    ).resolves.toBe(nbsp('0,00 zł'));

    // the shared address shows the same figures from the server
    const shared = page.url();
    const payment = await result('payment');
    const again = await context.newPage();
    await again.goto(shared);
    await expect(again.locator('[data-result="payment"]').textContent()).resolves.toBe(payment);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens from the footer link by client-side navigation, and the island works there too', async () => {
    const context = await gateway.browser.newContext({ locale: 'pl-PL' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${gateway.url}/o-nas/`);
    await page.waitForSelector('html[data-client="ready"]');
    const payload = page.waitForResponse((r) => r.url().includes('/kalkulator-kredytowy/_payload.json'));
    await page.locator('footer a[href="/kalkulator-kredytowy/"]').click();
    expect((await payload).status()).toBe(200);
    await page.waitForSelector('h1:text-is("Kalkulator kredytowy")');
    await expect(page.locator('[data-result="payment"]').textContent()).resolves.toBe(nbsp('888,49 zł'));
    await page.getByLabel('Okres spłaty').fill('24');
    // 10 000 zł at 12% over 24 months: PMT(1%; 24; −10 000) = 470,73 zł
    await expect(page.locator('[data-result="payment"]').textContent()).resolves.toBe(nbsp('470,73 zł'));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: the GET form answers with the server-rendered result', async () => {
    const context = await gateway.browser.newContext({ javaScriptEnabled: false, locale: 'pl-PL' });
    const page = await context.newPage();
    await page.goto(`${gateway.url}/kalkulator-kredytowy/`);
    await page.getByLabel('Kwota kredytu').fill('10000');
    await page.getByLabel('Prowizja (opcjonalnie)').fill('500');
    await Promise.all([
      page.waitForURL(/prowizja=500/),
      page.getByRole('button', { name: 'Oblicz' }).click(),
    ]);
    await expect(page.locator('[data-result="rrso"]').textContent()).resolves.toBe(nbsp('24,18 %'));
    await page.getByLabel('Kwota kredytu').fill('10');
    await Promise.all([page.waitForURL(/kwota=10&/), page.getByRole('button', { name: 'Oblicz' }).click()]);
    await expect(page.locator('[data-error-for="amount"]').textContent()).resolves.toMatch(
      /^Podaj kwotę od 100\u00a0zł/,
    );
    await expect(page.getByLabel('Kwota kredytu').inputValue()).resolves.toBe('10');
    await context.close();
  });
});
