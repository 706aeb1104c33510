import { status } from '@grpc/grpc-js';
import { loadConfig } from '@lib/config';
import { type GrpcCallError, SERVICE_NAMES } from '@lib/contracts';
import { createMetricsRegistry } from '@lib/observability';
import { type GatewayServices } from '../src/app/services';
import { gatewayEnvSchema } from '../src/kit/config/gateway-config';
import { closeGatewayServices, createGatewayServices } from '../src/server/services';
import { type FakeGrpcServer, startFakeService } from './support/fake-grpc';

/**
 * The gateway's per-upstream concurrency limit over real gRPC: a content service that answers only
 * when the test lets it, so how many calls are at the server at once is known exactly.
 */
describe('upstream concurrency limit over real gRPC', () => {
  let content: FakeGrpcServer;
  /** Calls the server holds, in arrival order; resolving one answers it. */
  const held: Array<() => void> = [];
  let arrived: (() => void) | undefined;
  let atServer = 0;
  let mostAtServer = 0;
  let services: GatewayServices | undefined;

  beforeAll(async () => {
    content = await startFakeService('content', {
      GetPage: (request) =>
        new Promise((resolve) => {
          atServer += 1;
          mostAtServer = Math.max(mostAtServer, atServer);
          held.push(() => {
            atServer -= 1;
            resolve({ path: (request as { path: string }).path, title: 'Strona' });
          });
          arrived?.();
        }),
    });
  });
  afterAll(() => content.stop());
  afterEach(() => {
    if (services) closeGatewayServices(services);
    services = undefined;
    held.length = 0;
    atServer = 0;
    mostAtServer = 0;
  });

  /** Resolves once the server holds `count` calls. */
  function untilHeld(count: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (held.length >= count) resolve();
      };
      arrived = check;
      check();
    });
  }

  function gatewayServices(env: Record<string, string>) {
    const addresses = Object.fromEntries(
      SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_SERVICE_ADDR`, content.target]),
    );
    const registry = createMetricsRegistry({ serviceName: 'gateway' });
    const config = loadConfig(gatewayEnvSchema, {
      NODE_ENV: 'test',
      GRPC_DEADLINE_MS: '30000',
      ...addresses,
      ...env,
    });
    services = createGatewayServices(config, registry);
    return { services, registry };
  }

  it('queues calls over the limit and completes every one of them, never more than the limit at the server', async () => {
    const { services, registry } = gatewayServices({ UPSTREAM_CONCURRENCY: '2', UPSTREAM_QUEUE_LIMIT: '10' });
    const calls = Array.from({ length: 6 }, (_, i) => services.content.getPage({ path: `/strona-${i}/` }));

    await untilHeld(2);
    const metrics = await registry.getSingleMetricAsString('gateway_upstream_queue_length');
    expect(metrics).toContain('gateway_upstream_queue_length{service="content"} 4');
    // Each answer frees a slot for the next call in the queue.
    for (let answered = 0; answered < 6; answered += 1) {
      await untilHeld(Math.min(answered + 2, 6));
      held[answered]?.();
    }

    const pages = await Promise.all(calls);
    expect(pages.map((page) => page.path)).toEqual([0, 1, 2, 3, 4, 5].map((i) => `/strona-${i}/`));
    expect(mostAtServer).toBe(2);
    expect(content.calls.get('GetPage')).toBe(6);
    const waits = await registry.getSingleMetricAsString('gateway_upstream_queue_wait_seconds');
    expect(waits).toContain('gateway_upstream_queue_wait_seconds_count{service="content"} 6');
  });

  it('without a queue, answers the calls over the limit UNAVAILABLE at once and never sends them', async () => {
    const { services, registry } = gatewayServices({ UPSTREAM_CONCURRENCY: '2', UPSTREAM_QUEUE_LIMIT: '0' });
    const sentBefore = content.calls.get('GetPage') ?? 0;
    const calls = Array.from({ length: 4 }, (_, i) =>
      services.content.getPage({ path: `/strona-${i}/` }).catch((error: unknown) => error as GrpcCallError),
    );
    const refused = await Promise.all(calls.slice(2));
    expect(refused.map((error) => (error as GrpcCallError).code)).toEqual([
      status.UNAVAILABLE,
      status.UNAVAILABLE,
    ]);

    await untilHeld(2);
    held[0]?.();
    held[1]?.();
    expect(await Promise.all(calls.slice(0, 2))).toMatchObject([
      { path: '/strona-0/' },
      { path: '/strona-1/' },
    ]);
    expect((content.calls.get('GetPage') ?? 0) - sentBefore).toBe(2);
    const counter = await registry.getSingleMetricAsString('gateway_upstream_refused_total');
    expect(counter).toContain('gateway_upstream_refused_total{service="content",reason="queue-full"} 2');
  });
});
