import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Debian's Chromium, headless, with everything that would reach the network switched off. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
 * The menu and partner pictures that the content's navigation.yaml names (/assets/menu/*.svg,
 * /assets/partners/*.svg) are in no build of the gateway (apps/gateway/static holds only the
 * favicon), so a browser's requests for them answer 404. Tests expect exactly those failures.
 */
export const isMissingPicture = (url: string): boolean => /^\/assets\/(?:menu|partners)\/[a-z0-9-]+\.svg$/.test(new URL(url).pathname);
