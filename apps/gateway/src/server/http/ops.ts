import { type Cache } from '@lib/cache';
import { SERVICE_NAMES } from '@lib/contracts';
import { listenHttp, type Logger, type ReadinessCheck, runChecks } from '@lib/observability';
import express, { Router } from 'express';
import { createServer } from 'node:http';
import { type Registry } from 'prom-client';
import { type GatewayServices } from '../../app/services';
import { type ReadinessState } from '../readiness-state';

/** How long one /readyz downstream summary is reused, so frequent probes do not fan out to every service. */
const SUMMARY_TTL_MS = 5_000;
const SERVICE_CHECK_TIMEOUT_MS = 800;

export interface OpsRoutesDeps {
  registry: Registry;
  services: GatewayServices;
  cache: Cache;
  readiness: ReadinessState;
}

/**
 * The probes on the public port: /healthz (the process is alive) and /readyz (it listens and is not
 * draining), each with a bare status and nothing else: no dependency summary, no error text, no
 * internal address. The details are on the ops port (opsRoutes).
 */
export function publicProbeRoutes(readiness: ReadinessState): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.locals['routeLabel'] = '/healthz';
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', (_req, res) => {
    res.locals['routeLabel'] = '/readyz';
    res.setHeader('Cache-Control', 'no-store');
    const status = readiness.status();
    res.status(status === 'ready' ? 200 : 503).json({ status });
  });
  return router;
}

/**
 * The ops port's routes (private: OPS_HOST, 127.0.0.1 by default). /healthz: the process is alive.
 * /readyz: the server listens and is not draining; the body also summarises each service's
 * grpc.health.v1 status and the cache, but a service being down does not make the gateway unready
 * (it still answers with cached pages or a clear 503 page). /metrics: Prometheus text.
 */
export function opsRoutes(deps: OpsRoutesDeps): Router {
  const router = Router();
  const checks: ReadinessCheck[] = [
    ...SERVICE_NAMES.map((name) => ({
      name,
      timeoutMs: SERVICE_CHECK_TIMEOUT_MS + 200,
      async check() {
        const status = await deps.services[name].healthCheck(SERVICE_CHECK_TIMEOUT_MS);
        if (status !== 'SERVING') throw new Error(status);
      },
    })),
    deps.cache.readinessCheck(),
  ];
  let summary: { at: number; value: Promise<Record<string, string>> } | undefined;
  const currentSummary = () => {
    if (!summary || Date.now() - summary.at > SUMMARY_TTL_MS) {
      summary = { at: Date.now(), value: runChecks(checks).then((result) => result.checks) };
    }
    return summary.value;
  };

  router.get('/healthz', (_req, res) => {
    res.locals['routeLabel'] = '/healthz';
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });

  router.get('/readyz', async (_req, res) => {
    res.locals['routeLabel'] = '/readyz';
    res.setHeader('Cache-Control', 'no-store');
    const status = deps.readiness.status();
    const dependencies = await currentSummary();
    res.status(status === 'ready' ? 200 : 503).json({ status, dependencies });
  });

  router.get('/metrics', async (_req, res) => {
    res.locals['routeLabel'] = '/metrics';
    res.setHeader('Content-Type', deps.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(await deps.registry.metrics());
  });

  return router;
}

export interface GatewayOpsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The gateway's ops HTTP server on its own address and port (OPS_HOST:OPS_PORT), apart from the
 * public one, so that metrics and dependency details never reach visitors.
 */
export async function startGatewayOpsServer(
  deps: OpsRoutesDeps & { host: string; port: number; logger: Logger },
): Promise<GatewayOpsServer> {
  const app = express();
  app.disable('x-powered-by');
  app.use(opsRoutes(deps));
  app.use((_req, res) => {
    res.status(404).json({ error: 'not_found' });
  });
  const listening = await listenHttp(createServer(app), deps.port, deps.host);
  deps.logger.info(
    { host: deps.host, port: listening.port },
    'ops server listening (/metrics, /healthz, /readyz)',
  );
  return listening;
}
