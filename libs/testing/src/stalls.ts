import { type DataSource, type QueryRunner } from 'typeorm';

/*
 * What a slow or stalled service looks like, made on purpose: a lock held in a transaction of the
 * test's own, PostgreSQL's own report of who waits for it, and the service's own count of how its
 * calls ended (no sleeps: tests wait on these).
 */

/** Polls until the condition holds (Jest's timeout ends a wait that never does). */
export async function until(condition: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Backends of this database waiting for a lock, as PostgreSQL reports them. */
export async function waitingForLocks(db: DataSource): Promise<number> {
  const [row] = await db.query<{ waiting: string }[]>(
    `SELECT count(*) AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return Number(row?.waiting ?? 0);
}

/**
 * Runs `sql` (a LOCK TABLE or SELECT … FOR UPDATE) in a transaction of its own and keeps it open
 * until release(): `LOCK TABLE <t> IN EXCLUSIVE MODE` makes writes to the table wait while reads go on.
 */
export async function holdLock(
  db: DataSource,
  sql: string,
  parameters: unknown[] = [],
): Promise<{ release(): Promise<void> }> {
  const runner: QueryRunner = db.createQueryRunner();
  await runner.connect();
  await runner.startTransaction();
  await runner.query(sql, parameters);
  return {
    async release() {
      await runner.commitTransaction();
      await runner.release();
    },
  };
}

/** Calls of one gRPC method that ended with one status, from the service's own /metrics. */
export async function countedCalls(opsUrl: string, method: string, code: string): Promise<number> {
  const text = await (await fetch(`${opsUrl}/metrics`)).text();
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith('grpc_server_handling_seconds_count{') &&
        l.includes(`method="${method}"`) &&
        l.includes(`code="${code}"`),
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}
