import { Buffer } from 'node:buffer';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVICE_PORTS as CONFIG_PORTS, loadConfig, serviceEnvSchema } from '@lib/config';
import { lenderDirectoryFileSchema, readLenderDirectory } from '@lib/partner-delivery';
import { LIVENESS_SERVICE, MIGRATE_ONLY_FLAG } from '@lib/service-kit';
import { effectiveConfig, loadTopics } from '../kafka/topics.cjs';
import {
  APP_NAMES,
  GATEWAY_OPS_PORT,
  GATEWAY_PORT,
  SERVICE_NAMES,
  SERVICE_PORTS,
} from './support/architecture';
import {
  byKind,
  type Container,
  findKubectl,
  type K8sObject,
  podSpecs,
  type Probe,
  renderKustomization,
  STRIMZI_SCHEMA_DIR,
  validateResource,
  WORKSPACE,
  type Workload,
  workloads,
} from './support/kubernetes';
import {
  connectionAllowed,
  type Endpoint,
  type Policy,
  policiesOf,
  strimziListenerPolicies,
} from './support/network-policy';

const kubectl = findKubectl();
if (!kubectl) {
  // Visible in the test output: these checks did not run, rather than silently passing.
  process.stderr.write(
    '\n[deploy] kubectl not found on PATH: the k8s overlay rendering tests are SKIPPED (.ci/run installs it)\n\n',
  );
}
const describeWithKubectl = kubectl ? describe : describe.skip;

const OVERLAYS = ['k8s/overlays/dev', 'k8s/overlays/prod'] as const;

function rendered(dir: string): K8sObject[] {
  return renderKustomization(kubectl!, dir);
}

const appWorkloads = (objects: K8sObject[]) =>
  workloads(objects).filter((w) => (APP_NAMES as readonly string[]).includes(w.metadata.name));

function containerOf(workload: Workload): Container {
  const container = workload.spec.template.spec.containers.find((c) => c.name === workload.metadata.name);
  if (!container) throw new Error(`${workload.metadata.name} has no container of the same name`);
  return container;
}

/** What the downward API gives a pod as status.podIP, for reading the environment without a cluster. */
const POD_IP = '10.42.0.17';
const DOWNWARD_API: Record<string, string> = { 'status.podIP': POD_IP };

/** KEY=value lines of an env file (kustomize and compose read the same), comments and blanks left out. */
function parseEnvFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

function probePort(probe: Probe | undefined): string | number | undefined {
  return probe?.httpGet?.port ?? probe?.tcpSocket?.port;
}

/**
 * The environment a container would see, resolving ConfigMaps and Secrets from the same render.
 * externalSecrets: Secrets and the operator-identity ConfigMap managed outside the render (production)
 * are left out instead of failing (so are the keys of an envFrom Secret: they are not known here).
 */
function effectiveEnv(
  container: Container,
  objects: K8sObject[],
  externalSecrets = false,
): Record<string, string> {
  const configMaps = new Map(
    byKind(objects, 'ConfigMap').map((c) => [c.metadata.name, (c.data ?? {}) as Record<string, string>]),
  );
  const secrets = new Map(
    byKind(objects, 'Secret').map((s) => [
      s.metadata.name,
      Object.fromEntries(
        Object.entries((s.data ?? {}) as Record<string, string>).map(([k, v]) => [
          k,
          Buffer.from(v, 'base64').toString('utf8'),
        ]),
      ),
    ]),
  );
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const name = source.configMapRef?.name ?? source.secretRef?.name;
    const values = source.configMapRef ? configMaps.get(name!) : secrets.get(name!);
    if (!values && externalSecrets && (name === 'operator-identity' || source.secretRef)) continue;
    if (!values) throw new Error(`${container.name}: envFrom refers to missing ${name}`);
    Object.assign(env, values);
  }
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) env[variable.name] = variable.value;
    const fieldRef = variable.valueFrom?.fieldRef;
    if (fieldRef) {
      const value = DOWNWARD_API[fieldRef.fieldPath];
      if (value === undefined)
        throw new Error(`${container.name}: no stand-in for the downward API field ${fieldRef.fieldPath}`);
      env[variable.name] = value;
    }
    const configMapRef = variable.valueFrom?.configMapKeyRef;
    if (configMapRef) {
      const value = configMaps.get(configMapRef.name)?.[configMapRef.key];
      if (value === undefined && !configMapRef.optional)
        throw new Error(`${container.name}: missing ConfigMap key ${configMapRef.name}/${configMapRef.key}`);
      if (value !== undefined) env[variable.name] = value;
    }
    const secretRef = variable.valueFrom?.secretKeyRef;
    if (secretRef) {
      const value = secrets.get(secretRef.name)?.[secretRef.key];
      if (value === undefined && !secretRef.optional && !externalSecrets)
        throw new Error(`${container.name}: missing secret ${secretRef.name}/${secretRef.key}`);
      if (value !== undefined) env[variable.name] = value;
    }
  }
  return env;
}

describeWithKubectl.each(OVERLAYS)('%s', (overlay) => {
  let objects: K8sObject[];
  beforeAll(() => {
    objects = rendered(overlay);
  });

  it('renders only valid Kubernetes objects', () => {
    expect(objects.length).toBeGreaterThan(10);
    for (const resource of objects) validateResource(resource);
  });

  it('puts everything into the overlay namespace', () => {
    const namespace = overlay.endsWith('prod') ? 'porownywarka' : 'porownywarka-dev';
    for (const resource of objects.filter((o) => o.kind !== 'Namespace')) {
      expect(`${resource.kind}/${resource.metadata.name}:${resource.metadata.namespace}`).toBe(
        `${resource.kind}/${resource.metadata.name}:${namespace}`,
      );
    }
  });

  it('runs every app from the one image with the ports of the architecture', () => {
    const apps = appWorkloads(objects);
    expect(apps.map((w) => w.metadata.name).sort()).toEqual([...APP_NAMES].sort());
    for (const workload of apps) {
      const container = containerOf(workload);
      expect(container.image).toMatch(/^porownywarka\/app:[\w.-]+$/);
      expect(container.env?.find((e) => e.name === 'APP')?.value).toBe(workload.metadata.name);
    }
    const portsOf = (workload: (typeof apps)[number]) => {
      const ports: Record<string, unknown> = Object.fromEntries(
        (containerOf(workload).ports ?? []).map((p) => [p.name, p.containerPort]),
      );
      return ports;
    };
    expect(portsOf(apps.find((w) => w.metadata.name === 'gateway')!)).toEqual({
      http: 3000,
      ops: GATEWAY_OPS_PORT,
    });
    for (const workload of apps.filter((w) => w.metadata.name !== 'gateway')) {
      const name = workload.metadata.name as keyof typeof SERVICE_PORTS;
      expect(portsOf(workload)).toEqual({ grpc: SERVICE_PORTS[name].grpc, ops: SERVICE_PORTS[name].ops });
      expect(CONFIG_PORTS[name]).toEqual(SERVICE_PORTS[name]);
    }
  });

  it('probes the gateway on /readyz and /healthz of its public port, the services on their gRPC port, all on declared ports', () => {
    const apps = appWorkloads(objects);
    const gateway = containerOf(apps.find((w) => w.metadata.name === 'gateway')!);
    expect(gateway.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(gateway.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect((gateway.ports ?? []).map((p) => p.name)).toContain('http');
    for (const workload of apps.filter((w) => w.metadata.name !== 'gateway')) {
      const container = containerOf(workload);
      const grpcPort = (container.ports ?? []).find((p) => p.name === 'grpc')?.containerPort;
      expect(container.readinessProbe?.grpc?.port).toBe(grpcPort);
      expect(container.livenessProbe?.grpc?.port).toBe(grpcPort);
    }
    // A probe that names its port (httpGet, tcpSocket) names one the container declares.
    const undeclaredProbePorts: { container: string; port: string }[] = [];
    for (const workload of workloads(objects)) {
      for (const container of workload.spec.template.spec.containers) {
        expect({
          name: container.name,
          readiness: !!container.readinessProbe,
          liveness: !!container.livenessProbe,
        }).toEqual({
          name: container.name,
          readiness: true,
          liveness: true,
        });
        const port = probePort(container.livenessProbe);
        if (typeof port === 'string' && !(container.ports ?? []).some((p) => p.name === port))
          undeclaredProbePorts.push({ container: container.name, port });
      }
    }
    expect(undeclaredProbePorts).toEqual([]);
  });

  it('runs every container as non-root with limits and no privilege escalation', () => {
    for (const workload of workloads(objects)) {
      const pod = workload.spec.template.spec;
      expect({ workload: workload.metadata.name, runAsNonRoot: pod.securityContext?.runAsNonRoot }).toEqual({
        workload: workload.metadata.name,
        runAsNonRoot: true,
      });
      expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
      for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
        const label = `${workload.metadata.name}/${container.name}`;
        expect({ label, escalation: container.securityContext?.allowPrivilegeEscalation }).toEqual({
          label,
          escalation: false,
        });
        expect({ label, drop: container.securityContext?.capabilities?.drop }).toEqual({
          label,
          drop: ['ALL'],
        });
        expect({ label, requests: Object.keys(container.resources?.requests ?? {}).sort() }).toEqual({
          label,
          requests: ['cpu', 'memory'],
        });
        expect({ label, limits: Object.keys(container.resources?.limits ?? {}).sort() }).toEqual({
          label,
          limits: ['cpu', 'memory'],
        });
      }
    }
  });

  it('gives every Service a workload whose pods it selects and whose ports it targets', () => {
    const pods = workloads(objects);
    for (const service of byKind(objects, 'Service')) {
      const spec = service.spec as {
        selector: Record<string, string>;
        ports: Array<{ port: number; targetPort: string | number }>;
      };
      const targets = pods.filter((w) =>
        Object.entries(spec.selector).every(([k, v]) => w.spec.template.metadata.labels[k] === v),
      );
      expect({ service: service.metadata.name, workloads: targets.length }).toEqual({
        service: service.metadata.name,
        workloads: 1,
      });
      const containerPorts = targets[0]!.spec.template.spec.containers.flatMap((c) => c.ports ?? []);
      for (const port of spec.ports) {
        const found = containerPorts.some(
          (p) => p.name === port.targetPort || p.containerPort === port.targetPort,
        );
        expect({ service: service.metadata.name, targetPort: port.targetPort, found }).toEqual({
          service: service.metadata.name,
          targetPort: port.targetPort,
          found: true,
        });
      }
    }
  });

  it('binds every ops port (metrics, detailed readiness) to the pod IP, where Prometheus scrapes it', () => {
    for (const workload of appWorkloads(objects)) {
      const container = containerOf(workload);
      const name = workload.metadata.name;
      expect({
        name,
        opsHost: container.env?.find((e) => e.name === 'OPS_HOST')?.valueFrom?.fieldRef?.fieldPath,
      }).toEqual({
        name,
        opsHost: 'status.podIP',
      });
      const opsPort =
        name === 'gateway' ? GATEWAY_OPS_PORT : SERVICE_PORTS[name as keyof typeof SERVICE_PORTS].ops;
      expect({ name, env: container.env?.find((e) => e.name === 'OPS_PORT')?.value }).toEqual({
        name,
        env: String(opsPort),
      });
      const annotations = workload.spec.template.metadata as { annotations?: Record<string, string> };
      expect({ name, scraped: annotations.annotations?.['prometheus.io/port'] }).toEqual({
        name,
        scraped: String(opsPort),
      });
    }
  });

  it('lets the gateway reach every service at its Service name and gRPC port', () => {
    const gateway = containerOf(appWorkloads(objects).find((w) => w.metadata.name === 'gateway')!);
    const services = new Map(byKind(objects, 'Service').map((s) => [s.metadata.name, s]));
    for (const name of SERVICE_NAMES) {
      const addr = gateway.env?.find((e) => e.name === `${name.toUpperCase()}_SERVICE_ADDR`)?.value;
      expect(addr).toBe(`${name}:${SERVICE_PORTS[name].grpc}`);
      const ports = (services.get(name)?.spec as { ports: Array<{ name: string; port: number }> }).ports;
      expect(ports).toContainEqual(expect.objectContaining({ name: 'grpc', port: SERVICE_PORTS[name].grpc }));
    }
  });

  it('refers only to ConfigMaps and Secrets in the render or the ones managed outside (prod)', () => {
    const configMaps = new Set(byKind(objects, 'ConfigMap').map((c) => c.metadata.name));
    const secrets = new Set(byKind(objects, 'Secret').map((s) => s.metadata.name));
    const missingSecrets = new Set<string>();
    const missingConfigMaps = new Set<string>();
    for (const workload of workloads(objects)) {
      const pod = workload.spec.template.spec;
      for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
        for (const source of container.envFrom ?? []) {
          // prod: the operator identity is managed outside the repository (docs/OPERATIONS.md).
          if (
            source.configMapRef &&
            !(overlay.endsWith('prod') && source.configMapRef.name === 'operator-identity') &&
            !configMaps.has(source.configMapRef.name)
          )
            missingConfigMaps.add(source.configMapRef.name);
          if (source.secretRef && !secrets.has(source.secretRef.name))
            missingSecrets.add(source.secretRef.name);
        }
        for (const variable of container.env ?? []) {
          const ref = variable.valueFrom?.secretKeyRef;
          if (ref && !secrets.has(ref.name)) missingSecrets.add(ref.name);
        }
      }
    }
    expect([...missingConfigMaps]).toEqual([]);
    // Only production's Secrets are managed outside the repository (docs/OPERATIONS.md).
    expect([...missingSecrets].sort()).toEqual(
      overlay.endsWith('prod') ? ['lender-delivery-secrets', 'porownywarka-secrets'] : [],
    );
  });
});

describeWithKubectl('k8s/overlays/dev specifics', () => {
  let objects: K8sObject[];
  beforeAll(() => {
    objects = rendered('k8s/overlays/dev');
  });

  it('runs one replica of everything', () => {
    for (const workload of workloads(objects))
      expect([workload.metadata.name, workload.spec.replicas]).toEqual([workload.metadata.name, 1]);
  });

  it('gives each service an environment its own config schema accepts, on the ports it declares', () => {
    for (const name of SERVICE_NAMES) {
      const workload = appWorkloads(objects).find((w) => w.metadata.name === name)!;
      const env = effectiveEnv(containerOf(workload), objects);
      const config = loadConfig(serviceEnvSchema(name), env);
      expect(config.GRPC_PORT).toBe(SERVICE_PORTS[name].grpc);
      expect(config.OPS_PORT).toBe(SERVICE_PORTS[name].ops);
      expect(config.OPS_HOST).toBe(POD_IP);
      expect(config.DATABASE_URL).toBe('postgres://porownywarka:porownywarka-dev@postgres:5432/porownywarka');
      expect(config.REDIS_URL).toBe('redis://redis:6379');
      expect(config.LOG_LEVEL).toBe('debug');
      expect(env.KAFKA_BROKERS).toBeUndefined();
    }
  });

  it("gives leads an smtp(s) SMTP_URL and a MAIL_FROM address (the dev Secret's smtp-url and mail-from)", () => {
    const leads = containerOf(appWorkloads(objects).find((w) => w.metadata.name === 'leads')!);
    const env = effectiveEnv(leads, objects);
    expect(env.SMTP_URL).toMatch(/^smtps?:\/\/[^/]+:\d+$/);
    expect(env.MAIL_FROM).toMatch(/<[^<>@\s]+@[^<>@\s]+>$/);
  });

  it('includes the PostgreSQL and Redis the services are pointed at', () => {
    const services = byKind(objects, 'Service').map((s) => s.metadata.name);
    expect(services).toEqual(expect.arrayContaining(['postgres', 'redis']));
  });
});

describeWithKubectl('k8s/overlays/prod specifics', () => {
  let objects: K8sObject[];
  beforeAll(() => {
    objects = rendered('k8s/overlays/prod');
  });

  it('autoscales every app Deployment from its starting replica count, and budgets disruptions', () => {
    const hpas = byKind(objects, 'HorizontalPodAutoscaler') as Array<
      K8sObject & {
        spec: { scaleTargetRef: { kind: string; name: string }; minReplicas: number; maxReplicas: number };
      }
    >;
    const pdbs = byKind(objects, 'PodDisruptionBudget') as Array<
      K8sObject & { spec: { maxUnavailable?: number; selector: { matchLabels: Record<string, string> } } }
    >;
    for (const workload of appWorkloads(objects)) {
      const name = workload.metadata.name;
      const hpa = hpas.find(
        (h) => h.spec.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === name,
      );
      expect({ name, hpa: !!hpa }).toEqual({ name, hpa: true });
      expect(hpa!.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa!.spec.maxReplicas).toBeGreaterThan(hpa!.spec.minReplicas);
      expect(workload.spec.replicas).toBe(hpa!.spec.minReplicas);

      const pdb = pdbs.find((p) =>
        Object.entries(p.spec.selector.matchLabels).every(
          ([k, v]) => workload.spec.template.metadata.labels[k] === v,
        ),
      );
      expect({ name, pdb: pdb?.spec.maxUnavailable }).toEqual({ name, pdb: 1 });
    }
  });

  it('creates the Kafka topics before the events service starts, and gives it the brokers', () => {
    const events = appWorkloads(objects).find((w) => w.metadata.name === 'events')!;
    const init = (events.spec.template.spec.initContainers ?? []).filter((c) => c.name !== 'migrate');
    expect(init.map((c) => c.name)).toEqual(['kafka-topics']);
    expect(init[0]!.image).toBe(containerOf(events).image);
    expect(effectiveEnv(init[0]!, objects)).toMatchObject({
      APP: 'kafka-topics',
      KAFKA_REPLICATION_FACTOR: '3',
    });
    const env = effectiveEnv(containerOf(events), objects, true);
    expect(env.KAFKA_BROKERS).toMatch(/^[a-z0-9.-]+:\d+$/);
    expect(env.OTEL_EXPORTER_OTLP_ENDPOINT).toMatch(/^http:\/\/.+:4318$/);
  });

  it('configures the gateway with the public https origin', () => {
    const gateway = appWorkloads(objects).find((w) => w.metadata.name === 'gateway')!;
    const env = effectiveEnv(containerOf(gateway), objects, true);
    expect(env.PUBLIC_ORIGIN).toMatch(/^https:\/\//);
    expect(env.PAGE_CACHE).toBe('true');
  });

  it('trusts exactly the one proxy in front of the gateway (the Ingress controller) for client addresses', () => {
    const gateway = appWorkloads(objects).find((w) => w.metadata.name === 'gateway')!;
    // A hop count: the address the ingress appends to X-Forwarded-For is the client's. Without it
    // every visitor shares the ingress's address in the rate limits.
    expect(effectiveEnv(containerOf(gateway), objects, true).TRUST_PROXY).toBe('1');
  });
});

// ---- the complete manifests -------------------------------------------------------------

/** Names whose values are credentials: they may only ever arrive through a secretKeyRef. */
const SECRET_NAME = /(KEY|SECRET|SALT|PASSWORD|TOKEN|DATABASE_URL|REDIS_URL)$/;

/** Problems of the CronJobs in a render: each must forbid concurrent runs (one runner at a time). */
function cronJobProblems(objects: K8sObject[]): string[] {
  return byKind(objects, 'CronJob').flatMap((c) =>
    (c.spec as { concurrencyPolicy?: string }).concurrencyPolicy === 'Forbid'
      ? []
      : [`CronJob/${c.metadata.name}: concurrencyPolicy must be Forbid`],
  );
}

const EXTERNAL_NAMESPACES = [
  'ingress-nginx',
  'monitoring',
  'kube-system',
  'observability',
  'elsewhere',
] as const;

/** Every endpoint of the namespace's world: its pods (Strimzi's brokers stand in for Kafka) and the outside. */
function endpointsOf(objects: K8sObject[]): Endpoint[] {
  const pods: Endpoint[] = workloads(objects).map((w, i) => ({
    kind: 'pod',
    name: w.metadata.name,
    labels: w.spec.template.metadata.labels,
    ports: Object.fromEntries(
      w.spec.template.spec.containers.flatMap((c) =>
        (c.ports ?? []).map((p) => [p.name ?? String(p.containerPort), p.containerPort]),
      ),
    ),
    ip: `10.42.0.${10 + i}`,
  }));
  const kafka = byKind(objects, 'Kafka')[0];
  if (kafka)
    pods.push({
      kind: 'pod',
      name: 'kafka-broker',
      labels: {
        'strimzi.io/cluster': kafka.metadata.name,
        'strimzi.io/broker-role': 'true',
        'strimzi.io/kind': 'Kafka',
      },
      ports: { plain: 9092, 'control-plane': 9090, replication: 9091 },
      ip: '10.42.1.10',
    });
  return [
    ...pods,
    ...EXTERNAL_NAMESPACES.map((n): Endpoint => ({ kind: 'namespace', name: n, namespace: n })),
    { kind: 'ip', name: 'internet', ip: '203.0.113.10' },
    // A managed PostgreSQL or Redis on a private address of the VPC, and the Kubernetes API.
    { kind: 'ip', name: 'private-address', ip: '10.20.0.5' },
  ];
}

const PROBE_PORTS: Array<[number, 'TCP' | 'UDP']> = [
  [53, 'UDP'],
  [53, 'TCP'],
  [80, 'TCP'],
  [443, 'TCP'],
  [465, 'TCP'],
  [587, 'TCP'],
  [4318, 'TCP'],
  [5432, 'TCP'],
  [6379, 'TCP'],
  [6443, 'TCP'],
];

/** Every (source → destination:port/protocol) the policies let through, as readable strings. */
function allowedConnections(objects: K8sObject[], namespace: string): Set<string> {
  const policies: Policy[] = [
    ...policiesOf(objects),
    ...byKind(objects, 'Kafka').flatMap(strimziListenerPolicies),
  ];
  const endpoints = endpointsOf(objects);
  const allowed = new Set<string>();
  for (const source of endpoints) {
    for (const destination of endpoints) {
      if (source === destination) continue;
      if (source.kind !== 'pod' && destination.kind !== 'pod') continue;
      const ports: Array<[number, 'TCP' | 'UDP']> =
        destination.kind === 'pod' ? Object.values(destination.ports).map((p) => [p, 'TCP']) : PROBE_PORTS;
      for (const [port, protocol] of ports) {
        if (connectionAllowed(policies, namespace, source, destination, port, protocol))
          allowed.add(`${source.name} -> ${destination.name}:${port}/${protocol}`);
      }
    }
  }
  return allowed;
}

/** The connections the network policies must allow (listed below), and nothing else. */
function expectedConnections(objects: K8sObject[], overlay: 'dev' | 'prod'): Set<string> {
  const expected = new Set<string>();
  const add = (s: string) => expected.add(s);
  const pods = workloads(objects).map((w) => w.metadata.name);
  if (overlay === 'prod') pods.push('kafka-broker');
  for (const pod of pods) {
    add(`${pod} -> kube-system:53/UDP`);
    add(`${pod} -> kube-system:53/TCP`);
  }
  add(`ingress-nginx -> gateway:${GATEWAY_PORT}/TCP`);
  add(`monitoring -> gateway:${GATEWAY_OPS_PORT}/TCP`);
  for (const name of SERVICE_NAMES) {
    add(`gateway -> ${name}:${SERVICE_PORTS[name].grpc}/TCP`);
    add(`monitoring -> ${name}:${SERVICE_PORTS[name].ops}/TCP`);
  }
  add(`leads -> offers:${SERVICE_PORTS.offers.grpc}/TCP`);
  add(`leads -> content:${SERVICE_PORTS.content.grpc}/TCP`);
  add(`leads -> events:${SERVICE_PORTS.events.grpc}/TCP`);
  for (const name of ['offers', 'rates']) {
    add(`${name} -> internet:443/TCP`);
    add(`${name} -> internet:80/TCP`);
  }
  // Lenders' HTTPS endpoints, and the mail relay's SMTP submission (implicit TLS, STARTTLS).
  for (const port of [443, 465, 587]) add(`leads -> internet:${port}/TCP`);
  // PostgreSQL and Redis: by port, to any address (a managed server has an address, not a pod),
  // plus the dev overlay's pods, which admit only these clients.
  const redisClients = [...SERVICE_NAMES, 'gateway'];
  for (const target of ['internet', 'private-address', ...EXTERNAL_NAMESPACES]) {
    for (const name of SERVICE_NAMES) add(`${name} -> ${target}:5432/TCP`);
    for (const name of redisClients) add(`${name} -> ${target}:6379/TCP`);
  }
  if (overlay === 'dev') {
    for (const name of SERVICE_NAMES) add(`${name} -> postgres:5432/TCP`);
    for (const name of redisClients) add(`${name} -> redis:6379/TCP`);
  } else {
    for (const name of APP_NAMES) add(`${name} -> observability:4318/TCP`);
    add('gateway -> kafka-broker:9092/TCP');
    add('events -> kafka-broker:9092/TCP');
    // The Topic Operator and the brokers: the Kubernetes API on private addresses, each other.
    add('kafka-broker -> private-address:443/TCP');
    add('kafka-broker -> private-address:6443/TCP');
  }
  return expected;
}

describeWithKubectl.each(OVERLAYS)('%s: complete manifests', (overlay) => {
  let objects: K8sObject[];
  const kind = overlay.endsWith('prod') ? ('prod' as const) : ('dev' as const);
  const namespace = kind === 'prod' ? 'porownywarka' : 'porownywarka-dev';
  beforeAll(() => {
    objects = rendered(overlay);
  });

  it('gives every container startup, readiness and liveness probes; the services native gRPC ones on grpc.health.v1', () => {
    for (const workload of workloads(objects)) {
      for (const container of workload.spec.template.spec.containers) {
        const label = `${workload.metadata.name}/${container.name}`;
        expect({
          label,
          startup: !!container.startupProbe,
          readiness: !!container.readinessProbe,
          liveness: !!container.livenessProbe,
        }).toEqual({
          label,
          startup: true,
          readiness: true,
          liveness: true,
        });
      }
    }
    for (const name of SERVICE_NAMES) {
      const container = containerOf(appWorkloads(objects).find((w) => w.metadata.name === name)!);
      const grpc = SERVICE_PORTS[name].grpc;
      // '' is the server's overall status: NOT_SERVING until PostgreSQL (and Redis) answer and the
      // schema is migrated; 'liveness' is SERVING whenever the process answers (libs/service-kit).
      expect({ name, readiness: container.readinessProbe?.grpc }).toEqual({
        name,
        readiness: { port: grpc },
      });
      expect({ name, liveness: container.livenessProbe?.grpc }).toEqual({
        name,
        liveness: { port: grpc, service: LIVENESS_SERVICE },
      });
      expect({ name, startup: container.startupProbe?.grpc }).toEqual({
        name,
        startup: { port: grpc, service: LIVENESS_SERVICE },
      });
    }
  });

  it('runs every container, init containers too, hardened: non-root, no escalation, read-only root, no capabilities, RuntimeDefault seccomp, requests and limits', () => {
    for (const pod of podSpecs(objects)) {
      expect({
        pod: pod.owner,
        seccomp: pod.spec.securityContext?.seccompProfile?.type,
        nonRoot: pod.spec.securityContext?.runAsNonRoot,
      }).toEqual({
        pod: pod.owner,
        seccomp: 'RuntimeDefault',
        nonRoot: true,
      });
      for (const container of [...pod.spec.containers, ...(pod.spec.initContainers ?? [])]) {
        const label = `${pod.owner}/${container.name}`;
        expect({ label, securityContext: container.securityContext }).toEqual({
          label,
          securityContext: expect.objectContaining({
            allowPrivilegeEscalation: false,
            readOnlyRootFilesystem: true,
            capabilities: { drop: ['ALL'] },
          }),
        });
        for (const key of ['requests', 'limits'] as const)
          expect({ label, [key]: Object.keys(container.resources?.[key] ?? {}).sort() }).toEqual({
            label,
            [key]: ['cpu', 'memory'],
          });
      }
    }
  });

  it('gives each app its own ServiceAccount without an API token, its own ConfigMap, and spreads its pods over zones and nodes', () => {
    const accounts = new Map(byKind(objects, 'ServiceAccount').map((a) => [a.metadata.name, a]));
    const configMaps = new Set(byKind(objects, 'ConfigMap').map((c) => c.metadata.name));
    for (const workload of appWorkloads(objects)) {
      const name = workload.metadata.name;
      const pod = workload.spec.template.spec;
      expect({ name, account: pod.serviceAccountName, automount: pod.automountServiceAccountToken }).toEqual({
        name,
        account: name,
        automount: false,
      });
      expect({ name, accountAutomount: accounts.get(name)?.automountServiceAccountToken }).toEqual({
        name,
        accountAutomount: false,
      });
      const own = `${name}-config`;
      expect({
        name,
        envFrom: containerOf(workload).envFrom?.some((s) => s.configMapRef?.name.startsWith(own)),
      }).toEqual({ name, envFrom: true });
      expect([...configMaps].some((c) => c.startsWith(own))).toBe(true);
      const spread = pod.topologySpreadConstraints ?? [];
      expect({ name, keys: spread.map((t) => t.topologyKey).sort() }).toEqual({
        name,
        keys: ['kubernetes.io/hostname', 'topology.kubernetes.io/zone'],
      });
      for (const constraint of spread)
        expect(
          Object.entries(constraint.labelSelector?.matchLabels ?? {}).every(
            ([k, v]) => workload.spec.template.metadata.labels[k] === v,
          ),
        ).toBe(true);
    }
    for (const pod of podSpecs(objects))
      expect({ pod: pod.owner, automount: pod.spec.automountServiceAccountToken }).toEqual({
        pod: pod.owner,
        automount: false,
      });
  });

  it('migrates each service before its new version starts: an init container of the same image and environment with --migrate-only', () => {
    for (const name of SERVICE_NAMES) {
      const workload = appWorkloads(objects).find((w) => w.metadata.name === name)!;
      const main = containerOf(workload);
      const migrate = (workload.spec.template.spec.initContainers ?? []).find((c) => c.name === 'migrate');
      expect({ name, args: migrate?.args }).toEqual({ name, args: [MIGRATE_ONLY_FLAG] });
      expect(migrate!.image).toBe(main.image);
      expect(migrate!.env).toEqual(main.env);
      expect(migrate!.envFrom).toEqual(main.envFrom);
    }
    // The gateway has no schema of its own.
    const gateway = appWorkloads(objects).find((w) => w.metadata.name === 'gateway')!;
    expect(gateway.spec.template.spec.initContainers ?? []).toEqual([]);
  });

  it('points leads at the offers, content and events Services it calls', () => {
    const leads = effectiveEnv(
      containerOf(appWorkloads(objects).find((w) => w.metadata.name === 'leads')!),
      objects,
      kind === 'prod',
    );
    expect(leads.OFFERS_SERVICE_ADDR).toBe(`offers:${SERVICE_PORTS.offers.grpc}`);
    expect(leads.CONTENT_SERVICE_ADDR).toBe(`content:${SERVICE_PORTS.content.grpc}`);
    expect(leads.EVENTS_SERVICE_ADDR).toBe(`events:${SERVICE_PORTS.events.grpc}`);
  });

  it("gives leads the mail server and sender from the Secret, and the gateway's PUBLIC_ORIGIN for its links", () => {
    const leads = containerOf(appWorkloads(objects).find((w) => w.metadata.name === 'leads')!);
    const refs = Object.fromEntries((leads.env ?? []).map((v) => [v.name, v.valueFrom]));
    expect(refs.SMTP_URL?.secretKeyRef).toMatchObject({ key: 'smtp-url' });
    expect(refs.MAIL_FROM?.secretKeyRef).toMatchObject({ key: 'mail-from' });
    const gateway = containerOf(appWorkloads(objects).find((w) => w.metadata.name === 'gateway')!);
    expect(effectiveEnv(leads, objects, kind === 'prod').PUBLIC_ORIGIN).toBe(
      effectiveEnv(gateway, objects, kind === 'prod').PUBLIC_ORIGIN,
    );
  });

  it("gives leads the reviewed production lender file as a mounted ConfigMap, and the lenders' secrets from Secret lender-delivery-secrets", () => {
    const workload = appWorkloads(objects).find((w) => w.metadata.name === 'leads')!;
    const pod = workload.spec.template.spec;
    const source = readFileSync(
      path.join(WORKSPACE, 'deploy/lenders/lender-delivery.production.json'),
      'utf8',
    );
    // kustomize reads no file outside k8s/base: its copy must be the reviewed file, byte for byte.
    expect(readFileSync(path.join(WORKSPACE, 'k8s/base/lender-delivery.production.json'), 'utf8')).toBe(
      source,
    );
    const volume = pod.volumes?.find((v) => v.name === 'lender-delivery');
    const configMap = byKind(objects, 'ConfigMap').find((c) => c.metadata.name === volume?.configMap?.name);
    // Hashed name: a change of the file rolls the pods.
    expect(configMap?.metadata.name).toMatch(/^lender-delivery-[a-z0-9]{10}$/);
    expect((configMap?.data ?? {}) as Record<string, string>).toEqual({ 'lender-delivery.json': source });
    for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
      const mount = container.volumeMounts?.find((m) => m.name === 'lender-delivery');
      expect({ container: container.name, mount }).toEqual({
        container: container.name,
        mount: { name: 'lender-delivery', mountPath: '/etc/porownywarka/lenders', readOnly: true },
      });
      const env = effectiveEnv(container, objects, kind === 'prod');
      expect(env.LENDER_DELIVERY_FILE).toBe(`${mount!.mountPath}/lender-delivery.json`);
      const secrets = container.envFrom?.find((s) => s.secretRef?.name.startsWith('lender-delivery-secrets'));
      // Production: a missing Secret keeps the pod from starting instead of delivering to no lender.
      expect(secrets?.secretRef?.optional).toBe(false);
    }
    // A production file: https endpoints only (port 443, which the NetworkPolicy opens), and no
    // problem but the secrets the Secret holds at run time.
    const file = lenderDirectoryFileSchema.parse(JSON.parse(source));
    expect(file.environment).toBe('production');
    for (const lender of file.lenders.filter((l) => l.enabled)) {
      const url = new URL(lender.endpoint);
      expect({ lender: lender.slug, protocol: url.protocol, port: url.port }).toEqual({
        lender: lender.slug,
        protocol: 'https:',
        port: '',
      });
    }
    const withSecrets = Object.fromEntries(file.lenders.map((l) => [l.secretEnv, 's'.repeat(64)]));
    expect(readLenderDirectory(source, withSecrets)).toMatchObject({ ok: { environment: 'production' } });
    // The dev overlay makes the Secret, empty: its file lists no lender and no sandbox is deployed.
    // Production renders none: it is created outside the repository.
    const renderedSecrets = byKind(objects, 'Secret')
      .filter((secret) => secret.metadata.name.startsWith('lender-delivery-secrets'))
      .map((secret) => secret.data ?? {});
    expect({ kind, renderedSecrets }).toEqual({ kind, renderedSecrets: kind === 'dev' ? [{}] : [] });
  });

  it('keeps credentials out of ConfigMaps and plain values: they come from Secrets only', () => {
    for (const configMap of byKind(objects, 'ConfigMap'))
      for (const key of Object.keys(configMap.data ?? {}))
        expect({ configMap: configMap.metadata.name, key, credential: SECRET_NAME.test(key) }).toEqual({
          configMap: configMap.metadata.name,
          key,
          credential: false,
        });
    for (const pod of podSpecs(objects))
      for (const container of [...pod.spec.containers, ...(pod.spec.initContainers ?? [])])
        for (const variable of (container.env ?? []).filter((v) => SECRET_NAME.test(v.name)))
          expect({ variable: variable.name, fromSecret: !!variable.valueFrom?.secretKeyRef }).toEqual({
            variable: variable.name,
            fromSecret: true,
          });
    // Production renders no Secret at all: its values live outside the repository; dev renders its own.
    expect({ kind, rendersSecrets: byKind(objects, 'Secret').length > 0 }).toEqual({
      kind,
      rendersSecrets: kind === 'dev',
    });
  });

  it('runs scheduled work one runner at a time: every CronJob forbids concurrent runs', () => {
    expect(cronJobProblems(objects)).toEqual([]);
    // The check itself: a CronJob that allows overlapping runs is reported.
    const overlapping = {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { name: 'nbp' },
      spec: { concurrencyPolicy: 'Allow' },
    };
    expect(cronJobProblems([...objects, overlapping])).toEqual([
      'CronJob/nbp: concurrencyPolicy must be Forbid',
    ]);
  });

  it('denies by default and lets through exactly the allowed paths (NetworkPolicies, with the policies Strimzi generates)', () => {
    const policies = policiesOf(objects);
    const deny = policies.find((p) => p.name === 'default-deny');
    expect(deny).toMatchObject({ podSelector: {}, types: ['Ingress', 'Egress'], ingress: [], egress: [] });
    const allowed = [...allowedConnections(objects, namespace)].sort();
    expect(allowed).toEqual([...expectedConnections(objects, kind)].sort());
  });

  it('gives every Service port a NetworkPolicy path from some client', () => {
    const allowed = [...allowedConnections(objects, namespace)];
    for (const service of byKind(objects, 'Service')) {
      const spec = service.spec as {
        selector: Record<string, string>;
        ports: Array<{ targetPort: string | number }>;
      };
      const target = workloads(objects).find((w) =>
        Object.entries(spec.selector).every(([k, v]) => w.spec.template.metadata.labels[k] === v),
      )!;
      const containerPorts = target.spec.template.spec.containers.flatMap((c) => c.ports ?? []);
      for (const port of spec.ports) {
        const number = containerPorts.find(
          (p) => p.name === port.targetPort || p.containerPort === port.targetPort,
        )!.containerPort;
        const reachable = allowed.some((c) => c.endsWith(` -> ${target.metadata.name}:${number}/TCP`));
        expect({ service: service.metadata.name, port: number, reachable }).toEqual({
          service: service.metadata.name,
          port: number,
          reachable: true,
        });
      }
    }
  });
});

describeWithKubectl('k8s/overlays/dev operator identity', () => {
  it('generates operator-identity with the example company and OPERATOR_EXAMPLE=true, as deploy/operator.dev.env has it', () => {
    const objects = rendered('k8s/overlays/dev');
    const identity = byKind(objects, 'ConfigMap').find((c) =>
      c.metadata.name.startsWith('operator-identity'),
    );
    const data = (identity?.data ?? {}) as Record<string, string>;
    expect(data.OPERATOR_EXAMPLE).toBe('true');
    expect(data.OPERATOR_NAME).toMatch(/sp\. z o\.o\.$/);
    const gateway = appWorkloads(objects).find((w) => w.metadata.name === 'gateway')!;
    expect(effectiveEnv(containerOf(gateway), objects)).toMatchObject(data);
    // One source: the compose file's env file (deploy/operator.dev.env) and this overlay's copy agree.
    const shared = path.join(WORKSPACE, 'deploy/operator.dev.env');
    expect(existsSync(shared)).toBe(true);
    expect(
      parseEnvFile(readFileSync(path.join(WORKSPACE, 'k8s/overlays/dev/operator.dev.env'), 'utf8')),
    ).toEqual(parseEnvFile(readFileSync(shared, 'utf8')));
  });
});

describeWithKubectl('k8s/overlays/prod: Kafka, Ingress, autoscaling, operator identity', () => {
  let objects: K8sObject[];
  beforeAll(() => {
    objects = rendered('k8s/overlays/prod');
  });

  it('never sets OPERATOR_EXAMPLE and expects the operator identity from outside the repository', () => {
    expect(
      byKind(objects, 'ConfigMap')
        .map((c) => c.metadata.name)
        .filter((n) => n.startsWith('operator-identity')),
    ).toEqual([]);
    for (const configMap of byKind(objects, 'ConfigMap'))
      expect(Object.keys(configMap.data ?? {})).not.toContain('OPERATOR_EXAMPLE');
    for (const pod of podSpecs(objects))
      for (const container of [...pod.spec.containers, ...(pod.spec.initContainers ?? [])])
        expect((container.env ?? []).map((e) => e.name)).not.toContain('OPERATOR_EXAMPLE');
    const gateway = containerOf(appWorkloads(objects).find((w) => w.metadata.name === 'gateway')!);
    expect(gateway.envFrom?.map((s) => s.configMapRef?.name)).toContain('operator-identity');
  });

  it('declares the Kafka topics exactly as deploy/kafka/topics.json (the one source), for replication factor 3', () => {
    const topics = byKind(objects, 'KafkaTopic').map((t) => {
      const spec = t.spec as {
        topicName: string;
        partitions: number;
        replicas: number;
        config: Record<string, string>;
      };
      return {
        cluster: t.metadata.labels?.['strimzi.io/cluster'],
        name: spec.topicName,
        partitions: spec.partitions,
        replicas: spec.replicas,
        config: spec.config,
      };
    });
    const desired = loadTopics().map((t) => ({
      cluster: 'kafka',
      name: t.name,
      partitions: t.partitions,
      replicas: 3,
      config: effectiveConfig(t, 3),
    }));
    expect(topics.sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      desired.sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it('runs Kafka in KRaft mode on node pools, reachable at the KAFKA_BROKERS the apps get, from the gateway and events only', () => {
    const [kafka] = byKind(objects, 'Kafka');
    expect(kafka!.metadata.annotations).toMatchObject({
      'strimzi.io/kraft': 'enabled',
      'strimzi.io/node-pools': 'enabled',
    });
    const pools = byKind(objects, 'KafkaNodePool').map((p) => ({
      cluster: p.metadata.labels?.['strimzi.io/cluster'],
      ...(p.spec as { roles: string[]; replicas: number }),
    }));
    for (const role of ['controller', 'broker']) {
      const replicas = pools
        .filter((p) => p.cluster === kafka!.metadata.name && p.roles.includes(role))
        .reduce((n, p) => n + p.replicas, 0);
      expect({ role, replicas }).toEqual({ role, replicas: 3 });
    }
    const listeners = (
      kafka!.spec as {
        kafka: {
          listeners: Array<{
            port: number;
            tls: boolean;
            networkPolicyPeers: Array<{ podSelector: { matchLabels: Record<string, string> } }>;
          }>;
        };
      }
    ).kafka.listeners;
    const events = effectiveEnv(
      containerOf(appWorkloads(objects).find((w) => w.metadata.name === 'events')!),
      objects,
      true,
    );
    expect(events.KAFKA_BROKERS).toBe(`${kafka!.metadata.name}-kafka-bootstrap:${listeners[0]!.port}`);
    expect(
      listeners[0]!.networkPolicyPeers.map((p) => p.podSelector.matchLabels['app.kubernetes.io/name']).sort(),
    ).toEqual(['events', 'gateway']);
    const config = (kafka!.spec as { kafka: { config: Record<string, unknown> } }).kafka.config;
    expect(config).toMatchObject({
      'auto.create.topics.enable': false,
      'min.insync.replicas': 2,
      'default.replication.factor': 3,
    });
  });

  it('puts the gateway behind an Ingress with TLS for the host of PUBLIC_ORIGIN', () => {
    const [ingress] = byKind(objects, 'Ingress');
    const spec = ingress!.spec as {
      tls: Array<{ hosts: string[]; secretName: string }>;
      rules: Array<{
        host: string;
        http: {
          paths: Array<{ path: string; backend: { service: { name: string; port: { name: string } } } }>;
        };
      }>;
    };
    const gateway = effectiveEnv(
      containerOf(appWorkloads(objects).find((w) => w.metadata.name === 'gateway')!),
      objects,
      true,
    );
    const host = new URL(gateway.PUBLIC_ORIGIN!).host;
    expect(spec.rules.map((r) => r.host)).toEqual([host]);
    expect(spec.tls).toEqual([{ hosts: [host], secretName: 'gateway-tls' }]);
    const backend = spec.rules[0]!.http.paths[0]!.backend.service;
    const service = byKind(objects, 'Service').find((s) => s.metadata.name === backend.name);
    expect((service?.spec as { ports: Array<{ name: string }> }).ports.map((p) => p.name)).toContain(
      backend.port.name,
    );
  });

  it('scales the gateway on CPU and on its request rate (a Pods metric from the custom-metrics adapter)', () => {
    const hpa = byKind(objects, 'HorizontalPodAutoscaler').find((h) => h.metadata.name === 'gateway')!;
    const metrics = (
      hpa.spec as {
        metrics: Array<{
          type: string;
          resource?: { name: string };
          pods?: { metric: { name: string }; target: { type: string } };
        }>;
      }
    ).metrics;
    expect(metrics.map((m) => m.type).sort()).toEqual(['Pods', 'Resource']);
    expect(metrics.find((m) => m.type === 'Resource')!.resource!.name).toBe('cpu');
    expect(metrics.find((m) => m.type === 'Pods')!.pods).toMatchObject({
      metric: { name: 'http_server_requests_per_second' },
      target: { type: 'AverageValue' },
    });
  });
});

describe('the vendored Strimzi schemas', () => {
  it('refuse a Kafka resource with a misspelt field, a KafkaTopic with zero partitions and a node pool without roles', () => {
    const kafka = {
      apiVersion: 'kafka.strimzi.io/v1beta2',
      kind: 'Kafka',
      metadata: { name: 'k' },
      spec: { kafka: { listners: [] } },
    };
    expect(() => validateResource(kafka)).toThrow(/Kafka\/k is invalid: .*(listners|listeners)/);
    const topic = {
      apiVersion: 'kafka.strimzi.io/v1beta2',
      kind: 'KafkaTopic',
      metadata: { name: 't' },
      spec: { partitions: 0 },
    };
    expect(() => validateResource(topic)).toThrow(
      /KafkaTopic\/t is invalid: \/spec\/partitions must be >= 1/,
    );
    const pool = {
      apiVersion: 'kafka.strimzi.io/v1beta2',
      kind: 'KafkaNodePool',
      metadata: { name: 'p' },
      spec: { replicas: 3, storage: { type: 'ephemeral' } },
    };
    expect(() => validateResource(pool)).toThrow(/roles/);
  });

  it('name the published CRD they come from', () => {
    const files = readdirSync(STRIMZI_SCHEMA_DIR).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual([
      'kafka.v1beta2.json',
      'kafkanodepool.v1beta2.json',
      'kafkatopic.v1beta2.json',
    ]);
    for (const file of files)
      expect(JSON.parse(readFileSync(path.join(STRIMZI_SCHEMA_DIR, file), 'utf8')).$comment).toMatch(
        /https:\/\/github\.com\/strimzi\/strimzi-kafka-operator\/blob\/[0-9a-f]{40}\/packaging\/install\/cluster-operator\//,
      );
  });
});

describe('the NetworkPolicy evaluator', () => {
  const pod = (name: string, labels: Record<string, string>, ports: Record<string, number>): Endpoint => ({
    kind: 'pod',
    name,
    labels,
    ports,
    ip: '10.42.0.1',
  });
  const web = pod('web', { app: 'web' }, { http: 80 });
  const api = pod('api', { app: 'api' }, { grpc: 50051 });
  const policy = (spec: object): K8sObject => ({
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: 'p' },
    spec,
  });

  it('allows everything without policies, nothing under a default deny, and a named port only on the pod that names it', () => {
    expect(connectionAllowed([], 'ns', web, api, 50051)).toBe(true);
    const deny = policiesOf([policy({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] })]);
    expect(connectionAllowed(deny, 'ns', web, api, 50051)).toBe(false);
    const open = policiesOf([
      policy({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] }),
      policy({
        podSelector: { matchLabels: { app: 'web' } },
        policyTypes: ['Egress'],
        egress: [{ to: [{ podSelector: { matchLabels: { app: 'api' } } }] }],
      }),
      policy({
        podSelector: { matchLabels: { app: 'api' } },
        policyTypes: ['Ingress'],
        ingress: [{ from: [{ podSelector: { matchLabels: { app: 'web' } } }], ports: [{ port: 'grpc' }] }],
      }),
    ]);
    expect(connectionAllowed(open, 'ns', web, api, 50051)).toBe(true);
    expect(connectionAllowed(open, 'ns', web, api, 9464)).toBe(false);
    expect(connectionAllowed(open, 'ns', api, web, 80)).toBe(false);
    expect(
      connectionAllowed(open, 'ns', { kind: 'namespace', name: 'other', namespace: 'other' }, api, 50051),
    ).toBe(false);
  });

  it('reads ipBlock with its exceptions', () => {
    const egress = policiesOf([
      policy({
        podSelector: {},
        policyTypes: ['Egress'],
        egress: [
          { to: [{ ipBlock: { cidr: '0.0.0.0/0', except: ['10.0.0.0/8'] } }], ports: [{ port: 443 }] },
        ],
      }),
    ]);
    expect(
      connectionAllowed(egress, 'ns', web, { kind: 'ip', name: 'public', ip: '203.0.113.10' }, 443),
    ).toBe(true);
    expect(connectionAllowed(egress, 'ns', web, { kind: 'ip', name: 'private', ip: '10.1.2.3' }, 443)).toBe(
      false,
    );
  });
});
