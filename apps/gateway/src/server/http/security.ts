import { type RequestHandler } from 'express';
import helmet from 'helmet';
import { createHash } from 'node:crypto';
import { FALLBACK_ERROR_HTML } from '../render/fallback-page';

/** Hash of the one inline <style> we ever send (in the static fallback page). */
function fallbackStyleHash(): string {
  const css = /<style>([\s\S]*?)<\/style>/.exec(FALLBACK_ERROR_HTML)?.[1] ?? '';
  return `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
}

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
 * helmet with a strict CSP. Pages carry no inline script at all: the bundle loads from our own
 * origin, and the page state travels in a type="application/json" block, which browsers never
 * execute (CSP governs execution, so it needs neither nonce nor hash).
 */
export function securityHeaders(publicOrigin: string): RequestHandler {
  const https = publicOrigin.startsWith('https:');
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", fallbackStyleHash()],
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
  return (req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    headers(req, res, next);
  };
}
