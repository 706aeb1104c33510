import { PHONE_VIEWPORT, describeWithChromium, openRecordingPage, useIslandGateway } from './support/browser';

/*
 * The eligibility quiz in Chromium: the island recomputes the estimate as the visitor answers, with
 * the same library the server used, and keeps the address shareable; without JavaScript the GET
 * form gets the same result from the server.
 */

describeWithChromium('eligibility quiz in a real browser', () => {
  const gateway = useIslandGateway();

  it('changes the estimate live as the questions are answered, and keeps the address shareable', async () => {
    const {
      page,
      context,
      errors: problems,
      requests,
    } = await openRecordingPage(gateway.browser, { viewport: PHONE_VIEWPORT });

    await page.goto(`${gateway.url}/sprawdz-szanse/`);
    await page.waitForSelector('html[data-client="ready"]');
    expect(requests.some((r) => /\/assets\/chunks\/eligibility-quiz\.island-/.test(r))).toBe(true);
    const estimate = () => page.locator('[data-result="estimate"]').textContent();
    const shows = (text: string) =>
      page.waitForFunction(
        (expected) => document.querySelector('[data-result="estimate"]')?.textContent === expected,
        text,
      );
    const question = (text: string) => page.getByRole('group', { name: text });
    await expect(estimate()).resolves.toBe('brak – odpowiedz na wszystkie cztery pytania');

    await question('Czy masz ukończone 18 lat?').getByLabel('Tak').check();
    await question('Czy masz obywatelstwo polskie?').getByLabel('Tak').check();
    await question('Czy masz ważny dowód osobisty?').getByLabel('Nie').check();
    await question('Czy masz konto w banku?').getByLabel('Tak').check();
    await shows('średnie szanse');
    await expect(page.locator('[data-result="reason"]').textContent()).resolves.toContain(
      'tylko polski dowód osobisty',
    );
    await expect(page.locator('[data-item-status="validIdentity"]').textContent()).resolves.toBe(
      'niespełniony',
    );
    await expect(page.locator('[data-item-status="validBank"]').textContent()).resolves.toBe('spełniony');
    await expect(page.locator('[data-result-incomplete]').isVisible()).resolves.toBe(false);
    expect(new URL(page.url()).search).toBe('?pelnoletni=tak&obywatel=tak&dowod=nie&konto=tak');
    await page.screenshot({ path: '/tmp/gateway-eligibility.png', fullPage: true });

    // a second condition some lenders require missing: low
    await question('Czy masz obywatelstwo polskie?').getByLabel('Nie').check();
    await shows('niskie szanse');

    // the shared address shows the same result from the server
    const again = await context.newPage();
    await again.goto(page.url());
    await expect(again.locator('[data-result="estimate"]').textContent()).resolves.toBe('niskie szanse');
    await expect(again.locator('[data-item-status="citizen"]').textContent()).resolves.toBe('niespełniony');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('clears a bad address’s hint once the question is answered', async () => {
    const context = await gateway.browser.newContext({ locale: 'pl-PL' });
    const page = await context.newPage();
    await page.goto(`${gateway.url}/sprawdz-szanse/?pelnoletni=tak&obywatel=moze`);
    await page.waitForSelector('html[data-client="ready"]');
    await expect(page.locator('[data-error-for="citizen"]').textContent()).resolves.toBe(
      'Nie rozpoznaliśmy tej odpowiedzi. Zaznacz Tak albo Nie.',
    );
    await page.getByRole('group', { name: 'Czy masz obywatelstwo polskie?' }).getByLabel('Tak').check();
    await page.waitForFunction(
      () => document.querySelector('[data-error-for="citizen"]')?.textContent === '',
    );
    await expect(page.locator('[data-result="estimate"]').textContent()).resolves.toBe(
      'brak – odpowiedz na wszystkie cztery pytania',
    );
    // sending the form with questions still open marks them, without leaving the page
    await page.getByRole('button', { name: 'Sprawdź' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-error-for="validBank"]')?.textContent ===
        'Zaznacz odpowiedź: Tak albo Nie.',
    );
    expect(new URL(page.url()).search).toBe('?pelnoletni=tak&obywatel=tak');
    await context.close();
  });

  it('works without JavaScript: the GET form answers with the server-rendered result', async () => {
    const context = await gateway.browser.newContext({ javaScriptEnabled: false, locale: 'pl-PL' });
    const page = await context.newPage();
    await page.goto(`${gateway.url}/sprawdz-szanse/`);
    await page.getByRole('group', { name: 'Czy masz ukończone 18 lat?' }).getByLabel('Tak').check();
    await page.getByRole('group', { name: 'Czy masz konto w banku?' }).getByLabel('Tak').check();
    await Promise.all([page.waitForURL(/konto=tak/), page.getByRole('button', { name: 'Sprawdź' }).click()]);
    await expect(page.locator('[data-result="estimate"]').textContent()).resolves.toBe(
      'brak – odpowiedz na wszystkie cztery pytania',
    );
    await expect(page.locator('[data-error-for="citizen"]').textContent()).resolves.toBe(
      'Zaznacz odpowiedź: Tak albo Nie.',
    );
    await context.close();
  });
});
