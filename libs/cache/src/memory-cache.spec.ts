import pino from 'pino';
import { useFakeClock } from '../test/support/helpers';
import { createCache } from './create-cache';
import { MemoryCache } from './memory-cache';

const logger = pino({ level: 'silent' });

describe('MemoryCache', () => {
  afterEach(() => jest.useRealTimers());

  it('is what createCache returns without a Redis URL', () => {
    const cache = createCache({ namespace: 'offers', logger });
    expect(cache).toBeInstanceOf(MemoryCache);
    expect(cache.kind).toBe('memory');
  });

  it('stores and returns values, misses as undefined', async () => {
    const cache = new MemoryCache({ logger });
    await cache.set('rate:EUR', { mid: 4.2711, date: '2026-01-02' }, 60_000);
    await cache.set('html:/', '<html>strona</html>', 60_000);
    expect(await cache.get('rate:EUR')).toEqual({ mid: 4.2711, date: '2026-01-02' });
    expect(await cache.get('html:/')).toBe('<html>strona</html>');
    expect(await cache.get('rate:USD')).toBeUndefined();
  });

  it('returns copies with JSON semantics, exactly like Redis', async () => {
    const cache = new MemoryCache({ logger });
    const original = { list: [1, 2], at: new Date('2026-01-02T00:00:00Z') };
    await cache.set('k', original, 60_000);
    original.list.push(3);
    const first = await cache.get<{ list: number[]; at: string }>('k');
    expect(first).toEqual({ list: [1, 2], at: '2026-01-02T00:00:00.000Z' });
    first!.list.push(99);
    expect(await cache.get('k')).toEqual({ list: [1, 2], at: '2026-01-02T00:00:00.000Z' });
  });

  it('with shareValues, hands out the stored object itself, frozen to the last level', async () => {
    const cache = new MemoryCache({ logger, shareValues: true });
    const original = { lenders: [{ name: 'Pożyczkodawca', amounts: [100, 200] }], bytes: Buffer.from('ab') };
    await cache.set('facts', original, 60_000);
    const first = await cache.get<typeof original>('facts');
    expect(first).toBe(original);
    expect(await cache.get('facts')).toBe(first);
    expect(() => first!.lenders[0]!.amounts.push(300)).toThrow(TypeError);
    expect(() => {
      first!.lenders[0]!.name = 'inny';
    }).toThrow(TypeError);
    expect(first!.lenders[0]).toEqual({ name: 'Pożyczkodawca', amounts: [100, 200] });
  });

  it('expires each entry after its own ttl', async () => {
    const clock = useFakeClock();
    const cache = new MemoryCache({ logger, now: clock.now });
    await cache.set('short', 1, 40);
    await cache.set('long', 2, 60_000);
    clock.advance(39);
    expect(await cache.get('short')).toBe(1);
    clock.advance(2);
    expect(await cache.get('short')).toBeUndefined();
    expect(await cache.get('long')).toBe(2);
    clock.advance(60_000);
    expect(await cache.get('long')).toBeUndefined();
  });

  it('evicts the least recently used entry beyond maxEntries', async () => {
    const cache = new MemoryCache({ logger, maxEntries: 2 });
    await cache.set('a', 1, 60_000);
    await cache.set('b', 2, 60_000);
    await cache.get('a');
    await cache.set('c', 3, 60_000);
    expect(await cache.get('a')).toBe(1);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('c')).toBe(3);
  });

  it('deletes keys and whole prefixes', async () => {
    const cache = new MemoryCache({ logger });
    for (const key of ['page:/a', 'page:/b', 'page:/c', 'pages', 'rate:EUR'])
      await cache.set(key, key, 60_000);
    await cache.delete('page:/c', 'missing');
    expect(await cache.deleteByPrefix('page:')).toBe(2);
    expect(await cache.get('page:/a')).toBeUndefined();
    expect(await cache.get('pages')).toBe('pages');
    expect(await cache.get('rate:EUR')).toBe('rate:EUR');
    expect(await cache.deleteByPrefix('page:')).toBe(0);
    await cache.delete();
  });

  it('rejects values JSON cannot carry and non-positive ttls', async () => {
    const cache = new MemoryCache({ logger });
    await expect(cache.set('k', undefined, 1_000)).rejects.toThrow(TypeError);
    await expect(cache.set('k', 1, 0)).rejects.toThrow(/positive/);
    await expect(cache.set('k', 1, Number.NaN)).rejects.toThrow(/positive/);
  });

  it('is always ready', async () => {
    const check = new MemoryCache({ logger }).readinessCheck();
    await expect(check.check()).resolves.toBeUndefined();
  });
});
