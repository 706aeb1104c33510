import { createHash } from 'node:crypto';
import {
  Column,
  CreateDateColumn,
  type DataSource,
  type EntityManager,
  Entity,
  Index,
  PrimaryColumn,
  type QueryRunner,
} from 'typeorm';
import { quoteIdentifier } from './pg-admin';

/**
 * How long a key is remembered: a repeat within this time gets the first answer; after it, the
 * same key counts as new. Retries of one form submission come within seconds or minutes (a browser
 * re-sending, a visitor pressing "send" again, the client's one retry); a day also covers a form
 * re-posted from a page restored the next morning.
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** Expired keys removed by each first write (in its own transaction, skipping locked rows). */
const PURGE_BATCH = 20;

/**
 * A write's idempotency key with the answer it got, in the service's own schema (table
 * `idempotency_keys`). Each service that stores keyed writes lists this entity and creates the table
 * in a migration of its own, exactly as below (see libs/database/README.md, "Writes exactly once").
 */
@Entity({ name: 'idempotency_keys' })
@Index('ix_idempotency_keys_expires_at', ['expiresAt'])
export class IdempotencyKeyEntity {
  /** The write RPC the key belongs to, e.g. 'SubmitContactMessage': one key never answers two RPCs. */
  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'PK_idempotency_keys' })
  scope!: string;

  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_idempotency_keys' })
  key!: string;

  /** SHA-256 of the request the key came with: the same key with another request is refused. */
  @Column({ name: 'request_hash', type: 'varchar', length: 64 })
  requestHash!: string;

  /** The first call's answer, given again to every repeat. */
  @Column({ type: 'jsonb' })
  answer!: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}

/**
 * Creates `idempotency_keys` in a service's schema, matching IdempotencyKeyEntity: the one
 * definition every service's migration calls. Its SQL is part of migrations already applied, so it
 * never changes; a later change to the table is a new migration of each service.
 */
export async function createIdempotencyKeysTable(q: QueryRunner, schema: string): Promise<void> {
  const table = `${quoteIdentifier(schema)}."idempotency_keys"`;
  await q.query(`CREATE TABLE ${table} (
      "scope" character varying(64) NOT NULL,
      "key" uuid NOT NULL,
      "request_hash" character varying(64) NOT NULL,
      "answer" jsonb NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_idempotency_keys" PRIMARY KEY ("scope", "key")
    )`);
  await q.query(`CREATE INDEX "ix_idempotency_keys_expires_at" ON ${table} ("expires_at")`);
}

/** Reverts createIdempotencyKeysTable. */
export async function dropIdempotencyKeysTable(q: QueryRunner, schema: string): Promise<void> {
  await q.query(`DROP TABLE ${quoteIdentifier(schema)}."idempotency_keys"`);
}

export interface WriteOnceOptions<T> {
  /** The write RPC, e.g. 'SubmitContactMessage'. */
  scope: string;
  /** The validated key (a UUID), or undefined: no key, nothing deduplicated. */
  key: string | undefined;
  /** The validated request without its key: a repeat must be this very request. */
  request: unknown;
  /**
   * The write itself, in the transaction that also stores the key. Its result is the answer kept
   * for repeats, so it must survive JSON (strings, numbers, plain objects; dates as ISO strings).
   */
  write(manager: EntityManager): Promise<T>;
  /** Last word before COMMIT (the call's deadline): throwing rolls back the write and the key. */
  beforeCommit?(): void;
  ttlMs?: number;
}

export type WriteOnceResult<T> =
  /** This call wrote; `answer` is what write() returned. */
  | { outcome: 'stored'; answer: T }
  /** A call with this key was stored before: its answer, nothing written now. */
  | { outcome: 'repeated'; answer: T }
  /** The key was used before with a different request: nothing written. */
  | { outcome: 'key-reused' };

/** SHA-256 of a value's JSON with object keys sorted, so field order never matters. */
export function requestFingerprint(value: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v !== null && typeof v === 'object' && !(v instanceof Date)) {
      return Object.fromEntries(
        Object.keys(v)
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)) ?? 'undefined')
    .digest('hex');
}

function tableOf(manager: EntityManager): string {
  const metadata = manager.connection.getMetadata(IdempotencyKeyEntity);
  const schema =
    metadata.schema ??
    ('schema' in manager.connection.options ? manager.connection.options.schema : undefined);
  if (!schema) throw new Error('IdempotencyKeyEntity needs a DataSource with a schema (createDataSource)');
  return `${quoteIdentifier(schema)}.${quoteIdentifier(metadata.tableName)}`;
}

/**
 * Runs a write exactly once per key. In one transaction: the key is claimed under the table's
 * primary key (scope, key), the write runs, its answer is stored with the key, `beforeCommit` has
 * the last word, and both commit together, or neither does. A repeat (same scope and key, same
 * request) gets the first answer without writing. A repeat that arrives while the first call is
 * still in its transaction waits for it on the key's unique index: it then gets the first answer,
 * or, when the first rolled back (its caller's deadline passed), makes the write itself. A key
 * older than `ttlMs` (IDEMPOTENCY_KEY_TTL_MS) counts as new. Without a key the write simply runs
 * in a transaction with the same `beforeCommit` check.
 */
export async function writeOnce<T>(
  dataSource: DataSource,
  options: WriteOnceOptions<T>,
): Promise<WriteOnceResult<T>> {
  return dataSource.transaction(async (manager): Promise<WriteOnceResult<T>> => {
    if (options.key === undefined) {
      const answer = await options.write(manager);
      options.beforeCommit?.();
      return { outcome: 'stored', answer };
    }
    const table = tableOf(manager);
    const hash = requestFingerprint(options.request);
    const ttlMs = options.ttlMs ?? IDEMPOTENCY_KEY_TTL_MS;

    await manager.query(
      `DELETE FROM ${table} WHERE (scope, key) IN (
         SELECT scope, key FROM ${table} WHERE expires_at <= now() ORDER BY expires_at LIMIT ${PURGE_BATCH} FOR UPDATE SKIP LOCKED)`,
    );
    // Two attempts: a key found neither claimable nor present was purged between the statements.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const claimed = await manager.query<{ key: string }[]>(
        `INSERT INTO ${table} AS k (scope, key, request_hash, answer, expires_at)
         VALUES ($1, $2, $3, 'null'::jsonb, now() + $4 * interval '1 millisecond')
         ON CONFLICT (scope, key) DO UPDATE
           SET request_hash = EXCLUDED.request_hash, answer = EXCLUDED.answer, created_at = now(), expires_at = EXCLUDED.expires_at
           WHERE k.expires_at <= now()
         RETURNING key`,
        [options.scope, options.key, hash, ttlMs],
      );
      if (claimed.length > 0) {
        const answer = await options.write(manager);
        await manager.query(`UPDATE ${table} SET answer = $3::jsonb WHERE scope = $1 AND key = $2`, [
          options.scope,
          options.key,
          JSON.stringify(answer),
        ]);
        options.beforeCommit?.();
        return { outcome: 'stored', answer };
      }
      const [first] = await manager.query<{ request_hash: string; answer: T }[]>(
        `SELECT request_hash, answer FROM ${table} WHERE scope = $1 AND key = $2`,
        [options.scope, options.key],
      );
      if (first)
        return first.request_hash === hash
          ? { outcome: 'repeated', answer: first.answer }
          : { outcome: 'key-reused' };
    }
    throw new Error(`idempotency key ${options.key} of ${options.scope} could be neither claimed nor read`);
  });
}
