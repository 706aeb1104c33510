import { HttpError, RETRYABLE_STATUSES, createHttpClient } from './http';

type Answer = { status: number; body?: string };

/** A fetch that answers from a script and records each call's method. */
function scriptedFetch(answers: Answer[]) {
  const calls: { url: string; method: string }[] = [];
  const fetch = (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? 'GET' });
    const answer = answers.shift();
    if (!answer) throw new Error('fetch called more often than scripted');
    return Promise.resolve(new Response(answer.body ?? null, { status: answer.status }));
  };
  return { fetch, calls };
}

describe('browser HTTP helper', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])(
    'retries a GET once on %i and returns the second answer',
    async (status) => {
      const { fetch, calls } = scriptedFetch([{ status }, { status: 200, body: '{"ok":true}' }]);
      const http = createHttpClient({ fetch, retryDelayMs: 0 });
      await expect(http.getJson('/x/_payload.json')).resolves.toEqual({ ok: true });
      expect(calls).toHaveLength(2);
    },
  );

  it('retries HEAD and OPTIONS as well, but only once', async () => {
    for (const method of ['HEAD', 'OPTIONS', 'head']) {
      const { fetch, calls } = scriptedFetch([{ status: 503 }, { status: 503, body: 'still down' }]);
      const http = createHttpClient({ fetch, retryDelayMs: 0 });
      await expect(http.request('/builds/latest.json', { method })).rejects.toMatchObject({ status: 503 });
      expect(calls).toHaveLength(2);
    }
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never retries a %s', async (method) => {
    const { fetch, calls } = scriptedFetch([{ status: 503, body: 'busy' }]);
    const http = createHttpClient({ fetch, retryDelayMs: 0 });
    await expect(http.request('/api/event', { method })).rejects.toMatchObject({ status: 503, body: 'busy' });
    expect(calls).toHaveLength(1);
  });

  it.each([400, 401, 403, 404, 410, 413, 422, 501, 505, 599])(
    'does not retry %i and raises HttpError',
    async (status) => {
      expect(RETRYABLE_STATUSES.has(status)).toBe(false);
      const { fetch, calls } = scriptedFetch([{ status, body: 'nope' }]);
      const http = createHttpClient({ fetch, retryDelayMs: 0 });
      const error = await http.request('/a/').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status, url: '/a/', body: 'nope', message: `HTTP ${status} for /a/` });
      expect(calls).toHaveLength(1);
    },
  );

  it('passes 2xx and 3xx answers through without retrying', async () => {
    const { fetch, calls } = scriptedFetch([{ status: 204 }, { status: 304 }]);
    const http = createHttpClient({ fetch, retryDelayMs: 0 });
    expect((await http.request('/a/')).status).toBe(204);
    expect((await http.request('/b/')).status).toBe(304);
    expect(calls).toHaveLength(2);
  });

  it('asks for JSON and waits before the retry', async () => {
    const seen: Headers[] = [];
    const fetch = (_url: string, init?: RequestInit) => {
      seen.push(new Headers(init?.headers));
      return Promise.resolve(
        new Response(seen.length === 1 ? null : '[1]', { status: seen.length === 1 ? 429 : 200 }),
      );
    };
    const http = createHttpClient({ fetch, retryDelayMs: 40 });
    const started = Date.now();
    await expect(http.getJson('/x')).resolves.toEqual([1]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    expect(seen[0]!.get('accept')).toBe('application/json');
  });

  it('lets network failures through unchanged', async () => {
    const http = createHttpClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      retryDelayMs: 0,
    });
    await expect(http.request('/a/')).rejects.toThrow('Failed to fetch');
  });
});
