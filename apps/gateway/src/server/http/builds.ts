import { Router } from 'express';
import { type ClientManifest } from '../render/client-manifest';
import { BUILD_ID, type BuildArchive, buildMeta } from './build-archive';
import { IMMUTABLE } from './static-files';
import { sendErrorBody } from '../../kit/http/error-body';

/**
 * Build-update detection, so an open tab moves to a new build: the browser polls /builds/latest.json
 * and, on a new id, confirms it with /builds/meta/<id>.json before reloading on its next
 * navigation. A build's meta never changes, so it may be cached for good; latest never. During a
 * rolling update the meta of another live build comes from the build archive (build-archive.ts):
 * a tab told of build B by one pod may ask a pod of build A for it.
 */
export function buildRoutes(manifest: ClientManifest, archive?: BuildArchive): Router {
  const router = Router();
  const meta = buildMeta(manifest);

  router.get('/builds/latest.json', (_req, res) => {
    res.locals['routeLabel'] = '/builds/latest.json';
    res.setHeader('Cache-Control', 'no-cache');
    res.json({ buildId: manifest.buildId, time: manifest.builtAt });
  });

  router.get('/builds/meta/:file', async (req, res) => {
    res.locals['routeLabel'] = '/builds/meta/:buildId.json';
    const file = req.params.file;
    if (file === `${manifest.buildId}.json`) {
      res.setHeader('Cache-Control', IMMUTABLE);
      res.json(meta);
      return;
    }
    const buildId = file.endsWith('.json') ? file.slice(0, -'.json'.length) : '';
    const archived = archive && BUILD_ID.test(buildId) ? await archive.meta(buildId) : null;
    if (archived !== null) {
      res.setHeader('Cache-Control', IMMUTABLE);
      res.type('application/json').send(archived);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    sendErrorBody(res, 404, 'Nieznana wersja serwisu');
  });

  return router;
}
