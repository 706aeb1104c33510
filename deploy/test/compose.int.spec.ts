import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Buffer } from 'node:buffer';
import { loadConfig, serviceEnvSchema } from '@lib/config';
import { lenderDirectoryFileSchema, readLenderDirectory } from '@lib/partner-delivery';
import { parse } from 'yaml';
import {
  APP_NAMES,
  GATEWAY_OPS_PORT,
  GATEWAY_PORT,
  SERVICE_NAMES,
  SERVICE_PORTS,
} from './support/architecture';
import { WORKSPACE } from './support/kubernetes';

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  environment?: Record<string, string | number>;
  env_file?: string[];
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
  command?: string[];
  restart?: string;
  read_only?: boolean;
  tmpfs?: string[];
}

const composeFile = path.join(WORKSPACE, 'docker-compose.yml');
// merge: the file shares settings through YAML anchors and `<<` merge keys, as Compose reads them.
const compose = parse(readFileSync(composeFile, 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
};
const services = compose.services;
/** Compose's `${NAME:-default}` interpolation, with nothing set in the shell. */
const interpolate = (value: string) =>
  value.replace(/\$\{(\w+)(?::-([^}]*))?\}/g, (_m, _name: string, fallback?: string) => fallback ?? '');
function prometheusConfig() {
  return parse(readFileSync(path.join(WORKSPACE, 'deploy/prometheus/prometheus.yml'), 'utf8')) as {
    rule_files: string[];
    scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
  };
}
/** job name -> scrape targets of deploy/prometheus/prometheus.yml */
const scrapeTargets = () =>
  Object.fromEntries(
    prometheusConfig().scrape_configs.map((job) => [
      job.job_name,
      job.static_configs.flatMap((c) => c.targets),
    ]),
  );
const env = (name: string) =>
  Object.fromEntries(
    Object.entries(services[name]?.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]),
  );

/** Where leads and the partner sandbox read the lender secrets from (compose `env_file`). */
const LENDER_SECRETS_FILE = '${LENDER_SECRETS_ENV_FILE:-deploy/lenders/.sandbox-secrets.env}';
const makeSecrets = (file: string) =>
  spawnSync('sh', [path.join(WORKSPACE, 'deploy/lenders/make-sandbox-secrets.sh'), file], {
    encoding: 'utf8',
  });
/** KEY=value lines, comments and blanks left out. */
const parseEnvFile = (text: string) =>
  Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
/** A secrets file made by the script, as a developer makes it before `docker compose up`. */
const secretsDir = mkdtempSync(path.join(tmpdir(), 'compose-secrets-'));
afterAll(() => rmSync(secretsDir, { recursive: true, force: true }));

describe('docker-compose.yml', () => {
  it('names every service of the stack and its infrastructure', () => {
    expect(Object.keys(services).sort()).toEqual(
      [
        ...APP_NAMES,
        'postgres',
        'redis',
        'kafka',
        'kafka-topics',
        'otel-collector',
        'jaeger',
        'prometheus',
        'probe-tools',
        'maildev',
        'partner-sandbox',
      ].sort(),
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
    expect(services.gateway?.depends_on).toEqual({
      ...Object.fromEntries(SERVICE_NAMES.map((name) => [name, { condition: 'service_healthy' }])),
      // It produces to tracking.raw.v1 (POST /api/event) and exports traces.
      'kafka-topics': { condition: 'service_completed_successfully' },
      'otel-collector': { condition: 'service_healthy' },
    });
    for (const name of APP_NAMES) {
      expect(services[name]?.depends_on?.['otel-collector']).toEqual({ condition: 'service_healthy' });
    }
  });

  it('has every long-running container health-checked and every depends_on waiting on a condition', () => {
    // One-shot steps: never restarted, no healthcheck, and waited for by service_completed_successfully.
    const oneShots = Object.keys(services).filter((name) => services[name]?.restart === 'no');
    expect(oneShots.sort()).toEqual(['kafka-topics', 'probe-tools']);
    for (const [name, service] of Object.entries(services)) {
      const oneShot = oneShots.includes(name);
      const test = service.healthcheck?.disable ? [] : (service.healthcheck?.test ?? []);
      expect({ name, healthcheck: test.length > 0 }).toEqual({ name, healthcheck: !oneShot });
      expect({ name, restart: service.restart }).toEqual({
        name,
        restart: oneShot ? 'no' : 'unless-stopped',
      });
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect({ name, dependency, exists: dependency in services }).toEqual({
          name,
          dependency,
          exists: true,
        });
        expect({ name, dependency, condition }).toEqual({
          name,
          dependency,
          condition: oneShots.includes(dependency) ? 'service_completed_successfully' : 'service_healthy',
        });
      }
    }
    // No cycle: everything can start in some order.
    const started = new Set<string>();
    let progress = true;
    while (progress) {
      progress = false;
      for (const [name, service] of Object.entries(services)) {
        if (!started.has(name) && Object.keys(service.depends_on ?? {}).every((d) => started.has(d))) {
          started.add(name);
          progress = true;
        }
      }
    }
    expect([...started].sort()).toEqual(Object.keys(services).sort());
  });

  it('publishes only the site on all interfaces; tools on loopback; no port twice, no ops port', () => {
    const published = Object.entries(services).flatMap(([name, service]) =>
      (service.ports ?? []).map((port) => ({ name, port: interpolate(port) })),
    );
    expect(published.map((p) => p.name).sort()).toEqual([
      'gateway',
      'jaeger',
      'kafka',
      'maildev',
      'maildev',
      'partner-sandbox',
      'postgres',
      'prometheus',
      'redis',
    ]);
    expect(published.filter((p) => p.name === 'gateway').map((p) => p.port)).toEqual(['3000:3000']);
    for (const { name, port } of published.filter((p) => p.name !== 'gateway'))
      expect({ name, host: port.split(':')[0] }).toEqual({ name, host: '127.0.0.1' });
    const hostPorts = published.map(({ port }) => port.split(':').at(-2));
    expect(new Set(hostPorts).size).toBe(hostPorts.length);
    const opsPorts = [GATEWAY_OPS_PORT, ...SERVICE_NAMES.map((n) => SERVICE_PORTS[n].ops)].map(String);
    expect(hostPorts.filter((port) => opsPorts.includes(port!))).toEqual([]);
  });

  it('pins every image and runs the app containers read-only with a /tmp tmpfs', () => {
    for (const [name, service] of Object.entries(services)) {
      expect({
        name,
        pinned: /:[\w.-]+$/.test(service.image ?? '') && !service.image!.endsWith(':latest'),
      }).toEqual({
        name,
        pinned: true,
      });
    }
    for (const name of [...APP_NAMES, 'kafka-topics', 'partner-sandbox']) {
      expect({ name, readOnly: services[name]?.read_only, tmpfs: services[name]?.tmpfs }).toEqual({
        name,
        readOnly: true,
        tmpfs: ['/tmp'],
      });
    }
  });

  it('gives the gateway the example operator identity of deploy/operator.dev.env, labelled as an example', () => {
    expect(services.gateway?.env_file).toEqual(['deploy/operator.dev.env']);
    const lines = readFileSync(path.join(WORKSPACE, 'deploy/operator.dev.env'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'));
    const vars = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(vars.OPERATOR_EXAMPLE).toBe('true');
    for (const name of [
      'OPERATOR_NAME',
      'OPERATOR_NIP',
      'OPERATOR_REGON',
      'OPERATOR_EMAIL',
      'OPERATOR_DPO_EMAIL',
      'OPERATOR_CREDIT_INTERMEDIARY_ENTRY',
    ]) {
      expect({ name, set: Boolean(vars[name]) }).toEqual({ name, set: true });
    }
    // Reserved example domain (RFC 2606): nobody real receives these messages.
    expect(vars.OPERATOR_EMAIL).toMatch(/\.example$/);
    // Other services get no operator data; leads gets the lender secrets only.
    for (const name of SERVICE_NAMES)
      expect({ name, envFile: services[name]?.env_file }).toEqual({
        name,
        envFile: name === 'leads' ? [LENDER_SECRETS_FILE] : undefined,
      });
  });

  it('health-checks every long-running container that others wait for', () => {
    for (const name of [
      ...APP_NAMES,
      'postgres',
      'redis',
      'kafka',
      'otel-collector',
      'jaeger',
      'prometheus',
    ]) {
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

  it('configures the OpenTelemetry collector: OTLP in, traces to Jaeger, metrics to its Prometheus exporter', () => {
    const volume = services['otel-collector']?.volumes?.[0] ?? '';
    const [source, target] = volume.split(':');
    expect(target).toBe('/etc/otelcol/config.yaml');
    type Components = Record<string, Record<string, unknown> | null>;
    const config = parse(readFileSync(path.join(WORKSPACE, source!), 'utf8')) as {
      extensions: Components;
      receivers: {
        otlp: { protocols: { http: { endpoint: string }; grpc: { endpoint: string } } };
      } & Components;
      processors: Components;
      exporters: { 'otlp/jaeger': { endpoint: string }; prometheus: { endpoint: string } } & Components;
      service: {
        extensions: string[];
        pipelines: Record<string, { receivers: string[]; processors: string[]; exporters: string[] }>;
      };
    };
    expect(config.receivers.otlp.protocols.http.endpoint).toBe('0.0.0.0:4318');
    // Every component a pipeline names is defined (the collector refuses to start otherwise).
    for (const [name, pipeline] of Object.entries(config.service.pipelines)) {
      for (const kind of ['receivers', 'processors', 'exporters'] as const) {
        for (const component of pipeline[kind]) {
          expect({ name, component, defined: component in config[kind] }).toEqual({
            name,
            component,
            defined: true,
          });
        }
      }
    }
    for (const extension of config.service.extensions) expect(extension in config.extensions).toBe(true);
    expect(config.service.pipelines.traces).toMatchObject({
      receivers: ['otlp'],
      exporters: ['otlp/jaeger'],
    });
    expect(config.service.pipelines.metrics).toMatchObject({
      receivers: ['otlp'],
      exporters: ['prometheus'],
    });
    // Jaeger is a compose service receiving OTLP/gRPC on 4317.
    expect(config.exporters['otlp/jaeger'].endpoint).toBe('jaeger:4317');
    expect(services.jaeger?.image).toMatch(/^jaegertracing\/jaeger:2\./);
    // The healthcheck asks the health_check extension's port.
    expect(services['otel-collector']?.healthcheck?.test?.join(' ')).toContain(
      `http://127.0.0.1:${(config.extensions.health_check as { endpoint: string }).endpoint.split(':')[1]}/`,
    );
    // The images without a shell get busybox from the one-shot probe-tools volume.
    for (const name of ['otel-collector', 'jaeger']) {
      expect(services[name]?.healthcheck?.test?.[1]).toBe('/probe/busybox');
      expect(services[name]?.volumes).toContain('probe-tools:/probe:ro');
    }
    expect(services['probe-tools']?.volumes).toEqual(['probe-tools:/probe']);
    expect(compose.volumes).toHaveProperty('probe-tools');
    // Prometheus scrapes the collector's exporter.
    const exporterPort = config.exporters.prometheus.endpoint.split(':')[1];
    expect(scrapeTargets()['otel-collector']).toEqual([`otel-collector:${exporterPort}`]);
  });

  it("sends the leads service's mail to MailDev, whose web UI and SMTP are published on loopback", () => {
    expect(services.maildev?.image).toMatch(/^maildev\/maildev:\d+\.\d+\.\d+$/);
    expect(env('leads').SMTP_URL).toBe('smtp://maildev:1025');
    expect(env('leads').MAIL_FROM).toBe('Porównywarka pożyczek <no-reply@localhost>');
    expect(env('leads').PUBLIC_ORIGIN).toBe(env('gateway').PUBLIC_ORIGIN);
    expect((services.maildev?.ports ?? []).map(interpolate)).toEqual([
      '127.0.0.1:1080:1080',
      '127.0.0.1:1025:1025',
    ]);
  });

  it('has leads deliver to the partner sandbox: the sandbox lender file, its address and the same secrets file', () => {
    const leads = env('leads');
    const sandbox = env('partner-sandbox');
    // The sandbox's own image (build argument APP), from the one Dockerfile: never the image of all apps.
    expect(services['partner-sandbox']?.build).toEqual({
      context: '.',
      dockerfile: 'deploy/Dockerfile',
      args: { APP: 'partner-sandbox' },
    });
    expect(services['partner-sandbox']?.image).toBe('porownywarka/partner-sandbox:local');
    expect(sandbox.APP).toBe('partner-sandbox');
    // Both refuse a sandbox lender file (leads) or run at all (the sandbox) under production.
    expect(leads.NODE_ENV).toBe('development');
    expect(sandbox.NODE_ENV).toBe('development');
    // The same reviewed file, mounted read-only where LENDER_DELIVERY_FILE points.
    const mount = `./deploy/lenders/lender-delivery.sandbox.json:${leads.LENDER_DELIVERY_FILE}:ro`;
    expect(services.leads?.volumes).toEqual([mount]);
    expect(services['partner-sandbox']?.volumes).toContain(mount);
    expect(sandbox.LENDER_DELIVERY_FILE).toBe(leads.LENDER_DELIVERY_FILE);
    for (const [variable, file] of [
      ['PARTNER_SANDBOX_FEED', './apps/offers/feeds/pl_feed.json'],
      ['SANDBOX_BEHAVIOUR_FILE', './apps/partner-sandbox/sandbox-behaviour.json'],
    ] as const) {
      expect(services['partner-sandbox']?.volumes).toContain(`${file}:${sandbox[variable]}:ro`);
      expect(existsSync(path.join(WORKSPACE, file))).toBe(true);
    }
    expect(leads.PARTNER_SANDBOX_URL).toBe(`http://partner-sandbox:${sandbox.PARTNER_SANDBOX_PORT}`);
    expect(sandbox.PARTNER_SANDBOX_HOST).toBe('0.0.0.0');
    expect(sandbox.LEAD_STATUS_CALLBACK_URL).toBe(`http://gateway:${GATEWAY_PORT}/api/partner/lead-status`);
    // Its state in the /tmp tmpfs, the one writable place of a read-only container.
    expect(sandbox.SANDBOX_STATE_FILE).toMatch(/^\/tmp\//);
    expect((services['partner-sandbox']?.ports ?? []).map(interpolate)).toEqual(['127.0.0.1:8090:8090']);
    // The secrets: one gitignored file, kept out of the image's build context, for both.
    expect(services['partner-sandbox']?.env_file).toEqual([LENDER_SECRETS_FILE]);
    const defaultFile = interpolate(LENDER_SECRETS_FILE);
    expect(defaultFile).toBe('deploy/lenders/.sandbox-secrets.env');
    for (const ignore of ['.gitignore', '.dockerignore', 'deploy/Dockerfile.dockerignore'])
      expect({ ignore, lists: readFileSync(path.join(WORKSPACE, ignore), 'utf8').split('\n') }).toEqual({
        ignore,
        lists: expect.arrayContaining([defaultFile]),
      });
  });

  it('makes one secret per lender of the sandbox file with deploy/lenders/make-sandbox-secrets.sh, keeping them on a rerun', () => {
    const file = path.join(secretsDir, 'again.env');
    expect(makeSecrets(file).status).toBe(0);
    const first = parseEnvFile(readFileSync(file, 'utf8'));
    const lenders = lenderDirectoryFileSchema.parse(
      JSON.parse(readFileSync(path.join(WORKSPACE, 'deploy/lenders/lender-delivery.sandbox.json'), 'utf8')),
    ).lenders;
    expect(Object.keys(first).sort()).toEqual(lenders.map((l) => l.secretEnv).sort());
    for (const secret of Object.values(first)) expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(Object.values(first)).size).toBe(lenders.length);
    const rerun = makeSecrets(file);
    expect(rerun.stdout).toContain(`0 secret(s) made, ${lenders.length} kept`);
    expect(parseEnvFile(readFileSync(file, 'utf8'))).toEqual(first);
    // What leads reads at start holds with these secrets and the compose address of the sandbox.
    const directory = readLenderDirectory(
      readFileSync(path.join(WORKSPACE, 'deploy/lenders/lender-delivery.sandbox.json'), 'utf8'),
      { ...first, PARTNER_SANDBOX_URL: env('leads').PARTNER_SANDBOX_URL },
    );
    expect('ok' in directory && directory.ok.lenders.map((l) => l.endpoint.host)).toEqual(
      lenders.map(() => 'partner-sandbox:8090'),
    );
  });

  it('has Prometheus scrape every process on its ops port and load the alert rules', () => {
    expect(services.prometheus?.volumes).toEqual(['./deploy/prometheus:/etc/prometheus:ro']);
    expect(services.prometheus?.command).toContain('--config.file=/etc/prometheus/prometheus.yml');
    const targets = scrapeTargets();
    expect(targets.gateway).toEqual([`gateway:${GATEWAY_OPS_PORT}`]);
    for (const name of SERVICE_NAMES) expect(targets[name]).toEqual([`${name}:${SERVICE_PORTS[name].ops}`]);
    // The gateway's ops server is where compose says it is.
    expect(env('gateway').OPS_PORT).toBe(String(GATEWAY_OPS_PORT));
    expect(prometheusConfig().rule_files).toEqual(['alerts.yml']);
    expect(existsSync(path.join(WORKSPACE, 'deploy/prometheus/alerts.yml'))).toBe(true);
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
  // Compose needs the secrets file to exist (env_file): the one the script makes, as documented.
  const secrets = path.join(secretsDir, 'config.env');
  expect(makeSecrets(secrets).status).toBe(0);
  const result = spawnSync(command!, [...args, '-f', composeFile, 'config', '-q'], {
    encoding: 'utf8',
    cwd: WORKSPACE,
    env: { ...process.env, LENDER_SECRETS_ENV_FILE: secrets },
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
});
