import express, { type RequestHandler, Router } from 'express';
import path from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built client. Hashed files under /assets/ never change, so browsers keep them for a year
 * without asking; the few unhashed files (favicon) are revalidated hourly. A missing asset is a
 * short 404, not a rendered page.
 */
export function staticFiles(publicDir: string): Router {
  const assetsDir = path.join(publicDir, 'assets');
  const router = Router();
  const labelled =
    (label: string): RequestHandler =>
    (_req, res, next) => {
      res.locals['routeLabel'] = label;
      next();
    };
  router.use(
    '/assets',
    labelled('/assets/*'),
    express.static(assetsDir, {
      index: false,
      redirect: false,
      fallthrough: true,
      setHeaders: (res) => res.setHeader('Cache-Control', IMMUTABLE),
    }),
    (_req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.status(404).type('text/plain').send('Nie znaleziono pliku');
    },
  );
  const rootFiles = express.static(publicDir, {
    index: false,
    redirect: false,
    fallthrough: true,
    setHeaders: (res) => {
      res.locals['routeLabel'] = 'static';
      res.setHeader('Cache-Control', 'public, max-age=3600');
    },
  });
  // Page paths end with '/', files have a dot: only the latter are worth a look on disk.
  router.use((req, res, next) => (req.path.includes('.') ? rootFiles(req, res, next) : next()));
  return router;
}
