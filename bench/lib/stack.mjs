// The stack the benchmark starts: tools/start/start.mjs --json with BENCH_STATIC=1, the page cache
// as asked and (optionally) a generated content folder; its log goes to a file in bench/results/.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';

const STACK_START_TIMEOUT_MS = 10 * 60_000; // includes a cold Nx build
const STACK_STOP_TIMEOUT_MS = 45_000;

/**
 * One GET without keep-alive: status, headers and the whole body.
 * @param {string} url
 * @returns {Promise<{ status: number, body: Buffer, headers: http.IncomingHttpHeaders } | undefined>}
 */
export function get(url) {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: 10_000 }, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headers: response.headers }),
      );
      response.on('error', () => resolve(undefined));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
  });
}

/**
 * @typedef {{ stop: () => Promise<void>, logFile: string, ready: Record<string, unknown> }} Stack
 *   ready: start.mjs's `stack-ready` record: `url`, and `mail` and `sandbox` (the partner sandbox's
 *   GET /deliveries) when it runs them
 */

/**
 * Starts the stack and resolves once it reports ready; rejects with the last lines of its log
 * when it exits or does not get ready in time.
 * @param {{
 *   root: string, logFile: string, build: boolean, pageCache: boolean,
 *   contentDir: string | undefined, say: (text: string) => void,
 * }} options
 * @returns {Promise<Stack>}
 */
export async function startStack({ root, logFile, build, pageCache, contentDir, say }) {
  // A fresh clone has no bench/results/ yet (it is not committed).
  mkdirSync(path.dirname(logFile), { recursive: true });
  const logStream = createWriteStream(logFile);
  const env = {
    ...process.env,
    BENCH_STATIC: '1',
    PAGE_CACHE: pageCache ? (process.env.PAGE_CACHE ?? 'true') : 'false',
    // Uncached means the page's own data and document; the answers many pages share stay cached
    // as in production, where another page has usually just asked for them.
    SHARED_ANSWER_CACHE: process.env.SHARED_ANSWER_CACHE ?? 'true',
    // Per-request info logs would be part of what is measured; keep only warnings unless asked.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...(contentDir ? { CONTENT_DIR: contentDir } : {}),
  };
  const args = [path.join(root, 'tools/start/start.mjs'), '--json', ...(build ? [] : ['--no-build'])];
  say(
    `starting the stack (PAGE_CACHE=${env.PAGE_CACHE}, SHARED_ANSWER_CACHE=${env.SHARED_ANSWER_CACHE}, BENCH_STATIC=1${contentDir ? `, CONTENT_DIR=${contentDir}` : ''}` +
      `${build ? '' : ', no build'}); its log: ${path.relative(root, logFile)}`,
  );
  // Its own process group: Ctrl-C reaches only the harness, which then sends the stack one SIGTERM
  // (a second signal would make start.mjs kill everything without draining).
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  /** @type {string[]} */
  const recent = [];
  const ready = new Promise((resolve) => {
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        logStream.write(`${line}\n`);
        recent.push(line);
        if (recent.length > 30) recent.shift();
        if (line.includes('"event":"stack-ready"')) {
          try {
            resolve(JSON.parse(line));
          } catch {
            resolve({});
          }
        }
      });
    }
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(resolve, STACK_STOP_TIMEOUT_MS, 'timeout').unref()),
    ]);
    if (code === 'timeout') {
      child.kill('SIGKILL');
      say('warning: the stack did not stop in time and was killed');
    }
    logStream.end();
  };

  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, STACK_START_TIMEOUT_MS, 'timeout');
  });
  const outcome = await Promise.race([ready, exited.then(() => 'exited'), timeout]);
  clearTimeout(timer);
  if (typeof outcome === 'object' && outcome !== null)
    return { stop, logFile, ready: /** @type {Record<string, unknown>} */ (outcome) };
  await stop();
  const why =
    outcome === 'exited'
      ? 'the stack failed to start'
      : `the stack was not ready within ${STACK_START_TIMEOUT_MS / 1000} s`;
  throw new Error(`${why}; last lines of its log (${path.relative(root, logFile)}):\n${recent.join('\n')}`);
}
