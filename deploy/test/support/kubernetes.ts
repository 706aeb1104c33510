import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { CronJob } from 'kubernetes-models/batch/v1/CronJob';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { parseAllDocuments } from 'yaml';

export const WORKSPACE = path.resolve(__dirname, '../../..');

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [key: string]: unknown;
}

/** Every kind the manifests may contain, with the model that validates it against the API schema. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/CronJob': CronJob,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
};

/** The vendored Strimzi CRD schemas (deploy/schemas/strimzi, each naming its source). */
export const STRIMZI_SCHEMA_DIR = path.join(WORKSPACE, 'deploy/schemas/strimzi');

interface CrdSchemaFile {
  group: string;
  version: string;
  kind: string;
  openAPIV3Schema: Record<string, unknown>;
}

let crdValidators: Map<string, ValidateFunction> | undefined;

/** `<group>/<version>/<kind>` → the ajv validator of that CRD's openAPIV3Schema. */
export function customResourceValidators(): Map<string, ValidateFunction> {
  if (crdValidators) return crdValidators;
  // The Kubernetes extensions of OpenAPI are known keywords without a check of their own: the
  // fields they mark are checked by the schema around them. strictTypes off: the published schemas
  // put `pattern` beside `anyOf: [integer, string]` (quantities), which JSON Schema allows.
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
  ajv.addVocabulary(['x-kubernetes-preserve-unknown-fields', 'x-kubernetes-int-or-string']);
  crdValidators = new Map();
  for (const file of readdirSync(STRIMZI_SCHEMA_DIR).filter((f) => f.endsWith('.json'))) {
    const crd = JSON.parse(readFileSync(path.join(STRIMZI_SCHEMA_DIR, file), 'utf8')) as CrdSchemaFile;
    crdValidators.set(`${crd.group}/${crd.version}/${crd.kind}`, ajv.compile(crd.openAPIV3Schema));
  }
  return crdValidators;
}

/**
 * kustomize v5 wraps long base64 Secret values over several lines; the API server's base64 decoder
 * ignores the line breaks, the schema's "byte" format does not, so they are removed before checking.
 */
function asApiServerReads(resource: K8sObject): K8sObject {
  if (resource.kind !== 'Secret' || !resource.data) return resource;
  const data = Object.fromEntries(
    Object.entries(resource.data as Record<string, string>).map(([k, v]) => [k, v.replace(/\s+/g, '')]),
  );
  return { ...resource, data };
}

/** Throws with the resource's name and the schema error when it is not a valid Kubernetes object. */
export function validateResource(resource: K8sObject): void {
  const crd = customResourceValidators().get(`${resource.apiVersion}/${resource.kind}`);
  if (crd) {
    const label = `${resource.kind}/${resource.metadata.name}`;
    if (!crd(resource)) {
      const errors = (crd.errors ?? []).map(
        (e) =>
          `${e.instancePath || '/'} ${e.message ?? ''}${'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
      );
      throw new Error(`${label} is invalid: ${errors.join('; ')}`);
    }
    return;
  }
  const Model = MODELS[`${resource.apiVersion}/${resource.kind}`];
  if (!Model)
    throw new Error(
      `${resource.kind}/${resource.metadata.name}: no model for ${resource.apiVersion} ${resource.kind}`,
    );
  try {
    new Model(asApiServerReads(resource) as never).validate();
  } catch (error) {
    throw new Error(`${resource.kind}/${resource.metadata.name} is invalid: ${(error as Error).message}`);
  }
}

/** The kubectl on PATH, or undefined; its kustomize renders the overlays exactly as `apply -k` would. */
export function findKubectl(): string | undefined {
  const probe = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
  return probe.status === 0 ? 'kubectl' : undefined;
}

export function renderKustomization(kubectl: string, dir: string): K8sObject[] {
  const result = spawnSync(kubectl, ['kustomize', path.join(WORKSPACE, dir)], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`kubectl kustomize ${dir} failed: ${result.stderr}`);
  return parseAllDocuments(result.stdout)
    .map((doc) => doc.toJS() as K8sObject | null)
    .filter((doc): doc is K8sObject => doc !== null);
}

// ---- small typed views on the rendered objects ---------------------------------------------------

export interface ContainerPort {
  name?: string;
  containerPort: number;
}
export interface Probe {
  httpGet?: { path: string; port: string | number };
  grpc?: { port: number; service?: string };
  periodSeconds?: number;
  failureThreshold?: number;
  exec?: { command: string[] };
  tcpSocket?: { port: string | number };
}
export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
    fieldRef?: { fieldPath: string };
  };
}
export interface Container {
  name: string;
  image: string;
  env?: EnvVar[];
  envFrom?: Array<{
    configMapRef?: { name: string; optional?: boolean };
    secretRef?: { name: string; optional?: boolean };
  }>;
  volumeMounts?: Array<{ name: string; mountPath: string; readOnly?: boolean }>;
  args?: string[];
  ports?: ContainerPort[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: {
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    runAsNonRoot?: boolean;
    capabilities?: { drop?: string[] };
  };
}
export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  volumes?: Array<{ name: string; configMap?: { name: string }; emptyDir?: Record<string, unknown> }>;
  serviceAccountName?: string;
  automountServiceAccountToken?: boolean;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; seccompProfile?: { type: string } };
  topologySpreadConstraints?: Array<{
    topologyKey: string;
    labelSelector?: { matchLabels?: Record<string, string> };
  }>;
}
export interface Workload extends K8sObject {
  spec: {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
  };
}

export const workloads = (objects: K8sObject[]) =>
  objects.filter((o): o is Workload => o.kind === 'Deployment' || o.kind === 'StatefulSet');

export const byKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);

/** Every pod template of the render (Deployments, StatefulSets, Jobs, CronJobs) with its owner's name. */
export function podSpecs(objects: K8sObject[]): Array<{ owner: string; spec: PodSpec }> {
  return objects.flatMap((o) => {
    const spec = o.spec as
      { template?: { spec: PodSpec }; jobTemplate?: { spec: { template: { spec: PodSpec } } } } | undefined;
    const pod =
      o.kind === 'CronJob'
        ? spec?.jobTemplate?.spec.template.spec
        : ['Deployment', 'StatefulSet', 'Job'].includes(o.kind)
          ? spec?.template?.spec
          : undefined;
    return pod ? [{ owner: `${o.kind}/${o.metadata.name}`, spec: pod }] : [];
  });
}
