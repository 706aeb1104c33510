import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Ports are drawn from below the kernel's ephemeral range. A port the kernel hands to listen(0)
 * comes from that range, and in the moment between closing the probe and the test's server
 * binding it, any outgoing connection of any process (to PostgreSQL, Redis, a service) may take it
 * as its local port: the server then fails with EADDRINUSE. Below the range nothing takes a port
 * unasked. The draw starts above 10080, the highest of the ports Chromium refuses to load
 * (net::ERR_UNSAFE_PORT), so a server a browser test opens is one the browser will visit.
 */
const LOWEST = 10_081;
/** Linux's default ephemeral range starts here; /proc tells the machine's own. */
const DEFAULT_EPHEMERAL_START = 32_768;
/** Draws before falling back to the kernel's choice (only when the low range is crowded). */
const DRAWS = 64;

/** Ports this process handed out already: never twice, even after their servers stopped. */
const handedOut = new Set<number>();

function ephemeralStart(): number {
  try {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const value = Number(start);
    return Number.isInteger(value) && value > LOWEST ? value : DEFAULT_EPHEMERAL_START;
  } catch {
    return DEFAULT_EPHEMERAL_START;
  }
}

/** Listens on `port` (0: the kernel picks) and closes again; the port, or undefined when taken. */
function probe(port: number): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(undefined) : reject(error),
    );
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : undefined;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A TCP port on 127.0.0.1 that was free a moment ago, below the ephemeral range (so no outgoing
 * connection takes it before the caller binds it) and never the same twice in one process.
 */
export async function freePort(): Promise<number> {
  const end = ephemeralStart();
  for (let draw = 0; draw < DRAWS; draw += 1) {
    const port = randomInt(LOWEST, end);
    if (handedOut.has(port)) continue;
    // Reserved before the probe, so that concurrent calls never settle on the same port.
    handedOut.add(port);
    if ((await probe(port)) === port) return port;
    handedOut.delete(port);
  }
  const port = await probe(0);
  if (port === undefined) throw new Error('could not determine a free port');
  handedOut.add(port);
  return port;
}
