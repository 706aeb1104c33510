import { type Browser, type LaunchOptions, chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with everything that would reach the network switched off.
 * `options` adds to that, e.g. `ignoreDefaultArgs: ['--disable-back-forward-cache']` for a test of
 * the back/forward cache, which Playwright switches off by default.
 */
export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    ...options,
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh Polish browser context and page that record what went wrong: script errors, console
 * errors (not the browser's own line for a failed request, which names no address) and answers of
 * 400 and above (every picture the pages name exists), and the path of every request the page made.
 * A journey ends with `expect(errors).toEqual([])`.
 */
export async function openRecordingPage(
  browser: Browser,
  options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {},
) {
  const context = await browser.newContext({
    locale: 'pl-PL',
    viewport: options.viewport ?? { width: 1280, height: 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  return { page, context, errors, requests };
}
