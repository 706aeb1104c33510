import { PHONE_VIEWPORT, describeWithChromium, openRecordingPage, useIslandGateway } from './support/browser';

/*
 * The eligibility quiz in Chromium: the island recomputes the chance as the visitor answers, with
 * the same library the server used, and keeps the address shareable; without JavaScript the GET
 * form gets the same result from the server.
 */

describeWithChromium('eligibility quiz in a real browser', () => {
  const gateway = useIslandGateway();

  it('changes the chance live as the questions are answered, and keeps the address shareable', async () => {
    const {
      page,
      context,
      errors: problems,
      requests,
    } = await openRecordingPage(gateway.browser, { viewport: PHONE_VIEWPORT });

    await page.goto(`${gateway.url}/sprawdz-szanse/`);
    await page.waitForSelector('html[data-client="ready"]');
    expect(requests.some((r) => /\/assets\/chunks\/eligibility-quiz\.island-/.test(r))).toBe(true);
    const chance = () => page.locator('[data-result="chance"]').textContent();
    const question = (text: string) => page.getByRole('group', { name: text });
    await expect(chance()).resolves.toBe('0%');

    await question('Czy masz ukończone 18 lat?').getByLabel('Tak').check();
    await page.waitForFunction(() => document.querySelector('[data-result="chance"]')?.textContent === '20%');
    await question('Czy masz obywatelstwo polskie?').getByLabel('Tak').check();
    await page.waitForFunction(() => document.querySelector('[data-result="chance"]')?.textContent === '55%');
    await question('Czy masz ważny dowód osobisty?').getByLabel('Nie').check();
    await question('Czy masz konto w banku?').getByLabel('Tak').check();
    await page.waitForFunction(() => document.querySelector('[data-result="chance"]')?.textContent === '83%');
    await expect(page.locator('[data-item-status="validIdentity"]').textContent()).resolves.toBe(
      'nie liczy się',
    );
    await expect(page.locator('[data-item-status="validBank"]').textContent()).resolves.toBe(
      'liczy się (+28%)',
    );
    await expect(page.locator('[data-result-incomplete]').isVisible()).resolves.toBe(false);
    expect(new URL(page.url()).search).toBe('?pelnoletni=tak&obywatel=tak&dowod=nie&konto=tak');
    await page.screenshot({ path: '/tmp/gateway-eligibility.png', fullPage: true });

    // changing an answer takes its weight out again
    await question('Czy masz obywatelstwo polskie?').getByLabel('Nie').check();
    await page.waitForFunction(() => document.querySelector('[data-result="chance"]')?.textContent === '48%');

    // the shared address shows the same result from the server
    const again = await context.newPage();
    await again.goto(page.url());
    await expect(again.locator('[data-result="chance"]').textContent()).resolves.toBe('48%');
    await expect(again.locator('[data-item-status="citizen"]').textContent()).resolves.toBe('nie liczy się');

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
    await expect(page.locator('[data-result="chance"]').textContent()).resolves.toBe('55%');
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
    await expect(page.locator('[data-result="chance"]').textContent()).resolves.toBe('48%');
    await expect(page.locator('[data-error-for="citizen"]').textContent()).resolves.toBe(
      'Zaznacz odpowiedź: Tak albo Nie.',
    );
    await context.close();
  });
});
