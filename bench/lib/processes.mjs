// Processes the event benchmarks start from the dist builds (events service, gateway), each on
// loopback ports of its own, never the defaults a running `npm start` holds.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * A free loopback TCP port.
 * @returns {Promise<number>}
 */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });

/**
 * Starts `node <root>/<script>` with `env` added to ours and waits until `readyUrl` answers 200.
 * @param {string} root
 * @param {string} name
 * @param {string} script
 * @param {Record<string, string>} env
 * @param {string} readyUrl
 * @returns {Promise<{ stop(): Promise<void> }>}
 */
export async function startProcess(root, name, script, env, readyUrl) {
  const child = spawn(process.execPath, [path.join(root, script)], {
    cwd: root,
    // OPERATOR_EXAMPLE: the gateway's embedded example operator (production wants real OPERATOR_* data otherwise);
    // OFFERS_ALLOW_SAMPLE_FEEDS: a bench run is not public, so the offers service may serve the bundled sample feeds
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      OPERATOR_EXAMPLE: 'true',
      OFFERS_ALLOW_SAMPLE_FEEDS: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    const ready = await fetch(readyUrl).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    stop: () =>
      /** @type {Promise<void>} */ (
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        })
      ),
  };
}

/**
 * The events service from its build on fresh ports; `env` names DATABASE_URL and KAFKA_BROKERS.
 * @param {string} root
 * @param {Record<string, string>} env
 */
export async function startEventsService(root, env) {
  const grpcPort = await freePort();
  const opsPort = await freePort();
  const run = await startProcess(
    root,
    'events service',
    'dist/apps/events/src/main.js',
    { ...env, GRPC_HOST: '127.0.0.1', GRPC_PORT: String(grpcPort), OPS_PORT: String(opsPort) },
    `http://127.0.0.1:${opsPort}/readyz`,
  );
  return { grpcTarget: `127.0.0.1:${grpcPort}`, stop: run.stop };
}
