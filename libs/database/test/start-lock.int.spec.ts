import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isAlive } from '../src/embedded/process-state';
import { acquireStartLock } from '../src/embedded/start-lock';

describe('the embedded cluster start lock', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'start-lock-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('serialises start-up: a second taker waits until released or until the work is done elsewhere', async () => {
    const file = path.join(dir, 'start.lock');
    const release = await acquireStartLock(file, () => Promise.resolve(false), 5_000);
    expect(release).toBeDefined();
    expect(await readFile(file, 'utf8')).toBe(String(process.pid));

    // The second taker finds the lock held and asks whether the work is done: not yet, then yes.
    let answerFirst!: () => void;
    const firstAsked = new Promise<void>((resolve) => (answerFirst = resolve));
    let asked = 0;
    const done = () => {
      asked += 1;
      if (asked === 1) answerFirst();
      return Promise.resolve(asked >= 2);
    };
    let settled = false;
    const waiting = acquireStartLock(file, done, 60_000).finally(() => (settled = true));
    await firstAsked;
    expect(settled).toBe(false); // "not yet" keeps it waiting, lock still held by us
    expect(await waiting).toBeUndefined();
    expect(asked).toBe(2);

    await release!();
    const again = await acquireStartLock(file, () => Promise.resolve(false), 5_000);
    expect(again).toBeDefined();
    await again!();
  });

  it('takes over a lock whose holder died, and gives up after the timeout on a live one', async () => {
    const file = path.join(dir, 'start.lock');
    const dead = spawn('true');
    await new Promise((resolve) => dead.on('exit', resolve));
    expect(isAlive(dead.pid!)).toBe(false);
    await writeFile(file, String(dead.pid));
    const release = await acquireStartLock(file, () => Promise.resolve(false), 5_000);
    expect(release).toBeDefined();
    await expect(acquireStartLock(file, () => Promise.resolve(false), 300)).rejects.toThrow(/timed out/);
    await release!();
  });
});
