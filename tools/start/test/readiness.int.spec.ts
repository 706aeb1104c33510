import { createServer, type Server } from 'node:http';
import { NotReadyError, probe, waitUntilReady } from '../lib/readiness.cjs';
import { freePort } from '@lib/test-support';
import { closeServer } from './support/helpers';

async function readyzServer(answer: () => number): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const status = req.url === '/readyz' ? answer() : 404;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        status: status === 200 ? 'ok' : 'unavailable',
        checks: { postgresql: status === 200 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}/readyz`, server };
}

describe('probe', () => {
  it('reports status and body, and a closed port as not listening', async () => {
    const { url, server } = await readyzServer(() => 503);
    try {
      expect(await probe(url, 1000)).toEqual({
        ok: false,
        detail: 'answered 503: {"status":"unavailable","checks":{"postgresql":false}}',
      });
    } finally {
      await closeServer(server);
    }
    expect(await probe(`http://127.0.0.1:${await freePort()}/readyz`, 1000)).toEqual({
      ok: false,
      detail: 'not listening yet',
    });
  });
});

describe('waitUntilReady', () => {
  it('resolves once every target has answered 200, telling which became ready', async () => {
    let calls = 0;
    const slow = await readyzServer(() => (++calls < 3 ? 503 : 200));
    const fast = await readyzServer(() => 200);
    const ready: string[] = [];
    try {
      await waitUntilReady(
        [
          { name: 'slow', url: slow.url },
          { name: 'fast', url: fast.url },
        ],
        { timeoutMs: 5000, intervalMs: 20, onReady: (name: string) => ready.push(name) },
      );
      expect(ready).toEqual(['fast', 'slow']);
      expect(calls).toBe(3);
    } finally {
      await closeServer(slow.server);
      await closeServer(fast.server);
    }
  });

  it('fails after the timeout naming only the targets that never became ready, with their last answer', async () => {
    const never = await readyzServer(() => 503);
    const fine = await readyzServer(() => 200);
    try {
      const outcome = waitUntilReady(
        [
          { name: 'fine', url: fine.url },
          { name: 'offers', url: never.url },
        ],
        { timeoutMs: 300, intervalMs: 20 },
      );
      await expect(outcome).rejects.toThrow(NotReadyError);
      await expect(outcome).rejects.toThrow(
        /^not ready after 0 s: offers \(http:\/\/127\.0\.0\.1:\d+\/readyz answered 503/,
      );
      const error = (await outcome.catch((e: unknown) => e)) as InstanceType<typeof NotReadyError>;
      expect(error.pending.map((p) => p.name)).toEqual(['offers']);
    } finally {
      await closeServer(never.server);
      await closeServer(fine.server);
    }
  });

  it('stops waiting when aborted', async () => {
    const controller = new AbortController();
    // Aborted as soon as it has probed once: the reason surfaces, long before the timeout could.
    const never = await readyzServer(() => {
      setImmediate(() => controller.abort(new Error('child died')));
      return 503;
    });
    try {
      await expect(
        waitUntilReady([{ name: 'x', url: never.url }], {
          timeoutMs: 600_000,
          intervalMs: 20,
          signal: controller.signal,
        }),
      ).rejects.toThrow('child died');
    } finally {
      await closeServer(never.server);
    }
  });
});
