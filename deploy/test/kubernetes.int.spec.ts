import { Buffer } from 'node:buffer';
import { SERVICE_PORTS as CONFIG_PORTS, loadConfig, serviceEnvSchema } from '@lib/config';
import { APP_NAMES, GATEWAY_OPS_PORT, SERVICE_NAMES, SERVICE_PORTS } from './support/architecture';
import {
  byKind,
  type Container,
  findKubectl,
  type K8sObject,
  type Probe,
  renderKustomization,
  validateResource,
  type Workload,
  workloads,
} from './support/kubernetes';

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

function probePort(probe: Probe | undefined): string | number | undefined {
  return probe?.httpGet?.port ?? probe?.tcpSocket?.port;
}

/**
 * The environment a container would see, resolving ConfigMaps and Secrets from the same render.
 * externalSecrets: Secrets managed outside the render (production) are left out instead of failing.
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
    if (!values) throw new Error(`${container.name}: envFrom refers to missing ${name}`);
    Object.assign(env, values);
  }
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) env[variable.name] = variable.value;
    const fieldRef = variable.valueFrom?.fieldRef;
    if (fieldRef) {
      const value = DOWNWARD_API[fieldRef.fieldPath];
      if (value === undefined) throw new Error(`${container.name}: no stand-in for the downward API field ${fieldRef.fieldPath}`);
      env[variable.name] = value;
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
      const ports = Object.fromEntries((container.ports ?? []).map((p) => [p.name, p.containerPort]));
      if (workload.metadata.name === 'gateway') {
        expect(ports).toEqual({ http: 3000, ops: GATEWAY_OPS_PORT });
      } else {
        const name = workload.metadata.name as keyof typeof SERVICE_PORTS;
        expect(ports).toEqual({ grpc: SERVICE_PORTS[name].grpc, ops: SERVICE_PORTS[name].ops });
        expect(CONFIG_PORTS[name]).toEqual(SERVICE_PORTS[name]);
      }
    }
  });

  it('probes readiness on /readyz and liveness on /healthz of a declared port', () => {
    for (const workload of appWorkloads(objects)) {
      const container = containerOf(workload);
      const portNames = (container.ports ?? []).map((p) => p.name);
      const healthPort = workload.metadata.name === 'gateway' ? 'http' : 'ops';
      expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: healthPort });
      expect(container.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: healthPort });
      expect(portNames).toContain(healthPort);
    }
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
        if (typeof port === 'string') expect((container.ports ?? []).map((p) => p.name)).toContain(port);
      }
    }
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
      expect({ name, opsHost: container.env?.find((e) => e.name === 'OPS_HOST')?.valueFrom?.fieldRef?.fieldPath }).toEqual({
        name,
        opsHost: 'status.podIP',
      });
      const opsPort = name === 'gateway' ? GATEWAY_OPS_PORT : SERVICE_PORTS[name as keyof typeof SERVICE_PORTS].ops;
      expect({ name, env: container.env?.find((e) => e.name === 'OPS_PORT')?.value }).toEqual({ name, env: String(opsPort) });
      const annotations = workload.spec.template.metadata as { annotations?: Record<string, string> };
      expect({ name, scraped: annotations.annotations?.['prometheus.io/port'] }).toEqual({ name, scraped: String(opsPort) });
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

  it('refers only to ConfigMaps in the render, and to Secrets in the render or the one managed outside', () => {
    const configMaps = new Set(byKind(objects, 'ConfigMap').map((c) => c.metadata.name));
    const secrets = new Set(byKind(objects, 'Secret').map((s) => s.metadata.name));
    const missingSecrets = new Set<string>();
    for (const workload of workloads(objects)) {
      const pod = workload.spec.template.spec;
      for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
        for (const source of container.envFrom ?? []) {
          if (source.configMapRef) expect(configMaps).toContain(source.configMapRef.name);
          if (source.secretRef && !secrets.has(source.secretRef.name))
            missingSecrets.add(source.secretRef.name);
        }
        for (const variable of container.env ?? []) {
          const ref = variable.valueFrom?.secretKeyRef;
          if (ref && !secrets.has(ref.name)) missingSecrets.add(ref.name);
        }
      }
    }
    if (overlay.endsWith('prod')) expect([...missingSecrets]).toEqual(['porownywarka-secrets']);
    else expect([...missingSecrets]).toEqual([]);
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
    const init = events.spec.template.spec.initContainers ?? [];
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
