import { createServer } from 'node:net';
import { silentLogger } from '@lib/testing';
import { getWithRetry, TransientHttpError } from './http-get';
import { OutboundStoppedError } from './outbound-requests';

/** A port nothing listens on: every request is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('getWithRetry', () => {
  let url: string;
  beforeAll(async () => {
    url = `http://127.0.0.1:${await closedPort()}/api/`;
  });

  it('gives up with a transient error once the retries are spent', async () => {
    const policy = { retries: 2, firstDelayMs: 1, timeoutMs: 1_000 };
    await expect(getWithRetry(url, 'application/json', policy, silentLogger())).rejects.toBeInstanceOf(
      TransientHttpError,
    );
  });

  it('ends a retrying request as soon as it is stopped, not after its pauses', async () => {
    // Pauses of 60 s and more: only the stop can end this within the test's time.
    const policy = { retries: 5, firstDelayMs: 60_000, timeoutMs: 1_000 };
    const stop = new AbortController();
    const request = getWithRetry(url, 'application/json', policy, silentLogger(), stop.signal);
    setTimeout(() => stop.abort(), 50);
    await expect(request).rejects.toBeInstanceOf(OutboundStoppedError);
  });

  it('sends nothing once stopped', async () => {
    const stop = new AbortController();
    stop.abort();
    const policy = { retries: 0, firstDelayMs: 1, timeoutMs: 1_000 };
    await expect(
      getWithRetry(url, 'application/json', policy, silentLogger(), stop.signal),
    ).rejects.toBeInstanceOf(OutboundStoppedError);
  });
});
