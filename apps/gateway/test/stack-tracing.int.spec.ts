import { randomBytes } from 'node:crypto';
import { describeWithRedis, provideTestRedis, type TestRedis } from '@lib/testing';
import { rawRequest } from './support/raw-http';
import { eventually, startStack, type Stack } from './support/stack';

/*
 * A page request's trace, from the visitor's request to the services that answer it, on the real
 * gateway and services (processes from their builds, real PostgreSQL and Redis): the gateway makes
 * the server span itself, and the gRPC calls its loaders make must belong to it. The rates service
 * logs each call it serves (debug) with the trace id it arrived with; nothing is cached in the
 * gateway, so every page asks the services.
 */

const PAIR_PAGE = '/kalkulator-walutowy/eur-pln/';

/** The trace ids of the rates service's 'gRPC call' lines so far. */
function ratesCallTraces(stack: Stack): string[] {
  return stack
    .output('rates')
    .filter((line) => line.includes('"msg":"gRPC call"'))
    .map((line) => (JSON.parse(line) as { trace_id?: string }).trace_id ?? '');
}

describeWithRedis('a page request’s trace across the gateway and the services', () => {
  let redis: TestRedis;
  let stack: Stack;

  beforeAll(async () => {
    redis = await provideTestRedis();
    stack = await startStack({
      redis,
      gatewayEnv: { PAGE_CACHE: 'false', SHARED_ANSWER_CACHE: 'false' },
      ratesEnv: { RATES_SCHEDULE: 'off', LOG_LEVEL: 'debug' },
    });
  });

  afterAll(async () => {
    await stack?.stop();
    await redis?.close();
  });

  // Sampled or not, the caller's trace id travels on: the services log it either way.
  it.each([
    ['sampled', '01'],
    ['not sampled', '00'],
  ])(
    'carries the caller’s trace (%s) from the gateway’s request to the rates service’s calls',
    async (_, flags) => {
      const traceId = randomBytes(16).toString('hex');
      const res = await rawRequest(stack.port, {
        path: PAIR_PAGE,
        headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-${flags}` },
      });
      expect(res.status).toBe(200);
      await eventually(() => ratesCallTraces(stack).includes(traceId));
    },
  );
});
