// Starts and stops the "bare Node" target (bare-node-server.cjs) in a child process of its own.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-node-server.cjs');
const START_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;

/**
 * @param {{ body: Buffer, contentType: string }} answer what every request gets
 * @returns {Promise<{ url: (route: string) => string, stop: () => Promise<void> }>}
 */
export async function startBareNode({ body, contentType }) {
  const child = fork(SERVER, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  try {
    child.send({ body, contentType });
    const port = await Promise.race([
      new Promise((resolve) => child.once('message', (/** @type {{ port: number }} */ m) => resolve(m.port))),
      exited.then(() => Promise.reject(new Error('the bare Node server exited before listening'))),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('the bare Node server did not start')), START_TIMEOUT_MS);
      }),
    ]);
    return {
      url: (route) => `http://127.0.0.1:${port}${route}`,
      stop: async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        const stopped = await Promise.race([
          exited.then(() => true),
          new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS, false).unref()),
        ]);
        if (!stopped) child.kill('SIGKILL');
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
