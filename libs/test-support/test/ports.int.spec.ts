import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort } from '../src';

const listen = (port: number) =>
  new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
const close = (server: ReturnType<typeof createServer>) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

describe('freePort', () => {
  it('returns a port on 127.0.0.1 that a server can then listen on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    const server = await listen(port);
    expect(server.address()).toMatchObject({ port });
    await close(server);
  });

  it('draws from below the ephemeral range, where outgoing connections never take a port, and above the ports browsers refuse', async () => {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      // Chromium refuses 10080 and every lower port on its list (net::ERR_UNSAFE_PORT).
      expect(port).toBeGreaterThan(10_080);
      expect(port).toBeLessThan(Number(start));
    }
  });

  it('never hands out the same port twice in one process, even once its server has stopped', async () => {
    const ports = await Promise.all(Array.from({ length: 200 }, () => freePort()));
    expect(new Set(ports).size).toBe(ports.length);
  });
});
