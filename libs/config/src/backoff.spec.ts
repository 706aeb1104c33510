import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  const policy = { initialMs: 100, maxMs: 1_000 };

  it('waits initialMs after the first failure and doubles after each further one', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, policy))).toEqual([100, 200, 400, 800]);
  });

  it('never waits longer than maxMs', () => {
    expect([5, 6, 50].map((attempt) => backoffDelay(attempt, policy))).toEqual([1_000, 1_000, 1_000]);
  });

  it('treats attempt 0 or less as the first', () => {
    expect(backoffDelay(0, policy)).toBe(100);
    expect(backoffDelay(-3, policy)).toBe(100);
  });

  it('stays at the cap, finite, for an attempt count that kept growing', () => {
    expect(backoffDelay(1_000_000, policy)).toBe(1_000);
    expect(backoffDelay(Number.MAX_SAFE_INTEGER, { initialMs: 0, maxMs: 1_000 })).toBe(0);
  });

  describe("with 'full' jitter", () => {
    const jittered = { initialMs: 100, maxMs: 1_000, jitter: 'full' as const };

    it('scales the capped wait by the random draw', () => {
      expect(backoffDelay(3, jittered, () => 0.5)).toBe(200);
      expect(backoffDelay(50, jittered, () => 0.25)).toBe(250);
    });

    it('stays between 0 and the capped wait', () => {
      expect(backoffDelay(3, jittered, () => 0)).toBe(0);
      expect(backoffDelay(3, jittered, () => 0.999_999)).toBe(400);
      for (let i = 0; i < 200; i++) {
        const delay = backoffDelay(10, jittered);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(1_000);
        expect(Number.isInteger(delay)).toBe(true);
      }
    });
  });
});
