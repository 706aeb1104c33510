import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@lib/test-support';
import { SERVICES } from '../lib/stack.cjs';
import { isAlive } from './support/helpers';
import { type LogRecord, StartRun, childrenOf, portOpen, within } from './support/start-run';

/*
 * `npm start` for real, as a developer runs it after a build: start.mjs --no-build --json on the
 * built dist/, its own embedded PostgreSQL in a fresh DATA_DIR, the five services and the gateway.
 * Then what the README promises of it while it runs: a service or the embedded PostgreSQL's holder
 * that dies is restarted with one log line saying why and one when it is ready again, the pages keep
 * answering meanwhile, and Ctrl-C (SIGINT) stops everything with exit code 0 and nothing left behind.
 * The gateway's port and the embedded PostgreSQL's are free ports; the services' ports are the fixed
 * ones of ARCHITECTURE.md (start.mjs assigns them), so a running `npm start` on this machine makes
 * this test fail at once with start.mjs's own "port … is already in use".
 */

const ROOT = path.resolve(__dirname, '../../..');
// Bounds, generous for a shared 2-core machine; start.mjs bounds its own start-up (120 s for the
// database including initdb, 90 s for the services and the gateway) and reports what is late.
const READY_MS = 150_000;
/** README: a restart waits 1 s (up to 30 s), then the process has the 90 s of a start to be ready. */
const RECOVERY_MS = 90_000;
/** README: SIGTERM, 15 s, then SIGKILL, for the gateway and services and then the database. */
const STOP_MS = 60_000;
/** Pages cached by the gateway before the kill: README says it keeps serving them meanwhile. */
const PAGES = ['/', '/kalkulator-walutowy/', '/kursy-walut-w-bankach/'];

const RESTARTING = (name: string) =>
  new RegExp(`^${name} was killed by SIGKILL; restarting it in \\d+(\\.\\d)? m?s \\(restart (\\d+)\\)$`);

describe('npm start heals the real stack and stops it cleanly', () => {
  let dataDir: string;
  let port: number;
  let pgPort: number;
  let run: StartRun | undefined;
  /** Every process of the stack seen so far, for the check that none is left. */
  const seen = new Map<number, string>();

  const url = (pathname: string) => `http://127.0.0.1:${port}${pathname}`;
  const child = (fragment: string) => {
    const found = childrenOf(run!.pid).find((c) => c.cmdline.includes(fragment));
    if (!found) throw new Error(`no child of npm start runs ${fragment}; last output:\n${run!.describe()}`);
    return found;
  };
  const postmasterPid = () =>
    Number.parseInt(
      readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]!,
      10,
    );
  /** The stack's processes now: the start script's children, the postmaster and its children. */
  const remember = () => {
    for (const c of childrenOf(run!.pid)) seen.set(c.pid, c.cmdline);
    const postmaster = postmasterPid();
    seen.set(postmaster, 'postmaster');
    for (const c of childrenOf(postmaster)) seen.set(c.pid, c.cmdline);
  };
  const status = async (target: string): Promise<number | string> => {
    try {
      const res = await fetch(target, { signal: AbortSignal.timeout(10_000), redirect: 'manual' });
      await res.arrayBuffer();
      return res.status;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };

  /** Fetches the pages over and over until stopped; returns every answer. */
  function pollPages() {
    const answers: { page: string; status: number | string }[] = [];
    let polling = true;
    const done = (async () => {
      while (polling) {
        for (const page of PAGES) answers.push({ page, status: await status(url(page)) });
        await sleep(250);
      }
    })();
    return {
      async stop() {
        polling = false;
        await done;
        return answers;
      },
    };
  }

  /** The restart record and then the recovery record of `name`, after record index `from`. */
  async function restartOf(
    name: string,
    from: number,
  ): Promise<{ restarting: LogRecord; recovered: LogRecord }> {
    const restarting = await run!.waitForRecord(
      (r) => r.event === 'restart' && r.process === name,
      `restart of ${name}`,
      15_000,
      from,
    );
    expect(restarting.msg).toMatch(RESTARTING(name));
    const recovered = await run!.waitForRecord(
      (r) => r.event === 'recovered' && r.process === name,
      `"${name} is ready again"`,
      RECOVERY_MS,
      from,
    );
    expect(recovered.msg).toBe(`${name} is ready again (restart ${restarting.restart})`);
    return { restarting, recovered };
  }

  beforeAll(async () => {
    // PostgreSQL refuses root and runs as the postgres OS user, which must reach the directory.
    dataDir = mkdtempSync(path.join(tmpdir(), 'start-healing-'));
    chmodSync(dataDir, 0o755);
    [port, pgPort] = [await freePort(), await freePort()];
    // What a laptop has: no DATABASE_URL (so the embedded PostgreSQL), no Redis, no Kafka.
    run = new StartRun(
      {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? tmpdir(),
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(pgPort),
        PORT: String(port),
      },
      ROOT,
    );
    await run.waitForRecord((r) => r.event === 'stack-ready', 'ready line', READY_MS);
    remember();
  }, READY_MS + 10_000);

  afterAll(async () => {
    if (run?.running) {
      run.signal('SIGTERM');
      await run.waitForExit(STOP_MS).catch(() => run?.signal('SIGKILL'));
    }
    // Whatever a failed test left: each child leads a process group of its own.
    for (const pid of seen.keys()) {
      if (!isAlive(pid)) continue;
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone meanwhile
        }
      }
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, STOP_MS + 10_000);

  it(
    'restarts a service killed with SIGKILL, logging why and when it is ready again, while the pages answer 200',
    async () => {
      for (const page of PAGES) expect([page, await status(url(page))]).toEqual([page, 200]);
      const rates = child('dist/apps/rates/src/main.js');
      const from = run!.records.length;
      const poller = pollPages();
      process.kill(rates.pid, 'SIGKILL');
      await restartOf('rates', from);
      const answers = await poller.stop();

      expect(answers.length).toBeGreaterThanOrEqual(PAGES.length);
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      const again = child('dist/apps/rates/src/main.js');
      expect(again.pid).not.toBe(rates.pid);
      const ratesOps = SERVICES.find((s) => s.name === 'rates')!.opsPort;
      expect(await status(`http://127.0.0.1:${ratesOps}/readyz`)).toBe(200);
      // A page not cached before: rendered from the new rates process.
      expect(await status(url('/kalkulator-walutowy/eur-pln/'))).toBe(200);
      remember();
    },
    2 * RECOVERY_MS,
  );

  it(
    'restarts the embedded PostgreSQL holder killed with SIGKILL, and the stack is ready again',
    async () => {
      const holder = child('tools/start/database.mjs');
      const from = run!.records.length;
      process.kill(holder.pid, 'SIGKILL');
      await restartOf('postgres', from);

      const again = child('tools/start/database.mjs');
      expect(again.pid).not.toBe(holder.pid);
      const readyUrls = [url('/readyz'), ...SERVICES.map((s) => `http://127.0.0.1:${s.opsPort}/readyz`)];
      await within(RECOVERY_MS, 'every /readyz answers 200', async () =>
        (await Promise.all(readyUrls.map(status))).every((s) => s === 200),
      );
      for (const page of PAGES) expect([page, await status(url(page))]).toEqual([page, 200]);
      expect(await portOpen(pgPort)).toBe(true);
      remember();
    },
    2 * RECOVERY_MS,
  );

  it(
    'stops everything on SIGINT with exit code 0, leaving no process and no open port',
    async () => {
      remember();
      run!.signal('SIGINT');
      const exit = await run!.waitForExit(STOP_MS);
      expect(exit).toEqual({ code: 0, signal: null });
      expect(run!.ownLines().slice(-2)).toEqual(['stopping (SIGINT)', 'stopped']);
      // A postmaster's children may need a moment after it to go.
      await within(10_000, 'every process of the stack gone', () =>
        [...seen.keys()].every((pid) => !isAlive(pid)),
      ).catch(() => {
        throw new Error(`still running: ${JSON.stringify([...seen].filter(([pid]) => isAlive(pid)))}`);
      });
      expect(await portOpen(pgPort)).toBe(false);
      expect(await portOpen(port)).toBe(false);
      for (const service of SERVICES)
        expect([service.name, await portOpen(service.grpcPort)]).toEqual([service.name, false]);
    },
    STOP_MS + 20_000,
  );
});
