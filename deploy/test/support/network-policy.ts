import { type K8sObject } from './kubernetes';

/*
 * A small NetworkPolicy evaluator (networking.k8s.io/v1 semantics) for checking the rendered
 * overlays offline: which endpoint may open a connection to which port. A connection is allowed
 * when the source's egress and the destination's ingress both allow it; a pod no policy selects
 * for a direction is not isolated in that direction. Endpoints outside the namespace are either a
 * pod in another namespace (known by the namespace's kubernetes.io/metadata.name label) or an IP.
 */

export type Labels = Record<string, string>;

export interface Selector {
  matchLabels?: Labels;
  matchExpressions?: Array<{
    key: string;
    operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
    values?: string[];
  }>;
}

interface Peer {
  podSelector?: Selector;
  namespaceSelector?: Selector;
  ipBlock?: { cidr: string; except?: string[] };
}

interface PolicyPort {
  port?: number | string;
  protocol?: string;
}

interface Rule {
  peers?: Peer[];
  ports?: PolicyPort[];
}

export interface Policy {
  name: string;
  podSelector: Selector;
  types: Array<'Ingress' | 'Egress'>;
  ingress: Rule[];
  egress: Rule[];
}

export type Endpoint =
  | { kind: 'pod'; name: string; labels: Labels; ports: Record<string, number>; ip: string }
  | { kind: 'namespace'; name: string; namespace: string }
  | { kind: 'ip'; name: string; ip: string };

export type Protocol = 'TCP' | 'UDP';

export function matches(selector: Selector | undefined, labels: Labels): boolean {
  if (!selector) return true;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {}))
    if (labels[key] !== value) return false;
  for (const expression of selector.matchExpressions ?? []) {
    const has = Object.hasOwn(labels, expression.key);
    const value = labels[expression.key];
    const values = expression.values ?? [];
    if (expression.operator === 'In' && !(has && values.includes(value!))) return false;
    if (expression.operator === 'NotIn' && has && values.includes(value!)) return false;
    if (expression.operator === 'Exists' && !has) return false;
    if (expression.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

function ipToNumber(ip: string): number {
  return ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
}

export function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  const start = Math.floor(ipToNumber(base!) / size) * size;
  const n = ipToNumber(ip);
  return n >= start && n < start + size;
}

/** Does the peer name this endpoint? `namespace` is the namespace the policy lives in. */
function peerMatches(peer: Peer, endpoint: Endpoint, namespace: string): boolean {
  if (peer.ipBlock) {
    // Pod IPs are cluster addresses; ipBlock is meant for traffic leaving or entering the cluster,
    // and the check treats pods like any other address.
    const ip = endpoint.kind === 'namespace' ? undefined : endpoint.ip;
    if (!ip) return false;
    return inCidr(ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((c) => inCidr(ip, c));
  }
  const endpointNamespace =
    endpoint.kind === 'pod' ? namespace : endpoint.kind === 'namespace' ? endpoint.namespace : undefined;
  if (endpointNamespace === undefined) return false;
  if (peer.namespaceSelector) {
    if (!matches(peer.namespaceSelector, { 'kubernetes.io/metadata.name': endpointNamespace })) return false;
  } else if (endpointNamespace !== namespace) {
    return false;
  }
  if (peer.podSelector) {
    // Pods of other namespaces are only known by their namespace: a pod selector other than {}
    // cannot be shown to match them.
    if (endpoint.kind !== 'pod')
      return (
        Object.keys(peer.podSelector.matchLabels ?? {}).length === 0 &&
        (peer.podSelector.matchExpressions ?? []).length === 0
      );
    return matches(peer.podSelector, endpoint.labels);
  }
  return true;
}

function portMatches(
  ports: PolicyPort[] | undefined,
  port: number,
  protocol: Protocol,
  target: Endpoint,
): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some((p) => {
    if ((p.protocol ?? 'TCP') !== protocol) return false;
    if (p.port === undefined) return true;
    if (typeof p.port === 'number') return p.port === port;
    // A named port is resolved on the pod the traffic goes to.
    return target.kind === 'pod' && target.ports[p.port] === port;
  });
}

export function policiesOf(objects: K8sObject[]): Policy[] {
  return objects
    .filter((o) => o.kind === 'NetworkPolicy')
    .map((o) => {
      const spec = o.spec as {
        podSelector: Selector;
        policyTypes?: Array<'Ingress' | 'Egress'>;
        ingress?: Array<{ from?: Peer[]; ports?: PolicyPort[] }>;
        egress?: Array<{ to?: Peer[]; ports?: PolicyPort[] }>;
      };
      const types = spec.policyTypes ?? (spec.egress ? ['Ingress', 'Egress'] : ['Ingress']);
      return {
        name: o.metadata.name,
        podSelector: spec.podSelector,
        types,
        ingress: (spec.ingress ?? []).map((r) => ({ peers: r.from, ports: r.ports })),
        egress: (spec.egress ?? []).map((r) => ({ peers: r.to, ports: r.ports })),
      };
    });
}

function allowedBy(
  rules: Rule[],
  other: Endpoint,
  port: number,
  protocol: Protocol,
  target: Endpoint,
  namespace: string,
): boolean {
  return rules.some(
    (rule) =>
      (!rule.peers ||
        rule.peers.length === 0 ||
        rule.peers.some((peer) => peerMatches(peer, other, namespace))) &&
      portMatches(rule.ports, port, protocol, target),
  );
}

/** Whether `source` may open a connection to `port` of `destination` under these policies. */
export function connectionAllowed(
  policies: Policy[],
  namespace: string,
  source: Endpoint,
  destination: Endpoint,
  port: number,
  protocol: Protocol = 'TCP',
): boolean {
  if (source.kind === 'pod') {
    const egress = policies.filter(
      (p) => p.types.includes('Egress') && matches(p.podSelector, source.labels),
    );
    if (
      egress.length > 0 &&
      !egress.some((p) => allowedBy(p.egress, destination, port, protocol, destination, namespace))
    )
      return false;
  }
  if (destination.kind === 'pod') {
    const ingress = policies.filter(
      (p) => p.types.includes('Ingress') && matches(p.podSelector, destination.labels),
    );
    if (
      ingress.length > 0 &&
      !ingress.some((p) => allowedBy(p.ingress, source, port, protocol, destination, namespace))
    )
      return false;
  }
  return true;
}

/**
 * The NetworkPolicy Strimzi generates for each listener of a Kafka resource: the brokers admit the
 * listener's port from its networkPolicyPeers only (from anywhere when it lists none).
 */
export function strimziListenerPolicies(kafka: K8sObject): Policy[] {
  const listeners = (
    kafka.spec as { kafka: { listeners: Array<{ name: string; port: number; networkPolicyPeers?: Peer[] }> } }
  ).kafka.listeners;
  const cluster = kafka.metadata.name;
  const brokers: Selector = {
    matchLabels: { 'strimzi.io/cluster': cluster, 'strimzi.io/broker-role': 'true' },
  };
  return [
    ...listeners.map((listener): Policy => ({
      name: `${cluster}-listener-${listener.name} (generated by Strimzi)`,
      podSelector: brokers,
      types: ['Ingress'],
      ingress: [{ peers: listener.networkPolicyPeers, ports: [{ port: listener.port, protocol: 'TCP' }] }],
      egress: [],
    })),
    {
      // Control plane (9090) and replication (9091) between the cluster's own pods.
      name: `${cluster}-internal (generated by Strimzi)`,
      podSelector: { matchLabels: { 'strimzi.io/cluster': cluster } },
      types: ['Ingress'],
      ingress: [
        {
          peers: [{ podSelector: { matchLabels: { 'strimzi.io/cluster': cluster } } }],
          ports: [
            { port: 9090, protocol: 'TCP' },
            { port: 9091, protocol: 'TCP' },
          ],
        },
      ],
      egress: [],
    },
  ];
}
