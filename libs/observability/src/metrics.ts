import { collectDefaultMetrics, Registry } from 'prom-client';

/** A registry per process with Node's default metrics, every series labelled with the service. */
export function createMetricsRegistry(opts: { serviceName: string }): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service: opts.serviceName });
  collectDefaultMetrics({ register: registry });
  return registry;
}
