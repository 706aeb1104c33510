import { type Browser, type LaunchOptions, chromium } from 'playwright-core';

/** Debian's Chromium (the `chromium` package); browser tests are skipped where it is missing. */
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

export interface RecordingPageOptions {
  javaScriptEnabled?: boolean;
  /** 1280×900 unless given. */
  viewport?: { width: number; height: number };
  /** The site is Polish: 'pl-PL' unless given. */
  locale?: string;
}

/**
 * A fresh browser context and page that record what went wrong and what the page asked for:
 * - `errors`: script errors, console errors (not the browser's own line for a failed request, which
 *   names no address) and every answer of 400 and above as '<status> <path>';
 * - `messages`: every console message with its type, for a test that expects a warning;
 * - `requests`: the path and query of every request the page made.
 * A journey ends with `expect(errors).toEqual([])`.
 */
export async function openRecordingPage(browser: Browser, options: RecordingPageOptions = {}) {
  const context = await browser.newContext({
    locale: options.locale ?? 'pl-PL',
    viewport: options.viewport ?? { width: 1280, height: 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const messages: { type: string; text: string }[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    messages.push({ type: message.type(), text: message.text() });
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    requests.push(pathname + search);
  });
  return { page, context, errors, messages, requests };
}
