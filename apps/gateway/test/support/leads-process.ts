import { createServiceClient, type ServiceClient } from '@lib/contracts';
import { freePort, provideTestDatabase, type TestDatabase } from '@lib/testing';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { ChildRun } from './stack';
import { type TestGateway, type TestGatewayOptions, startTestGateway } from './test-gateway';

const workspaceRoot = path.resolve(__dirname, '../../../..');
/** The production lender file (no lender takes applications yet): what a production start requires. */
export const PRODUCTION_LENDER_FILE = path.join(
  workspaceRoot,
  'deploy',
  'lenders',
  'lender-delivery.production.json',
);

export interface LeadsProcess {
  /** host:port of its gRPC server (the gateway's LEADS_SERVICE_ADDR). */
  target: string;
  /** A client of the same service, for read-backs (GetErasureRequest). */
  client: ServiceClient<'leads'>;
  databaseUrl: string;
  output(): string[];
  stop(): Promise<void>;
}

/**
 * The real leads service from its build (node dist/apps/leads/src/main.js; `npx nx run leads:build`)
 * on a fresh PostgreSQL database, with keys of its own, as production runs it. Its peers (offers,
 * content) are where the caller says, or nowhere: an erasure then waits for the content service
 * (its status stays "in progress", which is what a visitor is shown).
 */
export async function startLeadsProcess(
  options: {
    redisUrl?: string;
    contentAddr?: string;
    offersAddr?: string;
    /** More variables, over the defaults (e.g. a sandbox lender file, which needs NODE_ENV other than production). */
    env?: Record<string, string>;
  } = {},
): Promise<LeadsProcess> {
  const database: TestDatabase = await provideTestDatabase();
  const [grpcPort, opsPort, nowhere] = [await freePort(), await freePort(), await freePort()];
  const run = new ChildRun('leads', path.join(workspaceRoot, 'dist', 'apps', 'leads', 'src', 'main.js'), {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    GRPC_HOST: '127.0.0.1',
    GRPC_PORT: String(grpcPort),
    OPS_PORT: String(opsPort),
    LOG_LEVEL: 'warn',
    LEADS_MASTER_KEY: `k1:${randomBytes(32).toString('base64')}`,
    LEADS_BLIND_INDEX_KEY: randomBytes(32).toString('base64'),
    CONTENT_SERVICE_ADDR: options.contentAddr ?? `127.0.0.1:${nowhere}`,
    OFFERS_SERVICE_ADDR: options.offersAddr ?? `127.0.0.1:${nowhere}`,
    LEADS_PEER_DEADLINE_MS: '500',
    // What production requires besides: the status links' key, the lender file, the mail settings
    // (nothing listens on that port: a confirmation stays queued), the site's origin for links.
    LEADS_LINK_KEY: randomBytes(32).toString('base64'),
    LENDER_DELIVERY_FILE: PRODUCTION_LENDER_FILE,
    SMTP_URL: `smtp://127.0.0.1:${nowhere}`,
    MAIL_FROM: 'Porównywarka pożyczek <no-reply@example.test>',
    PUBLIC_ORIGIN: 'http://localhost:3000',
    ...options.env,
  });
  try {
    await run.waitUntilReady(`http://127.0.0.1:${opsPort}/readyz`);
  } catch (error) {
    await run.stop();
    await database.drop();
    throw error;
  }
  const target = `127.0.0.1:${grpcPort}`;
  const client = createServiceClient('leads', { target, deadlineMs: 5_000 });
  return {
    target,
    client,
    databaseUrl: database.url,
    output: () => run.output,
    async stop() {
      client.close();
      await run.stop();
      await database.drop();
    },
  };
}

export interface GatewayWithLeads {
  leads: LeadsProcess;
  gateway: TestGateway;
  /** A PostgreSQL client on the leads service's database (read-backs: `leads.<table>`). */
  db: Client;
  stop(): Promise<void>;
}

/**
 * The in-process test gateway in front of the real leads service, with a database client for
 * read-backs: the setup of the gateway's form tests. Posts from a trusted loopback proxy, so each
 * test can post as its own client (X-Forwarded-For) and the per-address budgets stay apart.
 */
export async function startGatewayWithLeads(
  options: {
    client?: TestGatewayOptions['client'];
    env?: Record<string, string>;
    ownOrigin?: boolean;
  } = {},
): Promise<GatewayWithLeads> {
  const leads = await startLeadsProcess();
  const gateway = await startTestGateway({
    targets: { leads: leads.target },
    env: { PAGE_CACHE: 'false', TRUST_PROXY: 'loopback', GRPC_DEADLINE_MS: '5000', ...options.env },
    ...(options.client ? { client: options.client } : {}),
    ...(options.ownOrigin ? { ownOrigin: true } : {}),
  });
  const db = new Client({ connectionString: leads.databaseUrl });
  await db.connect();
  return {
    leads,
    gateway,
    db,
    async stop() {
      await db.end();
      await gateway.stop();
      await leads.stop();
    },
  };
}
