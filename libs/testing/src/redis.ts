import { connect } from 'node:net';
import { closeRedisClient, createRedisClient, ensureRedisConnected } from '@lib/cache';
import { hasDocker } from '@lib/test-support';
import { randomName } from './names';

export interface TestRedis {
  url: string;
  /** A key namespace of its own (pass it to createCache), so parallel tests never collide. */
  namespace: string;
  /** The keys written under this namespace so far, sorted (read with SCAN: the Redis may be shared). */
  keys(): Promise<string[]>;
  /** Deletes this namespace's keys (or stops the container started for it). */
  close(): Promise<void>;
}

const LOCAL_REDIS = { host: '127.0.0.1', port: 6379 };
const LOCAL_PING_TIMEOUT_MS = 500;

/** True when something on host:port answers PING with PONG within the timeout. */
export function pingRedis(host: string, port: number, timeoutMs = LOCAL_PING_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let reply = '';
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) finish(reply.startsWith('+PONG'));
    });
  });
}

/** Every key under a namespace, found with SCAN, sorted. */
async function namespaceKeys(url: string, namespace: string): Promise<string[]> {
  const client = createRedisClient(url);
  try {
    await ensureRedisConnected(client);
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 500);
      cursor = next;
      found.push(...keys);
    } while (cursor !== '0');
    return found.sort();
  } finally {
    await closeRedisClient(client);
  }
}

async function clearNamespace(url: string, namespace: string): Promise<void> {
  const keys = await namespaceKeys(url, namespace);
  if (keys.length === 0) return;
  const client = createRedisClient(url);
  try {
    await ensureRedisConnected(client);
    for (let start = 0; start < keys.length; start += 500)
      await client.unlink(...keys.slice(start, start + 500));
  } finally {
    await closeRedisClient(client);
  }
}

function shared(url: string): TestRedis {
  const namespace = randomName('t');
  return {
    url,
    namespace,
    keys: () => namespaceKeys(url, namespace),
    close: () => clearNamespace(url, namespace),
  };
}

type RedisMode = 'url' | 'docker' | 'local' | 'none';

/** What tools/jest/global-setup.cjs found before the run; undefined outside a Jest run of ours. */
function detectedMode(): RedisMode | undefined {
  const mode = process.env['TEST_REDIS'];
  return mode === 'url' || mode === 'docker' || mode === 'local' || mode === 'none' ? mode : undefined;
}

/**
 * Whether this run has a Redis for tests. Known before any test is declared, so a suite can
 * register its Redis tests as skipped rather than let them pass without checking anything.
 */
export function hasTestRedis(): boolean {
  const mode = detectedMode();
  if (mode) return mode !== 'none';
  return Boolean(process.env['REDIS_URL']?.trim());
}

/**
 * `describe` when this run has a Redis, `describe.skip` otherwise: the suite's tests are reported
 * as skipped (Jest's summary counts them), never as passed.
 */
export const describeWithRedis: jest.Describe = hasTestRedis() ? describe : describe.skip;

/**
 * A Redis for one test suite, in order: REDIS_URL; a redis:7-alpine container when a Docker engine
 * answers; the local Redis on 127.0.0.1:6379 when it answers PING. Rejects when there is none: call
 * it only from suites declared with describeWithRedis.
 */
export async function provideTestRedis(): Promise<TestRedis> {
  const mode = detectedMode();
  const configured = process.env['REDIS_URL']?.trim();
  if (configured) return shared(configured);

  if (mode === 'docker' || (mode === undefined && (await hasDocker()))) {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('redis:7-alpine')
      .withExposedPorts(6379)
      .withWaitStrategy(Wait.forLogMessage('Ready to accept connections'))
      .start();
    const url = `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
    const namespace = randomName('t');
    return {
      url,
      namespace,
      keys: () => namespaceKeys(url, namespace),
      close: async () => {
        await container.stop();
      },
    };
  }

  if (mode !== 'none' && (await pingRedis(LOCAL_REDIS.host, LOCAL_REDIS.port))) {
    return shared(`redis://${LOCAL_REDIS.host}:${LOCAL_REDIS.port}`);
  }
  throw new Error(
    'no Redis for tests (REDIS_URL unset, no Docker engine, nothing on 127.0.0.1:6379); declare the suite with describeWithRedis',
  );
}
