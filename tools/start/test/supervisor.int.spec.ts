import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError, Supervisor } from '../lib/supervisor.cjs';
import { closeServer, freePort, isAlive } from './support/helpers';

const FAKE = path.join(__dirname, 'fixtures/fake-service.cjs');
// Generous: how long real processes may take to come up on a busy machine (they need ~100 ms).
const STARTUP_MS = 30_000;

interface Captured {
  name: string;
  line: string;
}

async function fakeSpec(name: string, env: Record<string, string> = {}) {
  const port = await freePort();
  return {
    name,
    command: process.execPath,
    args: [FAKE],
    env: { PATH: process.env.PATH ?? '', NAME: name, PORT: String(port), ...env },
    readyUrl: `http://127.0.0.1:${port}/readyz`,
  };
}

describe('Supervisor', () => {
  let supervisor: InstanceType<typeof Supervisor>;
  let captured: Captured[];

  beforeEach(() => {
    captured = [];
    supervisor = new Supervisor({
      cwd: __dirname,
      onLine: (name: string, line: string) => captured.push({ name, line }),
    });
  });

  afterEach(() => supervisor.killAll());

  it('starts every process, waits for readiness, and stops them all gracefully', async () => {
    const ready: string[] = [];
    const specs = [await fakeSpec('content', { READY_AFTER_MS: '300' }), await fakeSpec('gateway')];
    const started = await supervisor.startAll(specs, {
      timeoutMs: STARTUP_MS,
      intervalMs: 50,
      onReady: (n: string) => ready.push(n),
    });
    expect(started.map((p) => p.name)).toEqual(['content', 'gateway']);
    expect(ready.sort()).toEqual(['content', 'gateway']);
    expect(started.every((p) => p.running)).toBe(true);

    const results = await supervisor.stop(STARTUP_MS);
    expect(results).toEqual([
      { name: 'content', info: { code: 0, signal: null }, forced: false },
      { name: 'gateway', info: { code: 0, signal: null }, forced: false },
    ]);
    const contentLines = captured
      .filter((c) => c.name === 'content')
      .map((c) => JSON.parse(c.line).msg as string);
    expect(contentLines).toEqual(['listening', 'draining', 'stopped']);
  });

  it('fails startup as soon as one process dies, with its last lines', async () => {
    const specs = [
      await fakeSpec('content', { CRASH_AFTER_MS: '200', CRASH_CODE: '3', READY_AFTER_MS: '600000' }),
      await fakeSpec('offers'),
    ];
    const error = (await supervisor
      .startAll(specs, { timeoutMs: STARTUP_MS, intervalMs: 50 })
      .catch((e: unknown) => e)) as InstanceType<typeof StartupError>;
    expect(error).toBeInstanceOf(StartupError);
    // The exit, not the timeout, ended the wait (a timeout would say "not ready after").
    expect(error.message).toBe('content exited with code 3 during startup');
    expect(error.culprits).toHaveLength(1);
    expect(error.culprits[0]!.name).toBe('content');
    expect(error.culprits[0]!.lines).toContain('Error: relation "pages" does not exist');
    await supervisor.stop(5_000);
  });

  it('fails startup after the timeout naming the process that never became ready', async () => {
    // leads's readiness is answered in process, so it is ready at the first probe however slowly
    // its process starts; rates never is.
    const leadsReady = createServer((_req, res) => res.writeHead(200).end('ok'));
    await new Promise<void>((resolve) => leadsReady.listen(0, '127.0.0.1', resolve));
    const { port: leadsPort } = leadsReady.address() as AddressInfo;
    const leads = { ...(await fakeSpec('leads')), readyUrl: `http://127.0.0.1:${leadsPort}/readyz` };
    const specs = [await fakeSpec('rates', { READY_AFTER_MS: '600000' }), leads];
    const error = (await supervisor
      .startAll(specs, { timeoutMs: 500, intervalMs: 50 })
      .catch((e: unknown) => e)) as InstanceType<typeof StartupError>;
    expect(error).toBeInstanceOf(StartupError);
    expect(error.message).toMatch(
      /^not ready after \d+ s: rates \(http:\/\/127\.0\.0\.1:\d+\/readyz answered 503: warming up\)$/,
    );
    expect(error.culprits.map((c) => c.name)).toEqual(['rates']);
    await supervisor.stop(5_000);
    await closeServer(leadsReady);
  });

  it('kills a process group that ignores SIGTERM once the grace period is over', async () => {
    const spec = await fakeSpec('events', { IGNORE_SIGTERM: '1', GRANDCHILD: '1' });
    await supervisor.startAll([spec], { timeoutMs: STARTUP_MS, intervalMs: 50 });
    const [events] = supervisor.processes;
    const signals = jest.spyOn(events!, 'signal');
    const grandchildLine = captured
      .map((c) => JSON.parse(c.line) as { grandchildPid?: number })
      .find((r) => r.grandchildPid);
    const grandchildPid = grandchildLine!.grandchildPid!;
    expect(isAlive(grandchildPid)).toBe(true);

    const [result] = await supervisor.stop(400);
    // SIGTERM to the process first; only when the grace ran out, SIGKILL to its whole group.
    expect(signals.mock.calls).toEqual([
      ['SIGTERM', false],
      ['SIGKILL', true],
    ]);
    expect(result).toEqual({ name: 'events', info: { code: null, signal: 'SIGKILL' }, forced: true });
    // The kernel delivers the group's SIGKILL; the grandchild is gone once it has been reaped.
    while (isAlive(grandchildPid)) await sleep(20);
  });

  it('reports the first process that exits after startup, but not those it stops itself', async () => {
    const specs = [
      await fakeSpec('content', { CRASH_ON_SIGUSR2: '1', CRASH_CODE: '7' }),
      await fakeSpec('gateway'),
    ];
    const [content] = await supervisor.startAll(specs, { timeoutMs: STARTUP_MS, intervalMs: 50 });
    const exits: string[] = [];
    const reported = new Promise<void>((resolve) =>
      supervisor.watch((managed, info) => {
        exits.push(`${managed.name}:${String(info.code)}`);
        resolve();
      }),
    );
    content!.signal('SIGUSR2', false);
    await reported;
    await supervisor.stop(5_000);
    // watch() callbacks run on the exit promises that stop() has awaited, so any would be in.
    expect(exits).toEqual(['content:7']);
  });

  it('fails a later startup phase when a process of an earlier phase dies', async () => {
    const [content] = await supervisor.startAll([await fakeSpec('content', { CRASH_ON_SIGUSR2: '1' })], {
      timeoutMs: STARTUP_MS,
      intervalMs: 50,
    });
    const gateway = await fakeSpec('gateway', { READY_AFTER_MS: '600000' });
    const later = supervisor.startAll([gateway], { timeoutMs: 600_000, intervalMs: 50 });
    content!.signal('SIGUSR2', false);
    await expect(later).rejects.toThrow('content exited with code 1 during startup');
    await supervisor.stop(5_000);
  });

  it('reports a command that cannot be started at all', async () => {
    const spec = { ...(await fakeSpec('leads')), command: '/nonexistent/node' };
    await expect(supervisor.startAll([spec], { timeoutMs: 5_000, intervalMs: 50 })).rejects.toThrow(
      'leads could not be started (spawn /nonexistent/node ENOENT) during startup',
    );
  });
});
