import { CONFIG_ERROR_EXIT, DEFAULT_POLICY, RestartTracker } from './restart-policy.cjs';

function tracker() {
  let now = 0;
  const t = new RestartTracker(DEFAULT_POLICY, () => now);
  return { t, advance: (ms: number) => (now += ms) };
}

describe('RestartTracker', () => {
  it('waits 1, 2, 4, 8, 16 s and then 30 s at most between restarts of a process that keeps dying after it was ready', () => {
    const { t, advance } = tracker();
    const delays: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      t.ready();
      advance(5_000);
      const decision = t.ended({ beforeReady: false, exitCode: 1 });
      expect(decision.action).toBe('restart');
      if (decision.action === 'restart') delays.push(decision.delayMs);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(t.restarts).toBe(7);
  });

  it('starts the backoff again at 1 s for a process that had stayed ready for a minute', () => {
    const { t, advance } = tracker();
    t.ready();
    t.ended({ beforeReady: false, exitCode: 1 });
    t.ready();
    t.ended({ beforeReady: false, exitCode: 1 });
    t.ready();
    advance(60_000);
    expect(t.ended({ beforeReady: false, exitCode: 1 })).toEqual({
      action: 'restart',
      delayMs: 1_000,
      restart: 3,
    });
  });

  it('gives up on the third start in a row that ends before the process was ready', () => {
    const { t } = tracker();
    expect(t.ended({ beforeReady: true, exitCode: 1 })).toMatchObject({ action: 'restart', delayMs: 1_000 });
    expect(t.ended({ beforeReady: true, exitCode: 1 })).toMatchObject({ action: 'restart', delayMs: 2_000 });
    expect(t.ended({ beforeReady: true, exitCode: 1 })).toEqual({
      action: 'give-up',
      why: 'failed at start 3 times in a row',
    });
  });

  it('counts only failed starts in a row: a start that became ready clears the count', () => {
    const { t } = tracker();
    t.ended({ beforeReady: true, exitCode: 1 });
    t.ended({ beforeReady: true, exitCode: 1 });
    t.ready();
    expect(t.failedStarts).toBe(0);
    expect(t.ended({ beforeReady: false, exitCode: 1 }).action).toBe('restart');
    expect(t.ended({ beforeReady: true, exitCode: 1 }).action).toBe('restart');
  });

  it('never gives up on a process that dies after it was ready, however often', () => {
    const { t } = tracker();
    for (let i = 0; i < 20; i += 1) {
      t.ready();
      expect(t.ended({ beforeReady: false, exitCode: 1 }).action).toBe('restart');
    }
  });

  it('gives up at once on a configuration error (exit code 78): restarting cannot help', () => {
    const { t } = tracker();
    expect(t.ended({ beforeReady: true, exitCode: CONFIG_ERROR_EXIT })).toEqual({
      action: 'give-up',
      why: 'exited with code 78 (its configuration is invalid; restarting cannot help)',
    });
  });
});
