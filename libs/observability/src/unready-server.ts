import { createServer } from 'node:http';
import { listenHttp, type ListeningHttpServer } from './listen-http';

export interface UnreadyServerOptions {
  host?: string;
  /** 0 picks a free port; the chosen one is returned. */
  port: number;
  /** The HTML page every other path gets, with 503 and Retry-After (visitors never see an error text). */
  page: string;
}

export type UnreadyServer = ListeningHttpServer;

/**
 * The public port of a process that cannot serve (an invalid configuration): /healthz 200 (alive),
 * /readyz 503 (never routed to), and every other path 503 with a plain page and Retry-After, so a
 * request that reaches it anyway gets a clear "unavailable" rather than an error.
 */
export async function startUnreadyServer(opts: UnreadyServerOptions): Promise<UnreadyServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const head = req.method === 'HEAD';
    const send = (status: number, type: string, body: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': type,
        'content-length': Buffer.byteLength(body),
        'cache-control': 'no-store',
        ...extra,
      });
      res.end(head ? undefined : body);
    };
    if (path === '/healthz') send(200, 'application/json; charset=utf-8', JSON.stringify({ status: 'ok' }));
    else if (path === '/readyz')
      send(503, 'application/json; charset=utf-8', JSON.stringify({ status: 'not_ready' }));
    else send(503, 'text/html; charset=utf-8', opts.page, { 'retry-after': '60' });
  });
  return listenHttp(server, opts.port, opts.host);
}
