import { config as loadedConfig, telemetry as startedTelemetry } from './instrument';
import { ConfigError } from '@lib/config';
import { type Telemetry } from '@lib/observability';
import { createCache, createRateBudgets } from '@lib/cache';
import { createLogger, createMetricsRegistry } from '@lib/observability';
import path from 'node:path';
import { createGatewayApp } from './app';
import { createEventDelivery, createServerEventDelivery } from './feature-handlers';
import { startBuildArchive } from './http/build-archive';
import { startGatewayOpsServer } from './http/ops';
import { startGatewayServer } from './http-server';
import { withCompactErrors } from './log-errors';
import { ReadinessState } from './readiness-state';
import { runUnconfiguredGateway } from './unconfigured';
import { GATEWAY_REDIS_NAMESPACE, type GatewayConfig } from '../kit/config/gateway-config';
import { defaultClientDir, readClientManifest } from './render/client-manifest';
import { closeGatewayServices, createGatewayServices } from './services';

async function main(config: GatewayConfig, telemetry: Telemetry | undefined): Promise<void> {
  // Compact upstream errors for everything, the page cache's background refreshes included.
  const logger = withCompactErrors(createLogger({ name: 'gateway', level: config.LOG_LEVEL }));
  const clientDir = config.CLIENT_DIST_DIR ?? defaultClientDir();
  const manifest = readClientManifest(clientDir);
  const registry = createMetricsRegistry({ serviceName: 'gateway' });
  const services = createGatewayServices(config, registry);
  const cache = createCache({ redisUrl: config.REDIS_URL, namespace: GATEWAY_REDIS_NAMESPACE, logger });
  const readiness = new ReadinessState();
  const rateBudgets = createRateBudgets(config.REDIS_URL, GATEWAY_REDIS_NAMESPACE, logger);
  const eventDelivery = createEventDelivery(config, services.events, logger);
  const serverEventDelivery = createServerEventDelivery(config, services.events, logger);
  // With Redis: this build's files for the tabs of other builds, theirs for ours (rolling updates).
  const builds = config.REDIS_URL
    ? await startBuildArchive({
        redisUrl: config.REDIS_URL,
        limits: {
          ttlSeconds: config.BUILD_ARCHIVE_TTL_HOURS * 3_600,
          maxFileBytes: config.BUILD_ARCHIVE_MAX_FILE_BYTES,
          maxBuildBytes: config.BUILD_ARCHIVE_MAX_BUILD_BYTES,
        },
        manifest,
        publicDir: path.join(clientDir, 'public'),
        logger,
      })
    : undefined;
  const app = createGatewayApp({
    config,
    logger,
    services,
    cache,
    manifest,
    publicDir: path.join(clientDir, 'public'),
    readiness,
    registry,
    rateBudgets,
    eventDelivery,
    serverEventDelivery,
    ...(builds ? { buildArchive: builds.archive } : {}),
  });
  const server = await startGatewayServer(app, { host: config.HOST, port: config.PORT, readiness, logger });
  const ops = await startGatewayOpsServer({
    host: config.OPS_HOST,
    port: config.OPS_PORT,
    registry,
    services,
    cache,
    readiness,
    logger,
  });
  logger.info(
    {
      buildId: manifest.buildId,
      pageCache: config.PAGE_CACHE,
      cache: cache.kind,
      events: eventDelivery.kind,
    },
    'gateway ready',
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: draining requests');
    const hardStop = setTimeout(() => {
      logger.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + 1_000);
    hardStop.unref();
    // In-flight requests get most of the budget; clients and exporters close in what is left.
    server
      .close(Math.max(config.SHUTDOWN_TIMEOUT_MS - 1_000, 500))
      .then(async () => {
        await ops.close();
        // Accepted tracking events and queued offer clicks go out before the events service's client
        // closes (at most 2 s, both at once).
        const drainMs = Math.min(2_000, Math.max(config.SHUTDOWN_TIMEOUT_MS - 1_000, 500));
        await Promise.all([eventDelivery.drain(drainMs), serverEventDelivery.drain(drainMs)]);
        closeGatewayServices(services);
        await cache.close();
        await rateBudgets.close();
        await builds?.close();
        await telemetry?.shutdown();
        logger.info('gateway stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

// An invalid environment in a deployment (loadConfigOrUnready): up, never ready, one log line naming the variables.
if (loadedConfig instanceof ConfigError) {
  void runUnconfiguredGateway(loadedConfig);
} else {
  main(loadedConfig, startedTelemetry).catch((error: unknown) => {
    process.stderr.write(
      `gateway failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
