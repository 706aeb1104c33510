import { createServer } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError, Supervisor, type SupervisorEvent } from '../lib/supervisor.cjs';
import { freePort } from '@lib/test-support';
import { closeServer, isAlive } from './support/helpers';

const FAKE = path.join(__dirname, 'fixtures/fake-service.cjs');
// Generous: how long real processes may take to come up on a busy machine (they need ~100 ms).
const STARTUP_MS = 30_000;
// The real policy with short waits, so restarts happen within a test; what is checked is the order
// of events, never how long anything took.
const POLICY = {
  initialBackoffMs: 20,
  maxBackoffMs: 100,
  healthIntervalMs: 50,
  healthTimeoutMs: 500,
  unhealthyAfter: 2,
  stopGraceMs: 500,
  readyIntervalMs: 20,
};

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
    healthUrl: `http://127.0.0.1:${port}/healthz`,
  };
}

describe('Supervisor', () => {
  let supervisor: InstanceType<typeof Supervisor>;
  let captured: Captured[];
  let events: SupervisorEvent[];
  let waiters: { match: (e: SupervisorEvent) => boolean; resolve: (e: SupervisorEvent) => void }[];

  /** Resolves with the first event (already seen or still to come) that matches. */
  const nextEvent = (match: (e: SupervisorEvent) => boolean, after = 0) =>
    new Promise<SupervisorEvent>((resolve) => {
      const seen = events.slice(after).find(match);
      if (seen) resolve(seen);
      else waiters.push({ match, resolve });
    });

  beforeEach(() => {
    captured = [];
    events = [];
    waiters = [];
    supervisor = new Supervisor({
      cwd: __dirname,
      policy: POLICY,
      onLine: (name: string, line: string) => captured.push({ name, line }),
      onEvent: (event: SupervisorEvent) => {
        events.push(event);
        for (const waiter of waiters.filter((w) => w.match(event))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      },
    });
  });

  afterEach(() => supervisor.killAll());

  const pidsOf = (name: string) =>
    captured
      .filter((c) => c.name === name && c.line.startsWith('{'))
      .map((c) => JSON.parse(c.line) as { msg: string; pid?: number })
      .filter((r) => r.msg === 'listening').length;

  it('starts every process, waits for readiness, and stops them all gracefully', async () => {
    const ready: string[] = [];
    const specs = [await fakeSpec('content', { READY_AFTER_MS: '300' }), await fakeSpec('gateway')];
    const started = await supervisor.startAll(specs, {
      timeoutMs: STARTUP_MS,
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
    expect(events.filter((e) => e.type !== 'ready')).toEqual([]);
  });

  it('restarts a process that exits after start-up, with its reason, and it is ready again', async () => {
    const [content] = await supervisor.startAll(
      [await fakeSpec('content', { CRASH_ON_SIGUSR2: '1', CRASH_CODE: '7' })],
      {
        timeoutMs: STARTUP_MS,
      },
    );
    const firstPid = content!.child!.pid!;
    content!.signal('SIGUSR2', false);

    const restarting = await nextEvent((e) => e.type === 'restarting');
    expect(restarting).toEqual({
      type: 'restarting',
      name: 'content',
      reason: 'exited with code 7',
      delayMs: 20,
      restart: 1,
    });
    await nextEvent((e) => e.type === 'ready' && e.restart === 1);
    expect(content!.running).toBe(true);
    expect(content!.child!.pid).not.toBe(firstPid);
    expect(pidsOf('content')).toBe(2);
    expect(events.map((e) => e.type)).toEqual(['ready', 'restarting', 'ready']);
    await supervisor.stop(5_000);
  });

  it('restarts a process that stops answering its health check, killing it when it ignores SIGTERM', async () => {
    const [events_] = await supervisor.startAll([await fakeSpec('events', { HANG_ON_SIGUSR1: '1' })], {
      timeoutMs: STARTUP_MS,
    });
    const hungPid = events_!.child!.pid!;
    events_!.signal('SIGUSR1', false);

    const restarting = await nextEvent((e) => e.type === 'restarting');
    expect(restarting).toMatchObject({
      name: 'events',
      reason: expect.stringMatching(
        /^did not answer http:\/\/127\.0\.0\.1:\d+\/healthz 2 times in a row \(no answer within 500 ms\)$/,
      ),
      restart: 1,
    });
    // A hung process ignores SIGTERM: it was killed once the grace period ran out.
    expect(isAlive(hungPid)).toBe(false);
    await nextEvent((e) => e.type === 'ready' && e.restart === 1);
    expect(events_!.child!.pid).not.toBe(hungPid);
    await supervisor.stop(5_000);
  });

  it('gives up on a process that fails at start three times in a row, with its last lines', async () => {
    const spec = await fakeSpec('content', {
      CRASH_AFTER_MS: '50',
      CRASH_CODE: '3',
      READY_AFTER_MS: '600000',
    });
    const error = (await supervisor
      .startAll([spec], { timeoutMs: STARTUP_MS })
      .catch((e: unknown) => e)) as InstanceType<typeof StartupError>;
    expect(error).toBeInstanceOf(StartupError);
    expect(error.message).toBe('content exited with code 3; failed at start 3 times in a row');
    expect(error.culprits).toEqual([
      { name: 'content', lines: expect.arrayContaining(['Error: relation "pages" does not exist']) },
    ]);
    expect(events.map((e) => e.type)).toEqual(['restarting', 'restarting', 'gave-up']);
    expect(
      events.filter((e) => e.type === 'restarting').map((e) => (e as { delayMs: number }).delayMs),
    ).toEqual([20, 40]);
    expect(supervisor.processes[0]!.running).toBe(false);
  });

  it('gives up at once on a configuration error (exit code 78)', async () => {
    const spec = await fakeSpec('rates', { EXIT_CODE_AT_START: '78' });
    await expect(supervisor.startAll([spec], { timeoutMs: STARTUP_MS })).rejects.toThrow(
      'rates exited with code 78; exited with code 78 (its configuration is invalid; restarting cannot help)',
    );
    expect(events.map((e) => e.type)).toEqual(['gave-up']);
  });

  it('gives up after start-up on a process that no longer starts, and reports it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'supervisor-'));
    const broken = path.join(dir, 'broken');
    try {
      const [content] = await supervisor.startAll(
        [await fakeSpec('content', { CRASH_ON_SIGUSR2: '1', CRASH_AT_START_IF_EXISTS: broken })],
        { timeoutMs: STARTUP_MS },
      );
      writeFileSync(broken, 'from now on every start crashes');
      content!.signal('SIGUSR2', false);
      const gaveUp = await nextEvent((e) => e.type === 'gave-up');
      expect(gaveUp).toMatchObject({
        name: 'content',
        reason: 'exited with code 1; failed at start 3 times in a row',
      });
      // One restart after the crash of a ready process, then three failed starts.
      expect(events.map((e) => e.type)).toEqual([
        'ready',
        'restarting',
        'restarting',
        'restarting',
        'gave-up',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails a later startup phase when a process of an earlier phase gives up', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'supervisor-'));
    const broken = path.join(dir, 'broken');
    try {
      const [content] = await supervisor.startAll(
        [await fakeSpec('content', { CRASH_ON_SIGUSR2: '1', CRASH_AT_START_IF_EXISTS: broken })],
        { timeoutMs: STARTUP_MS },
      );
      const later = supervisor.startAll([await fakeSpec('gateway', { READY_AFTER_MS: '600000' })], {
        timeoutMs: 600_000,
      });
      writeFileSync(broken, 'x');
      content!.signal('SIGUSR2', false);
      await expect(later).rejects.toThrow('content exited with code 1; failed at start 3 times in a row');
      await supervisor.stop(5_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a later phase waiting through a restart of an earlier process that recovers', async () => {
    const [content] = await supervisor.startAll([await fakeSpec('content', { CRASH_ON_SIGUSR2: '1' })], {
      timeoutMs: STARTUP_MS,
    });
    const gateway = await fakeSpec('gateway', { READY_AFTER_MS: '300' });
    const later = supervisor.startAll([gateway], { timeoutMs: STARTUP_MS });
    content!.signal('SIGUSR2', false);
    await nextEvent((e) => e.type === 'ready' && e.name === 'content' && e.restart === 1);
    await expect(later).resolves.toHaveLength(1);
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
      .startAll(specs, { timeoutMs: 500 })
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
    await supervisor.startAll([spec], { timeoutMs: STARTUP_MS });
    const [events_] = supervisor.processes;
    const signals = jest.spyOn(events_!.current!, 'signal');
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
    // Stopped on purpose: no restart.
    expect(events.filter((e) => e.type === 'restarting')).toEqual([]);
  });

  it('does not restart what it was told to stop, even while a restart is scheduled', async () => {
    let scheduled!: () => void;
    const restarting = new Promise<void>((resolve) => (scheduled = resolve));
    const slow = new Supervisor({
      cwd: __dirname,
      policy: { ...POLICY, initialBackoffMs: 60_000 },
      onLine: () => undefined,
      onEvent: (e: SupervisorEvent) => e.type === 'restarting' && scheduled(),
    });
    try {
      const [content] = await slow.startAll([await fakeSpec('content', { CRASH_ON_SIGUSR2: '1' })], {
        timeoutMs: STARTUP_MS,
      });
      content!.signal('SIGUSR2', false);
      await restarting;
      expect(content!.restartTimer).toBeDefined();
      await slow.stop(5_000);
      expect(content!.restartTimer).toBeUndefined();
      expect(content!.stopped).toBe(true);
    } finally {
      slow.killAll();
    }
  });

  it('reports a command that cannot be started at all', async () => {
    const spec = { ...(await fakeSpec('leads')), command: '/nonexistent/node' };
    await expect(supervisor.startAll([spec], { timeoutMs: 5_000 })).rejects.toThrow(
      'leads could not be started (spawn /nonexistent/node ENOENT); failed at start 3 times in a row',
    );
  });
});
