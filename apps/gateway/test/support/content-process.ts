import { createServiceClient, type ServiceClient } from '@lib/contracts';
import { freePort, provideTestDatabase, writeSampleSite } from '@lib/testing';
import path from 'node:path';
import { ChildRun } from './stack';

const workspaceRoot = path.resolve(__dirname, '../../../..');

export interface ContentProcess {
  /** host:port of its gRPC server (the gateway's CONTENT_SERVICE_ADDR). */
  target: string;
  /** A client of the same service, for read-backs and moderation. */
  client: ServiceClient<'content'>;
  databaseUrl: string;
  output(): string[];
  stop(): Promise<void>;
}

/**
 * The real content service from its build (node dist/apps/content/src/main.js; `npx nx run
 * content:build`) on a fresh PostgreSQL database and the sample site of @lib/testing, its cache in
 * process (no Redis: its cache namespace is fixed and would be shared with other runs).
 */
export async function startContentProcess(): Promise<ContentProcess> {
  const [database, site] = await Promise.all([provideTestDatabase(), writeSampleSite()]);
  const [grpcPort, opsPort] = [await freePort(), await freePort()];
  const run = new ChildRun('content', path.join(workspaceRoot, 'dist', 'apps', 'content', 'src', 'main.js'), {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    GRPC_HOST: '127.0.0.1',
    GRPC_PORT: String(grpcPort),
    OPS_PORT: String(opsPort),
    LOG_LEVEL: 'warn',
    CONTENT_DIR: site.dir,
  });
  const cleanUp = async () => {
    await run.stop();
    await database.drop();
    await site.remove();
  };
  try {
    await run.waitUntilReady(`http://127.0.0.1:${opsPort}/readyz`);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const target = `127.0.0.1:${grpcPort}`;
  const client = createServiceClient('content', { target, deadlineMs: 5_000 });
  return {
    target,
    client,
    databaseUrl: database.url,
    output: () => run.output,
    async stop() {
      client.close();
      await cleanUp();
    },
  };
}
