import { createMetricsRegistry, EVENT_LOOP_ACTIVE_METRIC } from './metrics';

async function activeSeconds(registry: ReturnType<typeof createMetricsRegistry>): Promise<number> {
  const metric = await registry.getSingleMetric(EVENT_LOOP_ACTIVE_METRIC)?.get();
  const value = metric?.values[0]?.value;
  if (value === undefined) throw new Error(`${EVENT_LOOP_ACTIVE_METRIC} has no value`);
  return value;
}

/** Keeps the loop busy for `ms` in one callback. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createMetricsRegistry: the event loop’s active time', () => {
  it('counts the time callbacks ran, labelled with the service', async () => {
    const registry = createMetricsRegistry({ serviceName: 'test' });
    const before = await activeSeconds(registry);
    spin(120);
    await nextTurn();
    const after = await activeSeconds(registry);
    expect(after - before).toBeGreaterThanOrEqual(0.1);
    expect(await registry.metrics()).toMatch(
      new RegExp(`^${EVENT_LOOP_ACTIVE_METRIC}\\{service="test"\\} [0-9.e-]+$`, 'm'),
    );
  });

  it('does not count time the loop waited for a timer', async () => {
    const registry = createMetricsRegistry({ serviceName: 'test' });
    const before = await activeSeconds(registry);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await activeSeconds(registry);
    // the wait itself is idle; what ran around it is a few milliseconds at most
    expect(after - before).toBeLessThan(0.15);
    expect(after).toBeGreaterThanOrEqual(before);
  });
});
