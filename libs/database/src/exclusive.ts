import { type DataSource } from 'typeorm';

export type ExclusiveRun<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `work` only while this process holds the PostgreSQL session advisory lock named `name`, so
 * scheduled work (feed ingestion, NBP fetches, retention) runs on one replica at a time however many
 * replicas share the database. A replica that does not get the lock skips the run (`ran: false`)
 * instead of waiting: the holder is doing the same work. The lock is released when the work ends,
 * or by PostgreSQL when the holder's connection dies. It holds one pool connection for the run.
 * Its keys (two int4, from the name) never meet the one-bigint locks of the migrations.
 */
export async function runExclusive<T>(
  dataSource: DataSource,
  name: string,
  work: () => Promise<T>,
): Promise<ExclusiveRun<T>> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const [lock] = (await runner.query(
      `SELECT pg_try_advisory_lock(hashtext('scheduled-work'), hashtext($1)) AS locked`,
      [name],
    )) as Array<{
      locked: boolean;
    }>;
    if (!lock?.locked) return { ran: false };
    try {
      return { ran: true, value: await work() };
    } finally {
      await runner.query(`SELECT pg_advisory_unlock(hashtext('scheduled-work'), hashtext($1))`, [name]);
    }
  } finally {
    await runner.release();
  }
}
