import { type RequestHandler } from 'express';
import { type RenderedString } from '../render/page-renderer';

/** URL prefix of the benchmark's static baseline. */
export const BENCH_STATIC_PREFIX = '/__static';

/**
 * BENCH_STATIC=1 hook for the benchmark harness (bench/): GET /__static/<path> answers with the
 * bytes of one full SSR render of <path>, rendered once and then sent from memory with res.send,
 * as express.static would send a file. It runs inside the same process behind the same
 * middleware (helmet, compression, metrics, guards), so "SSR vs static" compares only the
 * rendering. Off by default; never enable it in production (it pins pages in memory).
 */
export function benchStaticHandler(render: (path: string) => Promise<RenderedString>): RequestHandler {
  const rendered = new Map<string, Promise<{ status: number; body: Buffer }>>();
  return (req, res, next) => {
    const path = req.path.slice(BENCH_STATIC_PREFIX.length) || '/';
    let entry = rendered.get(path);
    if (!entry) {
      entry = render(path).then(({ status, html }) => ({ status, body: Buffer.from(html, 'utf8') }));
      rendered.set(path, entry);
      entry.catch(() => rendered.delete(path));
    }
    entry
      .then(({ status, body }) => {
        res.locals['routeLabel'] = `${BENCH_STATIC_PREFIX}/*`;
        res.status(status).setHeader('Cache-Control', 'no-cache');
        res.type('html').send(body);
      })
      .catch(next);
  };
}
