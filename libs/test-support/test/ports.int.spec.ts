import { createServer } from 'node:net';
import { freePort } from '../src';

describe('freePort', () => {
  it('returns a port on 127.0.0.1 that a server can then listen on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    expect(server.address()).toMatchObject({ port });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
