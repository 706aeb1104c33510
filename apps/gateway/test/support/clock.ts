type ModernFakeTimersConfig = Extract<
  NonNullable<Parameters<typeof jest.useFakeTimers>[0]>,
  { doNotFake?: unknown }
>;
type FakeableApis = NonNullable<ModernFakeTimersConfig['doNotFake']>;

/**
 * Everything Jest's fake timers could replace except Date: with these left real, a test moves the
 * clock (jest.setSystemTime, or `now` when faking) while sockets, gRPC and timers keep running.
 */
export const REAL_TIMERS: FakeableApis = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
];

/** Resolves once `condition` holds, checking after each turn of the event loop; the test's timeout bounds it. */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise<void>((resolve) => setTimeout(resolve, 10));
}
