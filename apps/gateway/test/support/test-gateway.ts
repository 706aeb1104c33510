import { MemoryCache, type RateBudgets } from '@lib/cache';
import { loadConfig } from '@lib/config';
import { SERVICE_NAMES, type ServiceName } from '@lib/contracts';
import { createLogger, createMetricsRegistry } from '@lib/observability';
import { freePort } from '@lib/test-support';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AnyRoute } from '../../src/app/route-types';
import { createGatewayApp } from '../../src/server/app';
import { gatewayEnvSchema } from '../../src/kit/config/gateway-config';
import { type GatewayDeps } from '../../src/server/deps';
import { type BuildArchive } from '../../src/server/http/build-archive';
import { startGatewayOpsServer } from '../../src/server/http/ops';
import { startGatewayServer } from '../../src/server/http-server';
import { ReadinessState } from '../../src/server/readiness-state';
import { type ClientManifest } from '../../src/server/render/client-manifest';
import { closeGatewayServices, createGatewayServices } from '../../src/server/services';

export const TEST_BUILD_ID = 'testbuild01';

/** A manifest and public dir shaped like build-client.mjs output, with tiny stand-in files. */
export function fakeClient(): { manifest: ClientManifest; publicDir: string } {
  const publicDir = mkdtempSync(path.join(tmpdir(), 'gateway-public-'));
  mkdirSync(path.join(publicDir, 'assets', 'chunks'), { recursive: true });
  writeFileSync(path.join(publicDir, 'assets', 'entry-TEST.js'), 'console.log("entry");\n'.repeat(100));
  writeFileSync(path.join(publicDir, 'assets', 'styles-TEST.css'), 'body{margin:0}\n');
  writeFileSync(path.join(publicDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const chunk = (file: string) => ({ file, imports: [] });
  return {
    publicDir,
    manifest: {
      buildId: TEST_BUILD_ID,
      builtAt: '2025-01-20T08:00:00.000Z',
      entry: { file: '/assets/entry-TEST.js', imports: ['/assets/chunks/shared-TEST.js'] },
      renderer: chunk('/assets/chunks/renderer-TEST.js'),
      css: ['/assets/styles-TEST.css'],
      pages: {
        home: chunk('/assets/chunks/home-page-TEST.js'),
        content: chunk('/assets/chunks/content-page-TEST.js'),
        'not-found': chunk('/assets/chunks/not-found-page-TEST.js'),
        status: chunk('/assets/chunks/status-page-TEST.js'),
      },
    },
  };
}

/** A loopback address where nothing listens: calls to it fail with UNAVAILABLE at once. */
export async function deadTarget(): Promise<string> {
  return `127.0.0.1:${await freePort()}`;
}

export interface TestGatewayOptions {
  targets: Partial<Record<ServiceName, string>>;
  env?: Record<string, string>;
  routes?: readonly AnyRoute[];
  client?: { manifest: ClientManifest; publicDir: string };
  /** The pages' clock; 2025-01-20T10:00:00Z (a Monday) when omitted. */
  now?: () => Date;
  /** Other builds' assets and metas (main.ts: Redis); none when omitted. */
  buildArchive?: BuildArchive;
  /** The rate budgets (main.ts: Redis, when REDIS_URL is set); in process when omitted. */
  rateBudgets?: RateBudgets;
  /**
   * PUBLIC_ORIGIN is the address the gateway listens on (`url`), for a browser that posts from the
   * pages it opened there. Otherwise the origin is the development one, http://localhost:3000,
   * which tests name in their posts' Origin header (the gateway never takes the Host for it).
   */
  ownOrigin?: boolean;
}

export interface TestGateway {
  url: string;
  port: number;
  /** The ops server (/metrics, detailed /readyz) on its own port, as main.ts starts it. */
  opsPort: number;
  deps: GatewayDeps;
  /** Parsed JSON log lines written so far. */
  logs: { level: string; msg: string; [key: string]: unknown }[];
  stop(): Promise<void>;
}

const ADDRESS_VARIABLES: Record<ServiceName, string> = {
  content: 'CONTENT_SERVICE_ADDR',
  offers: 'OFFERS_SERVICE_ADDR',
  rates: 'RATES_SERVICE_ADDR',
  leads: 'LEADS_SERVICE_ADDR',
  events: 'EVENTS_SERVICE_ADDR',
};

/** The real app on a random port, with real gRPC clients pointed at the given targets. */
export async function startTestGateway(options: TestGatewayOptions): Promise<TestGateway> {
  const unused = await deadTarget();
  const port = options.ownOrigin ? await freePort() : 0;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    GRPC_DEADLINE_MS: '1500',
    ...(options.ownOrigin ? { PUBLIC_ORIGIN: `http://127.0.0.1:${port}` } : {}),
  };
  for (const name of SERVICE_NAMES) env[ADDRESS_VARIABLES[name]] = options.targets[name] ?? unused;
  const config = loadConfig(gatewayEnvSchema, { ...env, ...options.env });

  const logs: TestGateway['logs'] = [];
  const logger = createLogger({
    name: 'gateway',
    level: 'info',
    destination: { write: (line: string) => void logs.push(JSON.parse(line) as TestGateway['logs'][number]) },
  });
  const client = options.client ?? fakeClient();
  const ownsClientDir = options.client === undefined;
  const services = createGatewayServices(config);
  const cache = new MemoryCache({ logger });
  const readiness = new ReadinessState();
  const registry = createMetricsRegistry({ serviceName: 'gateway' });
  const deps: GatewayDeps = {
    config,
    logger,
    services,
    cache,
    registry,
    manifest: client.manifest,
    publicDir: client.publicDir,
    readiness,
    now: options.now ?? (() => new Date('2025-01-20T10:00:00Z')),
    ...(options.routes ? { routes: options.routes } : {}),
    ...(options.buildArchive ? { buildArchive: options.buildArchive } : {}),
    ...(options.rateBudgets ? { rateBudgets: options.rateBudgets } : {}),
  };
  const app = createGatewayApp(deps);
  const server = await startGatewayServer(app, { host: '127.0.0.1', port, readiness, logger });
  const ops = await startGatewayOpsServer({
    host: '127.0.0.1',
    port: 0,
    registry,
    services,
    cache,
    readiness,
    logger,
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    port: server.port,
    opsPort: ops.port,
    deps,
    logs,
    async stop() {
      await server.close(2_000);
      await ops.close();
      closeGatewayServices(services);
      await cache.close();
      if (ownsClientDir) rmSync(client.publicDir, { recursive: true, force: true });
    },
  };
}
