import express, { type RequestHandler, Router } from 'express';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { preferredEncoding } from './accept-encoding';
import { type BuildArchive } from './build-archive';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built client. Hashed files under /assets/ never change, so browsers keep them for a year
 * without asking; the few unhashed files (favicon) are revalidated hourly. A hashed asset not on
 * disk comes from the build archive when there is one (another live build's file, build-archive.ts);
 * a missing asset is a short 404, not a rendered page.
 */
export function staticFiles(publicDir: string, archive?: BuildArchive): Router {
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
    precompressed(assetsDir),
    express.static(assetsDir, {
      index: false,
      redirect: false,
      fallthrough: true,
      setHeaders: (res) => res.setHeader('Cache-Control', IMMUTABLE),
    }),
    archive ? fromArchive(archive) : (_req, _res, next) => next(),
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

/** The types of the files precompress-assets.mjs compresses. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * A hashed file of another build (the tab's page came from a pod of that build): the raw bytes
 * from the archive, with the headers of a file on disk; the compression middleware compresses it.
 */
function fromArchive(archive: BuildArchive): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    archive.asset(`/assets${req.path}`).then((bytes) => {
      if (bytes === null) {
        next();
        return;
      }
      const type = CONTENT_TYPES[path.extname(req.path)];
      if (type) res.setHeader('Content-Type', type);
      else res.type(path.extname(req.path));
      res.setHeader('Cache-Control', IMMUTABLE);
      res.send(bytes);
    }, next);
  };
}

/** What a precompressed file's extension says about its encoding, best first. */
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * Sends `<file>.br` or `<file>.gz`, written beside the hashed assets at build time
 * (precompress-assets.mjs), to a client that accepts that encoding; anything else falls through to
 * express.static (and the compression middleware). Which files exist is read once: a build's assets
 * never change while it runs.
 */
function precompressed(assetsDir: string): RequestHandler {
  const available = new Set<string>();
  try {
    for (const entry of readdirSync(assetsDir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile())
        available.add(
          path.relative(assetsDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        );
    }
  } catch {
    // No assets directory (a test's stand-in client): nothing precompressed.
  }
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || available.size === 0) {
      next();
      return;
    }
    const file = req.path.replace(/^\/+/, '');
    const candidates = ENCODINGS.filter(({ suffix }) => available.has(`${file}${suffix}`));
    if (candidates.length === 0) {
      next();
      return;
    }
    res.setHeader('Vary', 'Accept-Encoding');
    const accepted = preferredEncoding(
      req.headers['accept-encoding'],
      candidates.map(({ encoding }) => encoding),
    );
    const chosen = candidates.find(({ encoding }) => encoding === accepted);
    if (!chosen) {
      next();
      return;
    }
    res.setHeader('Content-Type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream');
    res.setHeader('Content-Encoding', chosen.encoding);
    res.setHeader('Cache-Control', IMMUTABLE);
    res.sendFile(
      `${file}${chosen.suffix}`,
      { root: assetsDir, dotfiles: 'deny', lastModified: true, etag: true, cacheControl: false },
      (error) => {
        if (error) next(error);
      },
    );
  };
}
