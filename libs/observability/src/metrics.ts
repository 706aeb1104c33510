import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';

/** The counter of the event loop's active time (see `countEventLoopActiveTime`). */
export const EVENT_LOOP_ACTIVE_METRIC = 'nodejs_eventloop_active_seconds_total';

/**
 * A registry per process with Node's default metrics and the event loop's active time, every
 * series labelled with the service.
 */
export function createMetricsRegistry(opts: { serviceName: string }): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service: opts.serviceName });
  collectDefaultMetrics({ register: registry });
  countEventLoopActiveTime(registry);
  return registry;
}

/**
 * The seconds the event loop has spent running callbacks since the process started (Node's
 * event loop utilisation, its active part): `rate()` of it is the share of time the loop was busy,
 * from 0 to 1. A process serves its requests on this one thread, so this says how close it is to
 * its limit, and a loop that is not busy under load is waiting for something. Process CPU cannot
 * say either: it adds the garbage collector's and libuv's helper threads and reads above one core.
 */
function countEventLoopActiveTime(registry: Registry): void {
  let counted = 0;
  new Counter({
    name: EVENT_LOOP_ACTIVE_METRIC,
    help: 'Time the event loop spent running callbacks (its active time), in seconds.',
    registers: [registry],
    collect() {
      const active = performance.eventLoopUtilization().active / 1000;
      if (active > counted) this.inc(active - counted);
      counted = Math.max(counted, active);
    },
  });
}
