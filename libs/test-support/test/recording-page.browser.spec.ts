import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type Browser } from 'playwright-core';
import { CHROMIUM_PATH, launchChromium, openRecordingPage } from '../src/browser';

const describeWithChromium = existsSync(CHROMIUM_PATH) ? describe : describe.skip;

// A page that fails in each way a journey must notice: a script error, a console error and a
// missing picture; and a clean page beside it.
const PAGES: Record<string, string> = {
  '/broken': `<!doctype html><html lang="pl"><body>
    <img src="/missing.png?size=1" alt="">
    <script>console.error('bad state'); console.warn('just a warning'); throw new Error('boom');</script>
  </body></html>`,
  '/clean':
    '<!doctype html><html lang="pl"><body><p id="lang"></p><script>document.getElementById("lang").textContent = navigator.language;</script></body></html>',
};

describeWithChromium('openRecordingPage in Chromium', () => {
  let server: Server;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const body = PAGES[new URL(request.url ?? '/', 'http://x').pathname];
      response.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body ?? 'not here');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('records script and console errors, failed requests by path, every console message and every request', async () => {
    const { page, context, errors, messages, requests } = await openRecordingPage(browser);
    await page.goto(`${origin}/broken`, { waitUntil: 'load' });
    // The events reach Node on their own schedule: wait (bounded) until all three have.
    for (let tries = 0; errors.length < 3 && tries < 100; tries++) await page.waitForTimeout(20);

    expect([...errors].sort()).toEqual(['404 /missing.png', 'bad state', 'boom']);
    expect(messages).toEqual(
      expect.arrayContaining([
        { type: 'warning', text: 'just a warning' },
        { type: 'error', text: 'bad state' },
      ]),
    );
    expect(requests).toEqual(expect.arrayContaining(['/broken', '/missing.png?size=1']));
    await context.close();
  });

  it('opens a Polish page with nothing recorded when nothing goes wrong', async () => {
    const { page, context, errors } = await openRecordingPage(browser, { javaScriptEnabled: true });
    await page.goto(`${origin}/clean`, { waitUntil: 'load' });
    await expect(page.locator('#lang').textContent()).resolves.toBe('pl-PL');
    expect(errors).toEqual([]);
    await context.close();
  });
});
