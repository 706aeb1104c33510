import { spawn } from 'node:child_process';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { once } from 'node:events';
import { HELD_BY_CONNECTION, describeBusyPorts, findBusyPorts } from '../lib/ports.cjs';
import { freePort } from '@lib/test-support';
import { closeServer, occupyPort } from './support/helpers';

/**
 * An outgoing connection whose local end is `localPort`, as the system hands one out to a client
 * that connects without binding: without SO_REUSEADDR, which Node sets on every socket it binds
 * itself, so Python makes it. `close` ends it from the server's side, as a server closing an idle
 * connection does: the client's end is then released at once (the side that closes first keeps its
 * port in TIME_WAIT for a minute).
 */
async function connectionFrom(localPort: number) {
  const accepted: Socket[] = [];
  const server = createServer((socket) => accepted.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = spawn(
    'python3',
    [
      '-c',
      'import socket, sys\n' +
        's = socket.socket()\n' +
        "s.bind(('127.0.0.1', int(sys.argv[1])))\n" +
        "s.connect(('127.0.0.1', int(sys.argv[2])))\n" +
        "print('connected', flush=True)\n" +
        's.recv(1)\n' +
        's.close()\n',
      String(localPort),
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const said = String((await once(client.stdout, 'data'))[0]).trim();
  if (said !== 'connected') throw new Error(`python3 said ${said}`);
  return {
    close: async () => {
      const exited = once(client, 'exit');
      for (const socket of accepted) socket.end();
      await exited;
      await closeServer(server);
    },
  };
}

describe('findBusyPorts', () => {
  it('reports a port that another process listens on, and only that one', async () => {
    const { port, server } = await occupyPort();
    const free = await freePort();
    try {
      const busy = await findBusyPorts([
        { port, purpose: 'gateway HTTP' },
        { port: free, purpose: 'content gRPC' },
      ]);
      expect(busy).toEqual([{ port, purpose: 'gateway HTTP', reason: 'already in use' }]);
    } finally {
      await closeServer(server);
    }
  });

  it('tells a port held by an outgoing connection from one a server listens on', async () => {
    const port = await freePort();
    const connection = await connectionFrom(port);
    try {
      const busy = await findBusyPorts([{ port, purpose: 'leads gRPC' }], { connectionWaitMs: 300 });
      expect(busy).toEqual([{ port, purpose: 'leads gRPC', reason: HELD_BY_CONNECTION }]);
    } finally {
      await connection.close();
    }
  });

  it('waits for an outgoing connection to let go of the port, saying so once', async () => {
    const port = await freePort();
    const connection = await connectionFrom(port);
    const waitedFor: number[][] = [];
    const closing = new Promise((resolve) => setTimeout(resolve, 600)).then(() => connection.close());
    const busy = await findBusyPorts([{ port, purpose: 'leads gRPC' }], {
      connectionWaitMs: 10_000,
      onWait: (ports) => waitedFor.push(ports),
    });
    await closing;
    expect(busy).toEqual([]);
    expect(waitedFor).toEqual([[port]]);
  });

  it('does not wait for a port a server listens on', async () => {
    const { port, server } = await occupyPort();
    const onWait = jest.fn();
    try {
      const busy = await findBusyPorts([{ port, purpose: 'gateway HTTP' }], {
        connectionWaitMs: 60_000,
        onWait,
      });
      expect(busy).toEqual([{ port, purpose: 'gateway HTTP', reason: 'already in use' }]);
      expect(onWait).not.toHaveBeenCalled();
    } finally {
      await closeServer(server);
    }
  });

  it('leaves the probed ports free', async () => {
    const port = await freePort();
    expect(await findBusyPorts([{ port, purpose: 'x' }])).toEqual([]);
    expect(await findBusyPorts([{ port, purpose: 'x' }])).toEqual([]);
  });
});

describe('describeBusyPorts', () => {
  it('names every port, what needed it, and how to find the owner', () => {
    const text = describeBusyPorts([
      { port: 3000, purpose: 'gateway HTTP', reason: 'already in use' },
      { port: 9465, purpose: 'content metrics/health', reason: 'already in use' },
    ]);
    expect(text).toContain('port 3000 (gateway HTTP) is already in use');
    expect(text).toContain('port 9465 (content metrics/health) is already in use');
    expect(text).toContain("ss -tanp 'sport = :3000'");
    expect(text).not.toContain('ip_local_reserved_ports');
  });

  it('says how to keep client connections off ports they held', () => {
    const text = describeBusyPorts([
      { port: 50054, purpose: 'leads gRPC', reason: HELD_BY_CONNECTION },
      { port: 50055, purpose: 'events gRPC', reason: HELD_BY_CONNECTION },
    ]);
    expect(text).toContain(`port 50054 (leads gRPC) is ${HELD_BY_CONNECTION}`);
    expect(text).toContain('add 50054,50055 to net.ipv4.ip_local_reserved_ports');
  });
});
