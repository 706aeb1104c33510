import { type Request, type Response } from 'express';
import { type ResolvedPage } from './resolved-page';

/**
 * How a feature answers with a page of the site without knowing how pages are found, cached or
 * rendered: the composition root (server/app.ts) implements it over the page resolver and the
 * renderer. A feature that draws its form again after a failed post, or a personal page of its
 * own, asks for the page here and hands it back with its form state.
 */
export interface PagePort {
  /** The page at a site path with its data (route match, loaders, cached data). */
  resolve(path: string, search?: string): Promise<ResolvedPage>;
  /** A status page (403, 404, 503 …) for a path, drawn at once without a lookup of its own. */
  statusPage(path: string, status: number, routeLabel?: string): ResolvedPage;
  /**
   * Streams the page as the HTML document. A page with a form state is personal: answered
   * `no-store`, never memoised and without an ETag (server/render decides it, in one place).
   */
  render(req: Request, res: Response, page: ResolvedPage): Promise<void>;
  /** The build id the client router's payloads must carry. */
  readonly buildId: string;
}
