import { MemoryRateLimiter } from './rate-limiter';

describe('MemoryRateLimiter', () => {
  it('allows the limit per window, then refuses until the window ends', async () => {
    let now = 1_000;
    const limiter = new MemoryRateLimiter({ limit: 2, windowMs: 60_000 }, () => now);
    await expect(limiter.hit('a')).resolves.toEqual({ allowed: true, count: 1, retryAfterMs: 60_000 });
    await expect(limiter.hit('a')).resolves.toMatchObject({ allowed: true, count: 2 });
    now += 10_000;
    await expect(limiter.hit('a')).resolves.toEqual({ allowed: false, count: 3, retryAfterMs: 50_000 });
    await expect(limiter.hit('b')).resolves.toMatchObject({ allowed: true, count: 1 });
    now += 50_000;
    await expect(limiter.hit('a')).resolves.toMatchObject({ allowed: true, count: 1 });
  });

  it('takes a hit back within its window, never below zero, and not after the window ended', async () => {
    let now = 1_000;
    const limiter = new MemoryRateLimiter({ limit: 1, windowMs: 60_000 }, () => now);
    await limiter.hit('a');
    await limiter.giveBack('a');
    await limiter.giveBack('a');
    await expect(limiter.hit('a')).resolves.toMatchObject({ allowed: true, count: 1 });
    now += 60_000;
    await limiter.giveBack('a');
    await expect(limiter.hit('a')).resolves.toMatchObject({ allowed: true, count: 1 });
    await expect(limiter.hit('a')).resolves.toMatchObject({ allowed: false, count: 2 });
  });

  it('forgets a key: its counter and window go, other keys keep theirs', async () => {
    const limiter = new MemoryRateLimiter({ limit: 1, windowMs: 60_000 }, () => 1_000);
    await limiter.hit('a');
    await limiter.hit('b');
    await limiter.forget('a');
    await limiter.forget('never-hit');
    await expect(limiter.hit('a')).resolves.toEqual({ allowed: true, count: 1, retryAfterMs: 60_000 });
    await expect(limiter.hit('b')).resolves.toMatchObject({ allowed: false, count: 2 });
  });
});
