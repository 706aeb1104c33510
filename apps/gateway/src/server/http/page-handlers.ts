import { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { PAYLOAD_SUFFIX, type PagePayload } from '../../shared/page-state';
import { type PageResolver, type ResolvedPage } from '../pages/page-resolver';
import { type PageRenderer } from '../render/page-renderer';
import { splitUrl } from './request-guards';

/** `/o-nas/_payload.json` → '/o-nas/'; null when the path is not a payload URL of a page. */
export function pagePathOfPayload(pathname: string): string | null {
  if (!pathname.endsWith(`/${PAYLOAD_SUFFIX}`)) return null;
  return pathname.slice(0, -PAYLOAD_SUFFIX.length);
}

/** GET `<path>_payload.json?v=<buildId>`: the same loaders and cache as the page, as JSON. */
export function payloadHandler(resolver: PageResolver, buildId: string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    const pagePath = pagePathOfPayload(splitUrl(req.originalUrl).pathname);
    if (pagePath === null) {
      next();
      return;
    }
    resolver
      .resolve(pagePath)
      .then((page) => {
        res.locals['routeLabel'] = `${page.routeLabel}${PAYLOAD_SUFFIX}`;
        // The data changes independently of the build; revalidate with the ETag Express adds.
        res.setHeader('Cache-Control', 'no-cache');
        res.status(page.status).json(toPayload(page, buildId));
      })
      .catch(next);
  };
}

export function toPayload(page: ResolvedPage, buildId: string): PagePayload {
  return {
    buildId,
    route: page.route,
    page: page.page,
    layout: page.layout,
    status: page.status,
    params: page.params,
    data: page.data,
    head: page.head,
  };
}

/** Every page: resolve the path (route, parameters, data) and stream the React render. */
export function pageHandler(resolver: PageResolver, renderer: PageRenderer): RequestHandler {
  return (req, res, next) => {
    const { pathname } = splitUrl(req.originalUrl);
    resolver
      .resolve(pathname)
      .then((page) => {
        res.locals['routeLabel'] = page.routeLabel;
        return renderer.stream(req, res, page);
      })
      .catch(next);
  };
}
