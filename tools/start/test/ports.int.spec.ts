import { describeBusyPorts, findBusyPorts } from '../lib/ports.cjs';
import { freePort } from '@lib/test-support';
import { closeServer, occupyPort } from './support/helpers';

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
    expect(text).toContain("ss -ltnp 'sport = :3000'");
  });
});
