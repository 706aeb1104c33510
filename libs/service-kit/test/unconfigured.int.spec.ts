import * as grpc from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { ConfigError, loadConfig, loadConfigOrUnready, portOr, serviceEnvSchema } from '@lib/config';
import {
  createServiceClient,
  type GrpcCallError,
  HEALTH,
  healthV1,
  LOADER_OPTIONS,
  PROTO_ROOT,
  ratesV1,
} from '@lib/contracts';
import { createLogger } from '@lib/observability';
import { freePort } from '@lib/test-support';
import path from 'node:path';
import { Writable } from 'node:stream';
import { serveUnconfigured, type UnconfiguredService } from '../src/unconfigured';

const { HealthCheckResponse_ServingStatus: Serving } = healthV1;

type HealthClient = grpc.Client & {
  Check(
    request: { service: string },
    options: grpc.CallOptions,
    callback: (error: grpc.ServiceError | null, response?: { status: number }) => void,
  ): void;
};

function healthClient(target: string): HealthClient {
  const definition = grpc.loadPackageDefinition(
    loadSync(path.join(PROTO_ROOT, HEALTH.protoFile), LOADER_OPTIONS),
  ) as unknown as {
    grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } };
  };
  return new definition.grpc.health.v1.Health(
    target,
    grpc.credentials.createInsecure(),
  ) as unknown as HealthClient;
}

const check = (client: HealthClient, service: string) =>
  new Promise<number | undefined>((resolve, reject) =>
    client.Check({ service }, { deadline: Date.now() + 3_000 }, (error, response) =>
      error ? reject(error) : resolve(response?.status),
    ),
  );

describe('a service with an invalid environment in a deployment', () => {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    name: 'rates',
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n'))
          if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  });
  let service: UnconfiguredService;
  let health: HealthClient;
  let env: Record<string, string>;

  beforeAll(async () => {
    env = {
      NODE_ENV: 'production',
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: String(await freePort()),
      OPS_PORT: String(await freePort()),
      DATABASE_POOL_MAX: 'lots',
    };
    const loaded = loadConfigOrUnready(serviceEnvSchema('rates'), env);
    expect(loaded).toBeInstanceOf(ConfigError);
    service = await serveUnconfigured('rates', loaded as ConfigError, { env, logger });
    health = healthClient(`127.0.0.1:${service.grpcPort}`);
  });
  afterAll(async () => {
    health?.close();
    await service?.close();
  });

  it('stays up on the configured ports: NOT_SERVING on grpc.health.v1, SERVING for liveness, business calls UNAVAILABLE', async () => {
    expect(service.grpcPort).toBe(Number(env['GRPC_PORT']));
    await expect(check(health, '')).resolves.toBe(Serving.NOT_SERVING);
    await expect(check(health, 'rates.v1.RatesService')).resolves.toBe(Serving.NOT_SERVING);
    await expect(check(health, 'liveness')).resolves.toBe(Serving.SERVING);
    await expect(check(health, 'no.such.Service')).rejects.toMatchObject({ code: grpc.status.NOT_FOUND });

    const client = createServiceClient('rates', {
      target: `127.0.0.1:${service.grpcPort}`,
      deadlineMs: 3_000,
    });
    try {
      const error = (await client
        .getLatestTable({ table: ratesV1.TableType.A })
        .catch((e: unknown) => e)) as GrpcCallError;
      expect(error.code).toBe(grpc.status.UNAVAILABLE);
      expect(error.message).toContain('DATABASE_POOL_MAX');
    } finally {
      client.close();
    }
  });

  it('answers /readyz 503 naming the variable, /healthz 200 and /metrics on the ops port', async () => {
    const base = `http://127.0.0.1:${service.opsPort}`;
    expect(service.opsPort).toBe(Number(env['OPS_PORT']));
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.stringify(await ready.json())).toContain('DATABASE_POOL_MAX');
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${base}/metrics`)).text()).toContain(
      'process_start_time_seconds{service="rates"}',
    );
  });

  it('logs exactly one line, naming the variable', () => {
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', service: 'rates', variables: ['DATABASE_POOL_MAX'] });
    expect(String(lines[0]!['msg'])).toMatch(/DATABASE_POOL_MAX="lots".*NOT ready/);
  });
});

describe('loadConfigOrUnready and the fallback ports', () => {
  it('returns the configuration when it is valid, the error in a deployment when it is not', () => {
    const schema = serviceEnvSchema('rates');
    expect(loadConfigOrUnready(schema, { NODE_ENV: 'production' })).toEqual(
      loadConfig(schema, { NODE_ENV: 'production' }),
    );
    const error = loadConfigOrUnready(schema, {
      NODE_ENV: 'production',
      GRPC_PORT: 'x',
      OPS_PORT: '99999',
    }) as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.variables).toEqual(['GRPC_PORT', 'OPS_PORT']);
  });

  it('falls back to the default port when the port variable is the bad one', () => {
    expect(portOr('50053', 1)).toBe(50053);
    expect(portOr('abc', 50053)).toBe(50053);
    expect(portOr('70000', 9466)).toBe(9466);
    expect(portOr(undefined, 9466)).toBe(9466);
    expect(portOr(' ', 9466)).toBe(9466);
  });
});
