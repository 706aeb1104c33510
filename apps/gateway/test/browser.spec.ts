import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { readClientManifest } from '../src/server/render/client-manifest';
import { type FakeGrpcServer, FakeGrpcError, startFakeService } from './support/fake-grpc';
import { ABOUT_PAGE, HOME_PAGE, OFFERS, RATE_TABLE } from './support/fixtures';
import { CHROMIUM_PATH, launchChromium } from './support/browser';
import { type TestGateway, startTestGateway } from './support/test-gateway';

const workspaceRoot = path.resolve(__dirname, '../../..');
const SCREENSHOT = '/tmp/gateway-home.png';

const describeWithChromium = existsSync(CHROMIUM_PATH) ? describe : describe.skip;

describeWithChromium('gateway in a real browser', () => {
  let services: FakeGrpcServer[];
  let gateway: TestGateway;
  let browser: Browser;
  let buildId: string;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'gateway-client-'));
    execFileSync('node', ['apps/gateway/build-client.mjs', '--outdir', clientDir], { cwd: workspaceRoot, stdio: 'pipe' });
    const manifest = readClientManifest(clientDir);
    buildId = manifest.buildId;
    services = await Promise.all([
      startFakeService('content', {
        GetPage: (request) => {
          const { path: pagePath } = request as { path: string };
          if (pagePath === '/') return HOME_PAGE;
          if (pagePath === '/o-nas/') return ABOUT_PAGE;
          throw new FakeGrpcError(5, 'not found');
        },
      }),
      startFakeService('offers', { ListOffers: () => ({ offers: OFFERS, total: 2 }) }),
      startFakeService('rates', { GetLatestTable: () => RATE_TABLE }),
    ]);
    const [content, offers, rates] = services;
    gateway = await startTestGateway({
      targets: { content: content!.target, offers: offers!.target, rates: rates!.target },
      client: { manifest, publicDir: path.join(clientDir, 'public') },
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    await Promise.all((services ?? []).map((s) => s.stop()));
    if (clientDir) rmSync(clientDir, { recursive: true, force: true });
  });

  /** A fresh page that records console output, failed CSP checks and requests. */
  async function openPage(viewport = { width: 412, height: 915 }) {
    const context = await browser.newContext({ viewport, locale: 'pl-PL' });
    const page = await context.newPage();
    const console: { type: string; text: string }[] = [];
    const requests: string[] = [];
    page.on('console', (message) => console.push({ type: message.type(), text: message.text() }));
    page.on('pageerror', (error) => console.push({ type: 'pageerror', text: error.message }));
    page.on('request', (request) => requests.push(new URL(request.url()).pathname + new URL(request.url()).search));
    return { page, context, console, requests };
  }

  const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const readMark = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker ?? null);

  it('hydrates the home page: the sliders update the cost indicators', async () => {
    const { page, context, console } = await openPage();
    await page.goto(`${gateway.url}/`);
    await page.waitForSelector('html[data-client="ready"]');
    const total = page.locator('[data-indicator="total"]');
    await expect(total.textContent()).resolves.toBe('2\u00a0018,00\u00a0zł');

    await page.getByLabel(/Ile potrzebujesz/).fill('5000');
    await expect(total.textContent()).resolves.toBe('5\u00a0045,00\u00a0zł');
    await expect(page.locator('[data-indicator="commission"]').textContent()).resolves.toBe('45,00\u00a0zł');

    const period = page.getByLabel(/Na jak długo/);
    await period.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('[data-indicator="date"]').textContent()).resolves.toBe('20.05.2025');
    await expect(page.locator('.calculator__cta').getAttribute('href')).resolves.toBe('/application/?amount=5000&period=120');

    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'lang')).toMatchObject({ value: 'pl', path: '/' });
    expect(cookies.find((c) => c.name === 'lang')!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(console.filter((m) => m.type === 'error' || m.type === 'pageerror')).toEqual([]);
    await context.close();
  });

  it('navigates between pages with _payload.json and no reload, and back again', async () => {
    const { page, context, console, requests } = await openPage({ width: 1280, height: 900 });
    await page.goto(`${gateway.url}/`);
    await page.waitForSelector('html[data-client="ready"]');
    await page.screenshot({ path: SCREENSHOT.replace('.png', '-desktop.png'), fullPage: true });
    await markWindow(page);

    const payload = page.waitForResponse((r) => r.url().endsWith(`/o-nas/_payload.json?v=${buildId}`));
    await page.locator('footer a[href="/o-nas/"]').click();
    expect((await payload).status()).toBe(200);
    await page.waitForSelector('h1:text-is("O nas")');
    expect(new URL(page.url()).pathname).toBe('/o-nas/');
    await expect(page.title()).resolves.toBe(ABOUT_PAGE.title);
    await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe('http://localhost:3000/o-nas/');
    await expect(page.locator('#tresc-strony').textContent()).resolves.toContain('Pomagamy porównywać oferty');
    expect(await readMark(page)).toBe(42); // same document: no reload

    await page.goBack();
    await page.waitForSelector(`h1:text-is("${HOME_PAGE.h1!}")`);
    expect(await readMark(page)).toBe(42);
    await page.getByLabel(/Ile potrzebujesz/).fill('1000');
    await expect(page.locator('[data-indicator="total"]').textContent()).resolves.toBe('1\u00a0009,00\u00a0zł');

    expect(requests.filter((r) => r.startsWith('/o-nas/') && !r.includes('_payload'))).toEqual([]);
    expect(console.filter((m) => m.type === 'error' || m.type === 'pageerror')).toEqual([]);
    await context.close();
  });

  it('keeps React off a static page until the visitor navigates, then loads it on demand', async () => {
    const { page, context, requests } = await openPage();
    await page.goto(`${gateway.url}/o-nas/`);
    await page.waitForSelector('html[data-client="ready"]');
    const rendererChunk = (r: string) => /\/assets\/chunks\/renderer-/.test(r);
    expect(requests.some(rendererChunk)).toBe(false);
    await expect(page.locator('#tresc-strony').textContent()).resolves.toContain('Pomagamy porównywać oferty');

    await markWindow(page);
    await page.locator('.breadcrumbs a[href="/"]').click();
    await page.waitForSelector(`h1:text-is("${HOME_PAGE.h1!}")`);
    expect(requests.some(rendererChunk)).toBe(true);
    expect(requests).toContain(`/_payload.json?v=${buildId}`);
    expect(await readMark(page)).toBe(42);
    await page.getByLabel(/Ile potrzebujesz/).fill('3000');
    await expect(page.locator('[data-indicator="total"]').textContent()).resolves.toBe('3\u00a0027,00\u00a0zł');
    await context.close();
  });

  it('falls back to a full page load with a warning when the payload fails', async () => {
    const { page, context, console } = await openPage();
    await page.goto(`${gateway.url}/`);
    await page.waitForSelector('html[data-client="ready"]');
    await markWindow(page);
    await page.locator('footer a[href="/kontakt/"]').click();
    await page.waitForSelector('h1:text-is("Nie mogliśmy znaleźć żądanej strony")');
    expect(new URL(page.url()).pathname).toBe('/kontakt/');
    expect(await readMark(page)).toBeNull(); // a real page load happened
    expect(console.some((m) => m.type === 'warning' && m.text.includes('/kontakt/'))).toBe(true);
    await page.screenshot({ path: '/tmp/gateway-404.png', fullPage: true });
    await context.close();
  });

  it('does a full load on the next navigation once a newer build is announced', async () => {
    const { page, context, requests } = await openPage();
    await page.route('**/builds/latest.json*', (route) =>
      route.fulfill({ json: { buildId: 'newer-build', time: new Date().toISOString() } }),
    );
    await page.route('**/builds/meta/newer-build.json', (route) => route.fulfill({ json: { buildId: 'newer-build' } }));
    const polled = page.waitForRequest((r) => r.url().includes('/builds/meta/newer-build.json'));
    await page.goto(`${gateway.url}/`);
    await page.waitForSelector('html[data-client="ready"]');
    await polled;
    await markWindow(page);
    await page.locator('footer a[href="/o-nas/"]').click();
    await page.waitForSelector('h1:text-is("O nas")');
    expect(await readMark(page)).toBeNull();
    expect(requests.some((r) => r.includes('/o-nas/_payload.json'))).toBe(false);
    expect(requests.filter((r) => r.startsWith('/builds/latest.json?t='))).not.toHaveLength(0);
    await context.close();
  });

  it('shows the country error view after a fatal render error: MX loader then its view, others generic', async () => {
    const bundle = await build({
      entryPoints: [path.join(__dirname, 'fixtures/error-view-harness.tsx')],
      bundle: true,
      write: false,
      format: 'iife',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    });
    const script = bundle.outputFiles[0]!.text;

    for (const [country, expected] of [
      ['MX', '[data-error-view="mx"]'],
      ['PL', 'h1:text-is("Coś poszło nie tak")'],
      ['ES', 'h1:text-is("Coś poszło nie tak")'],
    ] as const) {
      // about:blank: no CSP of ours, so the harness can be injected inline.
      const { page, context } = await openPage();
      await page.setContent('<div id="root"></div>');
      await page.evaluate((code) => {
        const w = window as unknown as { harnessCountry: string; seenLoader: boolean };
        w.harnessCountry = code;
        w.seenLoader = false;
        new MutationObserver(() => {
          if (document.querySelector('[role="progressbar"]')) w.seenLoader = true;
        }).observe(document.body, { childList: true, subtree: true });
      }, country);
      await page.addScriptTag({ content: script });
      await page.waitForSelector(expected);
      const sawLoader = await page.evaluate(() => (window as unknown as { seenLoader: boolean }).seenLoader);
      expect({ country, sawLoader }).toEqual({ country, sawLoader: country === 'MX' });
      await context.close();
    }
  });
});
