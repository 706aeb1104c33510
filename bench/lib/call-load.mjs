// Closed-loop load for one RPC (or any async call): C callers, each sending its next call when the
// previous one answered, for a warm-up and then a measured window. Only calls sent after the warm-up
// count, so a slow first call of a cold service does not become the p99 of the window.
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { percentile } = require('./window.cjs');

/**
 * @template T
 * @param {(n: number) => Promise<T>} call the n-th call (n counts from 0 across callers)
 * @param {{ connections: number, warmupMs: number, durationMs: number, onAnswer?: (answer: T) => void }} options
 * @returns {Promise<{ answered: number, failed: number, perSecond: number, p50: number, p90: number, p99: number, max: number, firstError?: Error }>}
 */
export async function runCallLoad(call, { connections, warmupMs, durationMs, onAnswer }) {
  const measureFrom = performance.now() + warmupMs;
  const endAt = measureFrom + durationMs;
  /** @type {number[]} */
  const latencies = [];
  let failed = 0;
  let n = 0;
  /** @type {Error | undefined} */
  let firstError;
  const caller = async () => {
    while (performance.now() < endAt) {
      const index = n;
      n += 1;
      const sent = performance.now();
      try {
        const answer = await call(index);
        if (sent >= measureFrom) {
          latencies.push(performance.now() - sent);
          onAnswer?.(answer);
        }
      } catch (error) {
        firstError ??= /** @type {Error} */ (error);
        if (sent >= measureFrom) failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, caller));
  const sorted = Float64Array.from(latencies).sort();
  return {
    answered: latencies.length,
    failed,
    perSecond: latencies.length / (durationMs / 1000),
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
    firstError,
  };
}
