import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError, Supervisor } from '../lib/supervisor.cjs';
import { freePort, isAlive } from './helpers';

const FAKE = path.join(__dirname, 'fixtures/fake-service.cjs');

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
      timeoutMs: 10_000,
      intervalMs: 50,
      onReady: (n: string) => ready.push(n),
    });
    expect(started.map((p) => p.name)).toEqual(['content', 'gateway']);
    expect(ready.sort()).toEqual(['content', 'gateway']);
    expect(started.every((p) => p.running)).toBe(true);

    const results = await supervisor.stop(5_000);
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
    const started = Date.now();
    const error = (await supervisor
      .startAll(specs, { timeoutMs: 20_000, intervalMs: 50 })
      .catch((e: unknown) => e)) as InstanceType<typeof StartupError>;
    expect(error).toBeInstanceOf(StartupError);
    expect(error.message).toBe('content exited with code 3 during startup');
    expect(error.culprits).toHaveLength(1);
    expect(error.culprits[0]!.name).toBe('content');
    expect(error.culprits[0]!.lines).toContain('Error: relation "pages" does not exist');
    expect(Date.now() - started).toBeLessThan(5_000);
    await supervisor.stop(5_000);
  });

  it('fails startup after the timeout naming the process that never became ready', async () => {
    const specs = [await fakeSpec('rates', { READY_AFTER_MS: '600000' }), await fakeSpec('leads')];
    const error = (await supervisor
      .startAll(specs, { timeoutMs: 500, intervalMs: 50 })
      .catch((e: unknown) => e)) as InstanceType<typeof StartupError>;
    expect(error).toBeInstanceOf(StartupError);
    expect(error.message).toMatch(
      /^not ready after \d+ s: rates \(http:\/\/127\.0\.0\.1:\d+\/readyz answered 503: warming up\)$/,
    );
    expect(error.culprits.map((c) => c.name)).toEqual(['rates']);
    await supervisor.stop(5_000);
  });

  it('kills a process group that ignores SIGTERM once the grace period is over', async () => {
    const spec = await fakeSpec('events', { IGNORE_SIGTERM: '1', GRANDCHILD: '1' });
    await supervisor.startAll([spec], { timeoutMs: 10_000, intervalMs: 50 });
    const grandchildLine = captured
      .map((c) => JSON.parse(c.line) as { grandchildPid?: number })
      .find((r) => r.grandchildPid);
    const grandchildPid = grandchildLine!.grandchildPid!;
    expect(isAlive(grandchildPid)).toBe(true);

    const started = Date.now();
    const [result] = await supervisor.stop(400);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(result).toEqual({ name: 'events', info: { code: null, signal: 'SIGKILL' }, forced: true });
    for (let i = 0; i < 50 && isAlive(grandchildPid); i += 1) await sleep(20);
    expect(isAlive(grandchildPid)).toBe(false);
  });

  it('reports the first process that exits after startup, but not those it stops itself', async () => {
    const specs = [
      await fakeSpec('content', { CRASH_AFTER_MS: '800', CRASH_CODE: '7' }),
      await fakeSpec('gateway'),
    ];
    await supervisor.startAll(specs, { timeoutMs: 10_000, intervalMs: 50 });
    const exits: string[] = [];
    const reported = new Promise<void>((resolve) =>
      supervisor.watch((managed, info) => {
        exits.push(`${managed.name}:${String(info.code)}`);
        resolve();
      }),
    );
    await reported;
    await supervisor.stop(5_000);
    await sleep(50);
    expect(exits).toEqual(['content:7']);
  });

  it('fails a later startup phase when a process of an earlier phase dies', async () => {
    await supervisor.startAll([await fakeSpec('content', { CRASH_AFTER_MS: '600' })], { timeoutMs: 10_000, intervalMs: 50 });
    const gateway = await fakeSpec('gateway', { READY_AFTER_MS: '600000' });
    await expect(supervisor.startAll([gateway], { timeoutMs: 20_000, intervalMs: 50 })).rejects.toThrow(
      'content exited with code 1 during startup',
    );
    await supervisor.stop(5_000);
  });

  it('reports a command that cannot be started at all', async () => {
    const spec = { ...(await fakeSpec('leads')), command: '/nonexistent/node' };
    await expect(supervisor.startAll([spec], { timeoutMs: 5_000, intervalMs: 50 })).rejects.toThrow(
      'leads could not be started (spawn /nonexistent/node ENOENT) during startup',
    );
  });
});
