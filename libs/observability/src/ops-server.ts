import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type Registry } from 'prom-client';
import { type Logger } from './logger';
import { listenHttp } from './listen-http';
import { untracedRequests } from './server-spans';
import { runChecks, type ReadinessCheck } from './readiness';

export interface OpsServerOptions {
  /**
   * Interface to bind. Services pass OPS_HOST (127.0.0.1 unless configured: the pod IP in
   * Kubernetes, where kubelet and Prometheus connect from outside); all interfaces when omitted.
   */
  host?: string;
  /** 0 picks a free port; the chosen one is returned. */
  port: number;
  registry: Registry;
  checks: ReadinessCheck[];
  logger: Logger;
  /**
   * Extra facts /readyz reports under `details` (e.g. the rates service's data freshness); they
   * inform, they never decide readiness. A failing provider is logged and reported as absent.
   */
  details?: () => Promise<Record<string, unknown>>;
}

export interface OpsServer {
  /** The address actually bound ('::' or '0.0.0.0' when all interfaces). */
  host: string;
  port: number;
  close(): Promise<void>;
  /** From now on /readyz answers 503 so load balancers stop sending traffic while we drain. */
  setShuttingDown(): void;
}

function sendJson(res: ServerResponse, status: number, body: unknown, head: boolean): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    'cache-control': 'no-store',
  });
  res.end(head ? undefined : payload);
}

/**
 * The process's operational HTTP port: Prometheus metrics, liveness and readiness. Plain node:http
 * so that it stays up and cheap even when the application framework is busy or broken.
 */
export async function startOpsServer(opts: OpsServerOptions): Promise<OpsServer> {
  const { registry, checks, logger } = opts;
  let shuttingDown = false;
  // Readiness is probed every few seconds; log a check only when its state changes.
  const lastState = new Map<string, string>();

  const logTransitions = (results: Record<string, string>): void => {
    for (const [name, state] of Object.entries(results)) {
      const previous = lastState.get(name);
      if (previous === state) continue;
      lastState.set(name, state);
      if (state === 'ok') {
        if (previous !== undefined) logger.info({ check: name }, 'readiness check recovered');
      } else {
        logger.warn({ check: name, error: state }, 'readiness check failing');
      }
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) {
      res.setHeader('allow', 'GET, HEAD');
      sendJson(res, 405, { error: 'method_not_allowed' }, false);
      return;
    }
    switch (path) {
      case '/metrics': {
        const body = await registry.metrics();
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(head ? undefined : body);
        return;
      }
      case '/healthz':
        sendJson(res, 200, { status: 'ok' }, head);
        return;
      case '/readyz': {
        if (shuttingDown) {
          sendJson(res, 503, { status: 'not_ready', reason: 'shutting_down', checks: {} }, head);
          return;
        }
        const result = await runChecks(checks);
        logTransitions(result.checks);
        // A shutdown that began while the checks ran wins over their result.
        const ready = result.ready && !shuttingDown;
        const details = opts.details
          ? await opts.details().catch((error: unknown) => {
              logger.warn({ err: error }, 'readiness details failed');
              return undefined;
            })
          : undefined;
        sendJson(
          res,
          ready ? 200 : 503,
          { status: ready ? 'ready' : 'not_ready', checks: result.checks, ...(details ? { details } : {}) },
          head,
        );
        return;
      }
      default:
        sendJson(res, 404, { error: 'not_found', path }, head);
    }
  };

  const server = createServer(
    untracedRequests((req, res) => {
      handle(req, res).catch((error: unknown) => {
        logger.error({ err: error, url: req.url }, 'ops endpoint failed');
        if (!res.headersSent) sendJson(res, 500, { error: 'internal_error' }, false);
        else res.destroy();
      });
    }),
  );

  const listening = await listenHttp(server, opts.port, opts.host);
  logger.info(
    { port: listening.port, host: listening.host },
    'ops server listening (/metrics, /healthz, /readyz)',
  );

  return {
    ...listening,
    setShuttingDown() {
      shuttingDown = true;
    },
  };
}
