import { connect } from 'node:net';
import { Redis } from 'ioredis';
import { hasDocker } from './docker';
import { randomName } from './names';

export interface TestRedis {
  url: string;
  /** A key namespace of its own (pass it to createCache), so parallel tests never collide. */
  namespace: string;
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

async function clearNamespace(url: string, namespace: string): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await client.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}

function shared(url: string): TestRedis {
  const namespace = randomName('t');
  return { url, namespace, close: () => clearNamespace(url, namespace) };
}

let noted = false;

/**
 * A Redis for one test suite, in order: REDIS_URL; a redis:7-alpine container when a Docker engine
 * answers; the local Redis on 127.0.0.1:6379 when it answers PING within 500 ms. Otherwise
 * undefined, with one note on stderr: callers then skip their Redis-only assertions.
 */
export async function provideTestRedis(): Promise<TestRedis | undefined> {
  const configured = process.env.REDIS_URL?.trim();
  if (configured) return shared(configured);

  if (await hasDocker()) {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('redis:7-alpine')
      .withExposedPorts(6379)
      .withWaitStrategy(Wait.forLogMessage('Ready to accept connections'))
      .start();
    const url = `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
    return {
      url,
      namespace: randomName('t'),
      close: async () => {
        await container.stop();
      },
    };
  }

  if (await pingRedis(LOCAL_REDIS.host, LOCAL_REDIS.port)) return shared(`redis://${LOCAL_REDIS.host}:${LOCAL_REDIS.port}`);

  if (!noted) {
    noted = true;
    process.stderr.write(
      'NOTE: no Redis for tests (REDIS_URL unset, no Docker engine, nothing on 127.0.0.1:6379); Redis-specific tests are skipped.\n',
    );
  }
  return undefined;
}
