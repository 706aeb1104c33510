import * as grpc from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { type ConfigError, portOr, SERVICE_PORTS } from '@lib/config';
import {
  HEALTH,
  LOADER_OPTIONS,
  PROTO_ROOT,
  protoPathsFor,
  SERVICES,
  type ServiceName,
} from '@lib/contracts';
import {
  createLogger,
  createMetricsRegistry,
  type Logger,
  type OpsServer,
  startOpsServer,
} from '@lib/observability';
import path from 'node:path';
import { LIVENESS_SERVICE } from './health';

type Env = Record<string, string | undefined>;

const hostOr = (value: string | undefined, fallback: string): string =>
  value?.trim() ? value.trim() : fallback;

export interface UnconfiguredService {
  grpcPort: number;
  opsHost: string;
  opsPort: number;
  close(): Promise<void>;
}

/**
 * A service whose environment is invalid, in a deployment: it stays alive but never ready instead of
 * exiting (a crash loop hides the cause and restarts forever). The gRPC server answers
 * grpc.health.v1 NOT_SERVING for '' and the service (SERVING for 'liveness'), every business call
 * UNAVAILABLE; the ops server /healthz 200, /readyz 503 and /metrics. The invalid variables are
 * named in exactly one log line. Addresses come from the environment where those variables are
 * valid, else from the defaults.
 */
export async function serveUnconfigured(
  name: ServiceName,
  error: ConfigError,
  options: { env?: Env; logger?: Logger } = {},
): Promise<UnconfiguredService> {
  const source = options.env ?? process.env;
  const logger = options.logger ?? createLogger({ name, level: 'info' });
  const spec = SERVICES[name];
  const fullName = `${spec.package}.${spec.service}`;
  const reason = `invalid configuration: ${error.problems.join('; ')}`;

  const server = new grpc.Server();
  const healthPackage = grpc.loadPackageDefinition(
    loadSync(path.join(PROTO_ROOT, HEALTH.protoFile), LOADER_OPTIONS),
  ) as unknown as {
    grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } };
  };
  // grpc.health.v1.HealthCheckResponse.ServingStatus: SERVING = 1, NOT_SERVING = 2.
  const statusOf = (service: string): number | undefined =>
    service === LIVENESS_SERVICE ? 1 : service === '' || service === fullName ? 2 : undefined;
  server.addService(healthPackage.grpc.health.v1.Health.service, {
    Check(call: grpc.ServerUnaryCall<{ service?: string }, unknown>, callback: grpc.sendUnaryData<unknown>) {
      const status = statusOf(call.request.service ?? '');
      if (status === undefined)
        callback({ code: grpc.status.NOT_FOUND, details: `unknown service ${call.request.service ?? ''}` });
      else callback(null, { status });
    },
    Watch(call: grpc.ServerWritableStream<{ service?: string }, unknown>) {
      // SERVICE_UNKNOWN = 3; the status never changes in this process, the stream stays open.
      call.write({ status: statusOf(call.request.service ?? '') ?? 3 });
    },
  });
  const own = grpc.loadPackageDefinition(loadSync(protoPathsFor(name), LOADER_OPTIONS));
  const ownService = spec.package
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], own) as Record<
    string,
    grpc.ServiceClientConstructor
  >;
  const definition = ownService[spec.service]!.service;
  const refused = { code: grpc.status.UNAVAILABLE, details: `${name} service is not configured: ${reason}` };
  const handlers: grpc.UntypedServiceImplementation = {};
  for (const [method, attributes] of Object.entries(definition)) {
    handlers[method] = attributes.responseStream
      ? (call: grpc.ServerWritableStream<unknown, unknown>) => call.emit('error', refused)
      : (_call: unknown, callback: grpc.sendUnaryData<unknown>) => callback(refused);
  }
  server.addService(definition, handlers);

  const grpcHost = hostOr(source['GRPC_HOST'], '0.0.0.0');
  const grpcPort = await new Promise<number>((resolve, reject) =>
    server.bindAsync(
      `${grpcHost}:${portOr(source['GRPC_PORT'], SERVICE_PORTS[name].grpc)}`,
      grpc.ServerCredentials.createInsecure(),
      (bindError, port) => (bindError ? reject(bindError) : resolve(port)),
    ),
  );

  let ops: OpsServer;
  try {
    ops = await startOpsServer({
      host: hostOr(source['OPS_HOST'], '127.0.0.1'),
      port: portOr(source['OPS_PORT'], SERVICE_PORTS[name].ops),
      registry: createMetricsRegistry({ serviceName: name }),
      checks: [{ name: 'configuration', check: () => Promise.reject(new Error(reason)) }],
      // Its own lines (listening, check failing) would repeat what the one line below says.
      logger: logger.child({}, { level: 'silent' }),
    });
  } catch (opsError) {
    server.forceShutdown();
    throw opsError;
  }
  logger.error(
    { variables: error.variables, problems: error.problems, grpcPort, opsPort: ops.port },
    `${reason}; ${name} stays up but NOT ready (health NOT_SERVING, /readyz 503) until the configuration is fixed`,
  );

  let closing: Promise<void> | undefined;
  return {
    grpcPort,
    opsHost: ops.host,
    opsPort: ops.port,
    close() {
      closing ??= (async () => {
        server.forceShutdown();
        await ops.close();
      })();
      return closing;
    },
  };
}

/** Process entry for a service with an invalid environment: serves unready until SIGTERM/SIGINT, then exits 0. */
export async function runUnconfigured(name: ServiceName, error: ConfigError): Promise<void> {
  let service: UnconfiguredService;
  try {
    service = await serveUnconfigured(name, error);
  } catch (startError) {
    // Not even the probes could be served (a port taken): nothing left to do but say so and stop.
    process.stderr.write(
      `${error.message}\n${name} could not serve its probes either: ${startError instanceof Error ? startError.message : String(startError)}\n`,
    );
    process.exit(78);
  }
  const stop = () => {
    void service.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
