import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { LOADER_OPTIONS, protoPathsFor, type leadsV1 } from '@lib/contracts';
import { type DataSource, type QueryRunner } from 'typeorm';

/**
 * Sends SubmitContactMessage with a caller deadline that is already over when the server reads it
 * (grpc-timeout 0): what a call looks like that waited out its deadline in a stalled process.
 * Our own client never sends such a call, hence a raw grpc-js client without a deadline of its own.
 */
export function submitAfterDeadline(target: string, request: leadsV1.ContactMessage): Promise<grpc.ServiceError | null> {
  const Leads = grpc.loadPackageDefinition(protoLoader.loadSync(protoPathsFor('leads'), LOADER_OPTIONS)) as unknown as {
    leads: { v1: { LeadsService: grpc.ServiceClientConstructor } };
  };
  const client = new Leads.leads.v1.LeadsService(target, grpc.credentials.createInsecure());
  const submit = (client as unknown as Record<string, (...args: unknown[]) => grpc.ClientUnaryCall>)['SubmitContactMessage']!;
  const metadata = new grpc.Metadata();
  metadata.set('grpc-timeout', '0m');
  return new Promise((resolve) => {
    submit.call(client, request, metadata, {}, (error: grpc.ServiceError | null) => {
      client.close();
      resolve(error);
    });
  });
}

/** Polls until the condition holds (Jest's timeout ends a wait that never does). */
export async function until(condition: () => Promise<boolean>): Promise<void> {
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
 * Holds a lock that makes inserts into the table wait (reads go on), in a transaction of its own:
 * the way a slow or stalled database keeps a write from finishing. release() lets them go.
 */
export async function holdInserts(db: DataSource, table: string): Promise<{ release(): Promise<void> }> {
  const runner: QueryRunner = db.createQueryRunner();
  await runner.connect();
  await runner.startTransaction();
  await runner.query(`LOCK TABLE ${table} IN EXCLUSIVE MODE`);
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
    .find((l) => l.startsWith('grpc_server_handling_seconds_count{') && l.includes(`method="${method}"`) && l.includes(`code="${code}"`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}
