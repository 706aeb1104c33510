import { type ServerResponse } from 'node:http';

/**
 * Sent when React itself cannot render (the shell failed): plain HTML with no script, no
 * dependency on the bundle and never any detail of the error.
 */
export const FALLBACK_ERROR_HTML =
  '<!DOCTYPE html><html lang="pl"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="robots" content="noindex">' +
  '<title>Wystąpił błąd</title>' +
  '<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1b2430;line-height:1.5}' +
  'a{color:#0b6b50}</style></head><body>' +
  '<h1>Wystąpił błąd</h1>' +
  '<p>Nie udało się wyświetlić tej strony. Spróbuj ponownie za chwilę.</p>' +
  '<p><a href="/">Wróć na stronę główną</a></p>' +
  '</body></html>';

/**
 * Answers the fallback page with 500, never cached; a response whose head is already out is cut
 * off instead (the client sees a broken transfer, not a page that looks complete).
 */
export function sendFallbackPage(res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = 500;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.removeHeader('ETag');
  res.end(FALLBACK_ERROR_HTML);
}
