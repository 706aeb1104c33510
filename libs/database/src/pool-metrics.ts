import { Gauge, type Registry } from 'prom-client';
import { type DataSource } from 'typeorm';

/** The counters node-postgres keeps on its Pool (TypeORM's postgres driver keeps the pool as `master`). */
interface PgPoolCounters {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export interface PoolUsage {
  /** Open connections (idle or in use). */
  total: number;
  idle: number;
  /** Queries queued because every connection is in use. */
  waiting: number;
  /** The configured pool size. */
  max: number;
}

const isPool = (value: unknown): value is PgPoolCounters =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PgPoolCounters).totalCount === 'number' &&
  typeof (value as PgPoolCounters).idleCount === 'number' &&
  typeof (value as PgPoolCounters).waitingCount === 'number';

/** The pool of a DataSource made by createDataSource, now (zeros while it is not connected). */
export function poolUsage(ds: DataSource): PoolUsage {
  const extra = (ds.options as { extra?: { max?: unknown } }).extra;
  const max = typeof extra?.max === 'number' ? extra.max : 10;
  const pool: unknown = ds.isInitialized ? (ds.driver as unknown as { master?: unknown }).master : undefined;
  if (!isPool(pool)) return { total: 0, idle: 0, waiting: 0, max };
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max };
}

/**
 * Registers the connection pool gauges, read at each scrape: `db_pool_connections{state}` with
 * state total (open), idle and waiting (queries queued for a connection), and
 * `db_pool_max_connections` (DATABASE_POOL_MAX). The registry's default labels add `service`.
 */
export function registerPoolMetrics(registry: Registry, ds: DataSource): void {
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL connection pool: open connections (total), idle ones, and queries waiting for a connection',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const usage = poolUsage(ds);
      this.set({ state: 'total' }, usage.total);
      this.set({ state: 'idle' }, usage.idle);
      this.set({ state: 'waiting' }, usage.waiting);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'PostgreSQL connection pool size (DATABASE_POOL_MAX)',
    registers: [registry],
    collect() {
      this.set(poolUsage(ds).max);
    },
  });
}
