import { Router } from 'express';
import { type ClientManifest } from '../render/client-manifest';

/**
 * Build-update detection (product spec points 4 and 7): the browser polls /builds/latest.json
 * and, on a new id, confirms it with /builds/meta/<id>.json before reloading on its next
 * navigation. A build's meta never changes, so it may be cached for good; latest never.
 */
export function buildRoutes(manifest: ClientManifest): Router {
  const router = Router();
  const meta = { buildId: manifest.buildId, time: manifest.builtAt, entry: manifest.entry.file, css: manifest.css };

  router.get('/builds/latest.json', (_req, res) => {
    res.locals['routeLabel'] = '/builds/latest.json';
    res.setHeader('Cache-Control', 'no-cache');
    res.json({ buildId: manifest.buildId, time: manifest.builtAt });
  });

  router.get('/builds/meta/:file', (req, res) => {
    res.locals['routeLabel'] = '/builds/meta/:buildId.json';
    if (req.params.file !== `${manifest.buildId}.json`) {
      res.setHeader('Cache-Control', 'no-cache');
      res.status(404).json({ error: { status: 404, message: 'Nieznana wersja serwisu' } });
      return;
    }
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.json(meta);
  });

  return router;
}
