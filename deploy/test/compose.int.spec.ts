import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Buffer } from 'node:buffer';
import { loadConfig, serviceEnvSchema } from '@lib/config';
import { parse } from 'yaml';
import { APP_NAMES, GATEWAY_OPS_PORT, GATEWAY_PORT, SERVICE_NAMES, SERVICE_PORTS } from './support/architecture';
import { WORKSPACE } from './support/kubernetes';

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string | number>;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
  command?: string[];
}

const composeFile = path.join(WORKSPACE, 'docker-compose.yml');
// merge: the file shares settings through YAML anchors and `<<` merge keys, as Compose reads them.
const compose = parse(readFileSync(composeFile, 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const services = compose.services;
/** Compose's `${NAME:-default}` interpolation, with nothing set in the shell. */
const interpolate = (value: string) =>
  value.replace(/\$\{(\w+)(?::-([^}]*))?\}/g, (_m, _name: string, fallback?: string) => fallback ?? '');
const env = (name: string) =>
  Object.fromEntries(
    Object.entries(services[name]?.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]),
  );

describe('docker-compose.yml', () => {
  it('names every service of the stack and its infrastructure', () => {
    expect(Object.keys(services).sort()).toEqual(
      [...APP_NAMES, 'postgres', 'redis', 'kafka', 'kafka-topics', 'otel-collector'].sort(),
    );
    expect(services.postgres?.image).toBe('postgres:15-alpine');
    expect(services.redis?.image).toBe('redis:7-alpine');
  });

  it('builds every app from deploy/Dockerfile into one image, selected by APP', () => {
    for (const name of [...APP_NAMES, 'kafka-topics']) {
      const service = services[name]!;
      expect(service.build).toEqual({ context: '.', dockerfile: 'deploy/Dockerfile' });
      expect(service.image).toBe('porownywarka/app:local');
      expect(env(name).APP).toBe(name);
    }
    expect(existsSync(path.join(WORKSPACE, 'deploy/Dockerfile'))).toBe(true);
  });

  it('gives each service an environment its own config schema accepts, on the architecture ports', () => {
    for (const name of SERVICE_NAMES) {
      const config = loadConfig(serviceEnvSchema(name), env(name));
      expect({ name, grpc: config.GRPC_PORT, ops: config.OPS_PORT }).toEqual({
        name,
        grpc: SERVICE_PORTS[name].grpc,
        ops: SERVICE_PORTS[name].ops,
      });
      expect(config.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(config.REDIS_URL).toBe('redis://redis:6379');
      expect(config.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('http://otel-collector:4318');
      expect(config.GRPC_HOST).toBe('0.0.0.0');
      // Reachable on the compose network (healthchecks, a Prometheus there), never published.
      expect(config.OPS_HOST).toBe('0.0.0.0');
      expect(services[name]?.ports).toBeUndefined();
    }
    expect(env('events').KAFKA_BROKERS).toBe('kafka:9092');
  });

  it('points the gateway at every service and publishes it on port 3000', () => {
    const gateway = env('gateway');
    for (const name of SERVICE_NAMES) {
      expect(gateway[`${name.toUpperCase()}_SERVICE_ADDR`]).toBe(`${name}:${SERVICE_PORTS[name].grpc}`);
    }
    expect(gateway.PORT).toBe(String(GATEWAY_PORT));
    // Only the public port is published; metrics and detailed readiness stay on the compose network.
    expect(services.gateway?.ports).toEqual(['${GATEWAY_HOST_PORT:-3000}:3000']);
    expect(gateway.OPS_HOST).toBe('0.0.0.0');
    expect(gateway.OPS_PORT).toBe(String(GATEWAY_OPS_PORT));
  });

  it('starts each process only when what it needs is healthy', () => {
    for (const name of SERVICE_NAMES) {
      expect(services[name]?.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
    expect(services.events?.depends_on?.['kafka-topics']).toEqual({
      condition: 'service_completed_successfully',
    });
    expect(services['kafka-topics']?.depends_on).toEqual({ kafka: { condition: 'service_healthy' } });
    expect(services.gateway?.depends_on).toEqual(
      Object.fromEntries(SERVICE_NAMES.map((name) => [name, { condition: 'service_healthy' }])),
    );
  });

  it('health-checks every long-running container that others wait for', () => {
    for (const name of [...APP_NAMES, 'postgres', 'redis', 'kafka']) {
      const test = services[name]?.healthcheck?.test ?? [];
      expect({ name, hasHealthcheck: test.length > 0 }).toEqual({ name, hasHealthcheck: true });
    }
    expect(services.postgres?.healthcheck?.test?.join(' ')).toContain('pg_isready');
    expect(services.redis?.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
    expect(services.gateway?.healthcheck?.test).toEqual(['CMD', 'node', 'deploy/container/healthcheck.mjs']);
  });

  it('runs Kafka in KRaft mode with a valid cluster id and no topic auto-creation', () => {
    const kafka = env('kafka');
    expect(kafka.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(kafka.KAFKA_CONTROLLER_QUORUM_VOTERS).toBe(`${kafka.KAFKA_NODE_ID}@kafka:9093`);
    expect(Buffer.from(kafka.CLUSTER_ID ?? '', 'base64url')).toHaveLength(16);
    expect(kafka.KAFKA_AUTO_CREATE_TOPICS_ENABLE).toBe('false');
    expect(kafka.KAFKA_ADVERTISED_LISTENERS).toContain('INTERNAL://kafka:9092');
  });

  it('configures the OpenTelemetry collector from deploy/otel-collector.yaml with an OTLP traces pipeline', () => {
    const volume = services['otel-collector']?.volumes?.[0] ?? '';
    const [source, target] = volume.split(':');
    expect(target).toBe('/etc/otelcol/config.yaml');
    const config = parse(readFileSync(path.join(WORKSPACE, source!), 'utf8')) as {
      receivers: { otlp: { protocols: { http: { endpoint: string } } } };
      service: { pipelines: { traces: { receivers: string[]; exporters: string[] } } };
    };
    expect(config.receivers.otlp.protocols.http.endpoint).toBe('0.0.0.0:4318');
    expect(config.service.pipelines.traces.receivers).toEqual(['otlp']);
    expect(config.service.pipelines.traces.exporters.length).toBeGreaterThan(0);
  });
});

// docker-compose v1 (Debian's package) or the v2 plugin, when installed, checks the file the way it
// will be run: schema, interpolation, anchors, depends_on conditions.
function composeCommand(): string[] | undefined {
  if (spawnSync('docker-compose', ['version'], { encoding: 'utf8' }).status === 0) return ['docker-compose'];
  if (spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0)
    return ['docker', 'compose'];
  return undefined;
}
const composeCli = composeCommand();
if (!composeCli) {
  process.stderr.write(
    '\n[deploy] neither docker-compose nor `docker compose` found: `compose config` check SKIPPED (.ci/run installs it)\n\n',
  );
}

(composeCli ? it : it.skip)('is accepted by `compose config`', () => {
  const [command, ...args] = composeCli!;
  const result = spawnSync(command!, [...args, '-f', composeFile, 'config', '-q'], {
    encoding: 'utf8',
    cwd: WORKSPACE,
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
});
