import { closeRedisClient, createRedisClient, ensureRedisConnected } from '@lib/cache';
import { createServiceClient, type ServiceClient } from '@lib/contracts';
import {
  freePort,
  provideTestDatabase,
  type TestDatabase,
  type TestRedis,
  writeSampleSite,
} from '@lib/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Redis } from 'ioredis';

/*
 * The real thing, one per test file: the content, offers and rates services started as processes
 * from their builds (node dist/apps/<service>/src/main.js), each on a fresh PostgreSQL database,
 * and the gateway from its build, with its page cache in Redis. Leads and events are started when
 * asked (`leads`, `events`); otherwise the gateway points at loopback ports where nothing listens.
 *
 * Redis: the services' and the gateway's cache namespaces are fixed ('content', 'gateway', …), so
 * two stacks (or a stack and another project's tests) on one Redis would read each other's
 * entries. Each stack therefore claims a Redis database index of its own (1–15, a key with a
 * deadline in the given database marks it taken), empties it, and gives every process that URL.
 */

const workspaceRoot = path.resolve(__dirname, '../../../..');
const dist = (...parts: string[]) => path.join(workspaceRoot, 'dist', ...parts);

export type StackService = 'content' | 'offers' | 'rates' | 'leads' | 'events';
const SERVICES: readonly StackService[] = ['content', 'offers', 'rates'];

/** A process we started: its output (last lines kept for failure messages) and its exit. */
export class ChildRun {
  readonly output: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;
  private readonly killOnExit = () => this.child.kill('SIGKILL');

  constructor(
    readonly name: string,
    script: string,
    env: Record<string, string>,
  ) {
    if (!existsSync(script))
      throw new Error(
        `${name}: ${path.relative(workspaceRoot, script)} is missing; build it first (npx nx run gateway:test builds it)`,
      );
    this.child = spawn(process.execPath, [script], {
      cwd: workspaceRoot,
      env: { PATH: process.env['PATH'] ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line) this.output.push(line);
      if (this.output.length > 400) this.output.splice(0, this.output.length - 400);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
    // A Jest worker that dies mid-run must not leave the process behind.
    process.once('exit', this.killOnExit);
    void this.exited.then(() => process.removeListener('exit', this.killOnExit));
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  describe(): string {
    return `${this.name} (pid ${this.child.pid}) said:\n${this.output.slice(-30).join('\n')}`;
  }

  /** Polls url until it answers 200; fails if the process exits first or after boundMs. */
  async waitUntilReady(url: string, boundMs = 45_000): Promise<void> {
    const deadline = Date.now() + boundMs;
    let exited = false;
    void this.exited.then(() => (exited = true));
    for (;;) {
      if (exited) throw new Error(`${this.name} exited before it was ready; ${this.describe()}`);
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
        await res.arrayBuffer();
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline)
        throw new Error(`${this.name} not ready at ${url} within ${boundMs} ms; ${this.describe()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** SIGTERM and wait for the exit (SIGKILL if it has not gone after boundMs). */
  async stop(boundMs = 15_000): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), boundMs);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Resolves once `condition` holds, checking again every 20 ms; the test's timeout bounds it. */
export async function eventually(condition: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Claims a free Redis database index (1–15) for this stack and empties it. */
async function claimRedisDatabase(
  base: TestRedis,
): Promise<{ url: string; client: Redis; release(): Promise<void> }> {
  const admin = createRedisClient(base.url);
  try {
    await ensureRedisConnected(admin);
    for (let index = 1; index <= 15; index += 1) {
      const marker = `gateway-test-stack:redis-db:${index}`;
      if ((await admin.set(marker, base.namespace, 'PX', 30 * 60_000, 'NX')) !== 'OK') continue;
      const url = new URL(base.url);
      url.pathname = `/${index}`;
      const client = createRedisClient(url.toString(), { commandTimeoutMs: 5_000 });
      await ensureRedisConnected(client);
      await client.flushdb();
      return {
        url: url.toString(),
        client,
        async release() {
          await client.flushdb().catch(() => undefined);
          await closeRedisClient(client);
          const releaser = createRedisClient(base.url);
          try {
            await ensureRedisConnected(releaser);
            if ((await releaser.get(marker)) === base.namespace) await releaser.del(marker);
          } finally {
            await closeRedisClient(releaser);
          }
        },
      };
    }
    throw new Error('no free Redis database index (1-15) for a test stack: are 15 stacks running?');
  } finally {
    await closeRedisClient(admin);
  }
}

export interface StackOptions {
  /** From provideTestRedis() (inside describeWithRedis). */
  redis: TestRedis;
  /** Extra variables of the gateway (e.g. PAGE_CACHE_TTL_MS). */
  gatewayEnv?: Record<string, string>;
  /** The content service's CONTENT_DIR; the sample site of @lib/testing when omitted (e.g. the project's own content/). */
  contentDir?: string;
  /** Also start the leads service (its own database; MatchOffers on this stack's offers service). */
  leads?: boolean;
  /**
   * Also start the events service (its own database, no Kafka): the gateway and the leads service
   * send their events to it. Without it they go to a port where nothing listens.
   */
  events?: boolean;
  /** Extra variables of the offers service (e.g. OFFERS_FEED_BASE_URL of a feed folder a test edits). */
  offersEnv?: Record<string, string>;
  /** Extra variables of the rates service (e.g. BANK_SOURCE_URLS of a bank whose source is down). */
  ratesEnv?: Record<string, string>;
  /** Extra variables of the leads service (e.g. a sandbox lender file and its secrets, NODE_ENV=test). */
  leadsEnv?: Record<string, string>;
  /** The gateway's port, when a test must know it before the stack starts (a lender sandbox's callback URL). */
  gatewayPort?: number;
}

export interface Stack {
  /** http://127.0.0.1:<port> of the gateway (also its PUBLIC_ORIGIN). */
  url: string;
  port: number;
  /** A gRPC client of the real content service (moderation, read-backs). */
  content: ServiceClient<'content'>;
  /** A gRPC client of the real offers service (a lead's MatchOffers for the lead feed). */
  offers: ServiceClient<'offers'>;
  /** A gRPC client of the real rates service (what the rates pages must agree with). */
  rates: ServiceClient<'rates'>;
  /** A gRPC client of the real leads service, when started with `leads: true`. */
  leads: ServiceClient<'leads'> | undefined;
  /** A client on this stack's own Redis database (no key prefix). */
  redis: Redis;
  /** DATABASE_URL of each service's database. */
  databaseUrls: Record<StackService, string>;
  /** Output lines of a process so far ('gateway' or a service). */
  output(name: StackService | 'gateway'): string[];
  stopService(name: StackService): Promise<void>;
  /** Starts a stopped service again, on the same ports and database, and waits for its /readyz. */
  startService(name: StackService): Promise<void>;
  /** A new gateway process on the same port (nothing in its memory; Redis keeps what it had). */
  restartGateway(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the stack: the three services in parallel, then the gateway once they are ready. */
export async function startStack(options: StackOptions): Promise<Stack> {
  const runs = new Map<StackService | 'gateway', ChildRun>();
  const databases: TestDatabase[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  let content: ServiceClient<'content'> | undefined;
  let offers: ServiceClient<'offers'> | undefined;
  let rates: ServiceClient<'rates'> | undefined;
  let leads: ServiceClient<'leads'> | undefined;
  const services: readonly StackService[] = [
    ...SERVICES,
    ...(options.leads ? (['leads'] as const) : []),
    ...(options.events ? (['events'] as const) : []),
  ];

  const stopAll = async () => {
    content?.close();
    offers?.close();
    rates?.close();
    leads?.close();
    await Promise.allSettled([...runs.values()].map((run) => run.stop()));
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await Promise.allSettled(databases.map((database) => database.drop()));
  };

  try {
    const redis = await claimRedisDatabase(options.redis);
    cleanups.push(() => redis.release());
    const site = options.contentDir ? { dir: options.contentDir } : await writeSampleSite();
    if ('remove' in site) cleanups.push(() => site.remove());

    const ports = Object.fromEntries(
      await Promise.all(
        services.map(async (name) => [name, { grpc: await freePort(), ops: await freePort() }] as const),
      ),
    ) as Record<StackService, { grpc: number; ops: number }>;
    const [gatewayPort, gatewayOpsPort, leadsPort, eventsPort] = [
      options.gatewayPort ?? (await freePort()),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const databaseUrls = Object.fromEntries(
      await Promise.all(
        services.map(async (name) => {
          const database = await provideTestDatabase();
          databases.push(database);
          return [name, database.url] as const;
        }),
      ),
    ) as Record<StackService, string>;

    // The leads service's keys (required in production), drawn per stack; its peers are this stack's.
    const leadsEnv: Record<string, string> = {
      LEADS_MASTER_KEY: `test-stack:${randomBytes(32).toString('base64')}`,
      LEADS_BLIND_INDEX_KEY: randomBytes(32).toString('base64'),
      OFFERS_SERVICE_ADDR: `127.0.0.1:${ports.offers.grpc}`,
      CONTENT_SERVICE_ADDR: `127.0.0.1:${ports.content.grpc}`,
      EVENTS_SERVICE_ADDR: `127.0.0.1:${options.events ? ports.events.grpc : eventsPort}`,
      // Required in production besides: the status links' key, the lender file (the production one:
      // no lender takes applications), mail (nothing listens there: a confirmation stays queued), the site.
      LEADS_LINK_KEY: randomBytes(32).toString('base64'),
      LENDER_DELIVERY_FILE: path.join(workspaceRoot, 'deploy', 'lenders', 'lender-delivery.production.json'),
      SMTP_URL: `smtp://127.0.0.1:${eventsPort}`,
      MAIL_FROM: 'Porównywarka pożyczek <no-reply@example.test>',
      PUBLIC_ORIGIN: `http://127.0.0.1:${gatewayPort}`,
      ...options.leadsEnv,
    };
    const serviceEnv = (name: StackService): Record<string, string> => ({
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrls[name],
      REDIS_URL: redis.url,
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: String(ports[name].grpc),
      OPS_PORT: String(ports[name].ops),
      LOG_LEVEL: 'warn',
      // views reach PostgreSQL within a moment (the beacon test waits for them there)
      ...(name === 'content' ? { CONTENT_DIR: site.dir, CONTENT_VIEWS_FLUSH_MS: '200' } : {}),
      ...(name === 'leads' ? leadsEnv : {}),
      // A test stack is not public: it may serve the bundled sample feeds (pages say they are sample).
      ...(name === 'offers' ? { OFFERS_ALLOW_SAMPLE_FEEDS: 'true', ...options.offersEnv } : {}),
      // Likewise the bundled NBP archive and sample bank tables (pages say they are sample).
      ...(name === 'rates' ? { RATES_ALLOW_SAMPLE_DATA: 'true', ...options.ratesEnv } : {}),
    });
    const startService = async (name: StackService) => {
      const run = new ChildRun(name, dist('apps', name, 'src', 'main.js'), serviceEnv(name));
      runs.set(name, run);
      await run.waitUntilReady(`http://127.0.0.1:${ports[name].ops}/readyz`);
    };

    const url = `http://127.0.0.1:${gatewayPort}`;
    const gatewayEnv: Record<string, string> = {
      NODE_ENV: 'production',
      // the embedded example operator, labelled (production refuses to start without real OPERATOR_* data otherwise)
      OPERATOR_EXAMPLE: 'true',
      HOST: '127.0.0.1',
      PORT: String(gatewayPort),
      // the private ops server (/metrics, detailed /readyz); never its fixed default, which a running `npm start` holds
      OPS_HOST: '127.0.0.1',
      OPS_PORT: String(gatewayOpsPort),
      PUBLIC_ORIGIN: url,
      CONTENT_SERVICE_ADDR: `127.0.0.1:${ports.content.grpc}`,
      OFFERS_SERVICE_ADDR: `127.0.0.1:${ports.offers.grpc}`,
      RATES_SERVICE_ADDR: `127.0.0.1:${ports.rates.grpc}`,
      LEADS_SERVICE_ADDR: `127.0.0.1:${options.leads ? ports.leads.grpc : leadsPort}`,
      EVENTS_SERVICE_ADDR: `127.0.0.1:${options.events ? ports.events.grpc : eventsPort}`,
      REDIS_URL: redis.url,
      PAGE_CACHE: 'true',
      // Every request of a test comes from 127.0.0.1: the limit is not under test here.
      COMMENT_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      ...options.gatewayEnv,
    };
    const startGateway = async () => {
      const run = new ChildRun('gateway', dist('apps', 'gateway', 'src', 'server', 'main.js'), gatewayEnv);
      runs.set('gateway', run);
      await run.waitUntilReady(`${url}/readyz`);
    };

    await Promise.all(services.map(startService));
    await startGateway();
    content = createServiceClient('content', {
      target: `127.0.0.1:${ports.content.grpc}`,
      deadlineMs: 5_000,
    });
    offers = createServiceClient('offers', {
      target: `127.0.0.1:${ports.offers.grpc}`,
      deadlineMs: 5_000,
    });
    rates = createServiceClient('rates', { target: `127.0.0.1:${ports.rates.grpc}`, deadlineMs: 5_000 });
    if (options.leads)
      leads = createServiceClient('leads', { target: `127.0.0.1:${ports.leads.grpc}`, deadlineMs: 5_000 });

    return {
      url,
      port: gatewayPort,
      content,
      offers,
      rates,
      leads,
      redis: redis.client,
      databaseUrls,
      output: (name) => runs.get(name)?.output ?? [],
      stopService: async (name) => runs.get(name)?.stop(),
      startService: async (name) => {
        if (runs.get(name)?.running) throw new Error(`${name} is running`);
        await startService(name);
      },
      restartGateway: async () => {
        await runs.get('gateway')?.stop();
        await startGateway();
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
