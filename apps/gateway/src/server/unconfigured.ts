import { type ConfigError, portOr } from '@lib/config';
import {
  createLogger,
  createMetricsRegistry,
  type Logger,
  startOpsServer,
  startUnreadyServer,
} from '@lib/observability';

type Env = Record<string, string | undefined>;

/** The defaults of gatewayEnvSchema (HOST, PORT, OPS_HOST, OPS_PORT), used when those variables are the bad ones. */
const DEFAULTS = { host: '0.0.0.0', port: 3000, opsHost: '127.0.0.1', opsPort: 9464 };

const hostOr = (value: string | undefined, fallback: string): string =>
  value?.trim() ? value.trim() : fallback;

/** What a visitor sees if a request reaches an unconfigured gateway anyway (it is never ready, so rarely). */
const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="pl">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Strona chwilowo niedostępna</title></head>
<body><main><h1>Strona chwilowo niedostępna</h1><p>Trwają prace techniczne. Zajrzyj do nas ponownie za kilka minut.</p></main></body>
</html>
`;

export interface UnconfiguredGateway {
  port: number;
  opsPort: number;
  close(): Promise<void>;
}

/**
 * The gateway with an invalid environment, in a deployment: alive (/healthz 200) and never ready
 * (/readyz 503 on the public and the ops port, which also serves /metrics), every page a plain 503,
 * and exactly one log line naming the variables. Addresses come from HOST/PORT/OPS_HOST/OPS_PORT
 * where those are valid, else from their defaults.
 */
export async function serveUnconfiguredGateway(
  error: ConfigError,
  options: { env?: Env; logger?: Logger } = {},
): Promise<UnconfiguredGateway> {
  const source = options.env ?? process.env;
  const logger = options.logger ?? createLogger({ name: 'gateway', level: 'info' });
  const reason = `invalid configuration: ${error.problems.join('; ')}`;
  const ops = await startOpsServer({
    host: hostOr(source['OPS_HOST'], DEFAULTS.opsHost),
    port: portOr(source['OPS_PORT'], DEFAULTS.opsPort),
    registry: createMetricsRegistry({ serviceName: 'gateway' }),
    checks: [{ name: 'configuration', check: () => Promise.reject(new Error(reason)) }],
    // Its own lines would repeat what the one line below says.
    logger: logger.child({}, { level: 'silent' }),
  });
  let server;
  try {
    server = await startUnreadyServer({
      host: hostOr(source['HOST'], DEFAULTS.host),
      port: portOr(source['PORT'], DEFAULTS.port),
      page: UNAVAILABLE_PAGE,
    });
  } catch (listenError) {
    await ops.close();
    throw listenError;
  }
  logger.error(
    { variables: error.variables, problems: error.problems, port: server.port, opsPort: ops.port },
    `${reason}; the gateway stays up but NOT ready (/readyz 503) until the configuration is fixed`,
  );
  const publicServer = server;
  return {
    port: publicServer.port,
    opsPort: ops.port,
    close: async () => {
      await Promise.all([publicServer.close(), ops.close()]);
    },
  };
}

/** Process entry for an invalid environment: serves unready until SIGTERM/SIGINT, then exits 0. */
export async function runUnconfiguredGateway(error: ConfigError): Promise<void> {
  let gateway: UnconfiguredGateway;
  try {
    gateway = await serveUnconfiguredGateway(error);
  } catch (startError) {
    process.stderr.write(
      `${error.message}\ngateway could not serve its probes either: ${startError instanceof Error ? startError.message : String(startError)}\n`,
    );
    process.exit(78);
  }
  const stop = () => {
    void gateway.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
