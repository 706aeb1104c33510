import { freePort, provideTestDatabase, type TestDatabase, until, writeSampleSite } from '@lib/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const workspaceRoot = path.resolve(__dirname, '../../../..');

/** A real peer service (content, offers or events) started from its build on a fresh database. */
export interface PeerProcess {
  target: string;
  database: TestDatabase;
  stop(): Promise<void>;
}

/**
 * Starts `node dist/apps/<name>/src/main.js` (build it first: `npx nx run <name>:build`) on free
 * loopback ports (or the given gRPC port) and waits for its /readyz; content gets the sample site of
 * @lib/testing; events runs without KAFKA_BROKERS (IngestEvents straight into PostgreSQL, as `npm
 * start` runs it).
 */
export async function startPeer(name: 'content' | 'offers' | 'events', port?: number): Promise<PeerProcess> {
  const script = path.join(workspaceRoot, 'dist', 'apps', name, 'src', 'main.js');
  if (!existsSync(script)) throw new Error(`${script} is missing: run npx nx run ${name}:build first`);
  const database = await provideTestDatabase();
  const site = name === 'content' ? await writeSampleSite() : undefined;
  const [grpcPort, opsPort] = [port ?? (await freePort()), await freePort()];
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [script], {
    cwd: workspaceRoot,
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: String(grpcPort),
      OPS_PORT: String(opsPort),
      LOG_LEVEL: 'warn',
      ...(site ? { CONTENT_DIR: site.dir } : {}),
      // The bundled sample feeds are what the offers peer serves here; production refuses them otherwise.
      ...(name === 'offers' ? { OFFERS_ALLOW_SAMPLE_FEEDS: 'true' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    process.removeListener('exit', kill);
    await database.drop();
    await site?.remove();
  };
  // Ready: /readyz answers 200 (migrated, reference data loaded); the test's timeout bounds the wait.
  await until(async () => {
    if (child.exitCode !== null)
      throw new Error(`${name} exited before it was ready:\n${output.slice(-20).join('\n')}`);
    return fetch(`http://127.0.0.1:${opsPort}/readyz`, { signal: AbortSignal.timeout(1_000) })
      .then((res) => res.status === 200)
      .catch(() => false);
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { target: `127.0.0.1:${grpcPort}`, database, stop };
}
