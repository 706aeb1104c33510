import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import {
  describeWithRedis,
  freePort,
  pingRedis,
  provideTestDatabase,
  provideTestRedis,
  silentLogger,
} from '../src';

async function query<T extends Record<string, unknown>>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('provideTestDatabase', () => {
  it('gives each caller its own usable database and drops it afterwards', async () => {
    const [a, b] = await Promise.all([provideTestDatabase(), provideTestDatabase()]);
    try {
      expect(a.url).not.toBe(b.url);
      const [nameA] = await query<{ db: string }>(a.url, 'SELECT current_database() AS db');
      const [nameB] = await query<{ db: string }>(b.url, 'SELECT current_database() AS db');
      expect(nameA?.db).toMatch(/^t_[0-9a-f]{12}$/);
      expect(nameB?.db).not.toBe(nameA?.db);

      await query(a.url, 'CREATE TABLE only_in_a (id int)');
      const inB = await query<{ n: string }>(
        b.url,
        "SELECT count(*) AS n FROM pg_tables WHERE tablename = 'only_in_a'",
      );
      expect(inB[0]?.n).toBe('0');
    } finally {
      // A connection left open must not stop the drop.
      const lingering = new Client({ connectionString: a.url });
      lingering.on('error', () => undefined);
      await lingering.connect();
      await a.drop();
      await b.drop();
      await lingering.end().catch(() => undefined);
    }
    await expect(query(a.url, 'SELECT 1')).rejects.toThrow(/does not exist/);
    await a.drop(); // idempotent
  });
});

describeWithRedis('provideTestRedis', () => {
  it('gives a reachable Redis with a namespace of its own, and cleans it up', async () => {
    const redis = await provideTestRedis();
    const other = await provideTestRedis();
    expect(other.namespace).not.toBe(redis.namespace);
    const client = new Redis(redis.url);
    try {
      await client.set(`${redis.namespace}:a`, '1');
      await client.set(`${other.namespace}:a`, '2');
      await redis.close();
      expect(await client.get(`${redis.namespace}:a`)).toBeNull();
      expect(await client.get(`${other.namespace}:a`)).toBe('2');
    } finally {
      await other.close();
      client.disconnect();
    }
  });
});

describe('pingRedis', () => {
  it('pingRedis gives up on a port where nothing speaks Redis', async () => {
    // The server accepts and never answers nor closes: only pingRedis's own timeout can end the wait.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      expect(await pingRedis('127.0.0.1', port, 200)).toBe(false);
    } finally {
      silent.close();
    }
    expect(await pingRedis('127.0.0.1', port)).toBe(false);
  });
});

describe('freePort and silentLogger', () => {
  it('returns a port that can be bound', async () => {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    expect(server.address()).toMatchObject({ address: '127.0.0.1', port });
    server.close();
  });

  it('logs nothing', () => {
    const logger = silentLogger();
    expect(logger.level).toBe('silent');
    expect(logger.isLevelEnabled('fatal')).toBe(false);
  });
});
