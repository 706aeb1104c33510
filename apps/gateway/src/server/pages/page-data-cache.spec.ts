import { MemoryCache } from '@lib/cache';
import { createLogger } from '@lib/observability';
import { loadPageData, pageDataKey } from './page-data-cache';

const logger = createLogger({ name: 'test', level: 'silent' });
const options = { enabled: true, ttlMs: 60_000, staleMs: 60_000 };

describe('page data cache', () => {
  it('keys by route and parameters, independent of key order', () => {
    expect(pageDataKey('content', { path: '/o-nas/' })).toBe('page:v1:content:{"path":"/o-nas/"}');
    expect(pageDataKey('bank', { b: 1, a: [2, { d: 1, c: 2 }] })).toBe(
      pageDataKey('bank', { a: [2, { c: 2, d: 1 }], b: 1 }),
    );
    expect(pageDataKey('home', {})).toBe('page:v1:home:{}');
    expect(pageDataKey('offers', { z: undefined, b: [null, 'ą"'], a: { y: true, x: 1.5 } })).toBe(
      'page:v1:offers:{"a":{"x":1.5,"y":true},"b":[null,"ą\\""],"z":null}',
    );
  });

  it('serves the cached copy without calling the loader again', async () => {
    const cache = new MemoryCache({ logger });
    let calls = 0;
    const load = () => Promise.resolve({ n: ++calls });
    const complete = () => false;
    expect(await loadPageData(cache, options, 'k', load, complete)).toEqual({ n: 1 });
    expect(await loadPageData(cache, options, 'k', load, complete)).toEqual({ n: 1 });
    expect(calls).toBe(1);
  });

  it('returns partial data but never stores it, and keeps a complete copy in place', async () => {
    const cache = new MemoryCache({ logger });
    const partial = { offers: { status: 'unavailable' } };
    const isPartial = (data: unknown) => data === partial;
    expect(await loadPageData(cache, options, 'k', () => Promise.resolve(partial), isPartial)).toBe(partial);
    expect(await cache.get('k')).toBeUndefined();

    await loadPageData(cache, options, 'k', () => Promise.resolve({ full: true }), isPartial);
    expect(await loadPageData(cache, options, 'k', () => Promise.resolve(partial), isPartial)).toEqual({
      full: true,
    });
  });

  it('calls the loader every time when the cache is off, and passes its errors on', async () => {
    const cache = new MemoryCache({ logger });
    let calls = 0;
    const off = { ...options, enabled: false };
    await loadPageData(
      cache,
      off,
      'k',
      () => Promise.resolve(++calls),
      () => false,
    );
    await loadPageData(
      cache,
      off,
      'k',
      () => Promise.resolve(++calls),
      () => false,
    );
    expect(calls).toBe(2);
    await expect(
      loadPageData(
        cache,
        options,
        'x',
        () => Promise.reject(new Error('down')),
        () => false,
      ),
    ).rejects.toThrow('down');
  });
});
