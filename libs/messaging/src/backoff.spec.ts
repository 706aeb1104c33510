import { backoffDelay } from './backoff';
import { parseBrokers } from './messaging';

describe('backoffDelay', () => {
  it('doubles from the first wait and stops at the cap', () => {
    const policy = { initialMs: 100, maxMs: 1_000 };
    expect([1, 2, 3, 4, 5, 50].map((a) => backoffDelay(a, policy))).toEqual([
      100, 200, 400, 800, 1_000, 1_000,
    ]);
  });

  it('treats attempt 0 or less as the first', () => {
    expect(backoffDelay(0, { initialMs: 50, maxMs: 500 })).toBe(50);
  });
});

describe('parseBrokers', () => {
  it('splits a comma-separated list and drops blanks', () => {
    expect(parseBrokers(' kafka-0:9092, kafka-1:9092 ,,')).toEqual(['kafka-0:9092', 'kafka-1:9092']);
    expect(parseBrokers('')).toEqual([]);
  });
});
