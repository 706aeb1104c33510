import { type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import { createHash } from 'node:crypto';
import { CONSENT_PROBE_SCRIPT } from '../render/consent-notice-markup';
import { FALLBACK_ERROR_HTML } from '../render/fallback-page';

/** The CSP source that allows one inline element's exact text. */
function inlineSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/** The one inline <style> we ever send (in the static fallback page). */
const FALLBACK_STYLE = /<style>([\s\S]*?)<\/style>/.exec(FALLBACK_ERROR_HTML)?.[1] ?? '';

/**
 * Powerful browser features the site never uses, denied to the page and to anything it embeds
 * (Permissions-Policy). `browsing-topics` opts the pages out of the Topics API; its predecessor
 * `interest-cohort` (FLoC) is gone, and browsers warn about an unknown feature in the console.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'bluetooth',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * helmet with a strict CSP. The bundle loads from our own origin; the one inline script, the
 * cookie notice's probe, is allowed by its hash (the same text on every page, so no nonce); the page
 * state travels in a type="application/json" block, which browsers never execute (CSP governs
 * execution, so it needs neither nonce nor hash).
 */
function helmetFor(publicOrigin: string): RequestHandler {
  const https = publicOrigin.startsWith('https:');
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", inlineSource(CONSENT_PROBE_SCRIPT)],
        styleSrc: ["'self'", inlineSource(FALLBACK_STYLE)],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // No page is ever framed; X-Frame-Options (below) says the same for browsers without CSP 2.
        frameAncestors: ["'none'"],
        // Over plain http (local runs) upgrading would send every asset request to https and break it.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
}

/**
 * The security headers of every answer, as name and value. They depend on the public origin only
 * (no nonce), so helmet runs once, here, on a response that only records what it is given, and
 * every request sets the same list (the middleware below, and the fast path of kept answers).
 */
export function securityHeaderList(publicOrigin: string): readonly (readonly [string, string])[] {
  const headers = new Map<string, string>([['Permissions-Policy', PERMISSIONS_POLICY]]);
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  let done = false;
  helmetFor(publicOrigin)({} as Request, recorder as unknown as Response, () => {
    done = true;
  });
  // helmet answers synchronously; anything else would make the list incomplete.
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return [...headers];
}

/** Sets the security headers (securityHeaderList) on every answer. */
export function securityHeaders(list: readonly (readonly [string, string])[]): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of list) res.setHeader(name, value);
    next();
  };
}
