// `npm run rates:backfill -- --from YYYY-MM-DD --to YYYY-MM-DD [--tables A,B,C]`: fetches NBP
// tables of a date range from NBP_API_URL in chunks within NBP's per-query limits and stores the
// new ones (DATABASE_URL, or the embedded PostgreSQL `npm start` uses), outside any running service.
// Exit codes: 0 done, 1 NBP or the database failed, 2 bad arguments or configuration.
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { createCache, type Cache } from '@lib/cache';
import { ConfigError, loadConfig } from '@lib/config';
import { initializeDatabase, openDatabase, type ResolvedDatabase } from '@lib/database';
import { createLogger } from '@lib/observability';
import { type DataSource } from 'typeorm';
import { IngestionStatus } from '../application/ingestion-status';
import { NbpImportUseCases } from '../application/nbp-import.use-cases';
import { isRealIsoDate } from '../domain/date-chunks';
import { type NbpTableType } from '../domain/nbp-table-type';
import { BundledNbpArchives } from '../persistence/bundled-nbp-archives';
import { NbpApiClient } from '../persistence/nbp-api.client';
import { NbpTablesRepository } from '../persistence/nbp-tables.repository';
import { RATES_ENTITIES, RATES_MIGRATIONS, RATES_SCHEMA } from '../persistence/rates-schema';
import { ratesConfigSchema } from '../rates.config';

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

const USAGE = `usage: npm run rates:backfill -- --from YYYY-MM-DD --to YYYY-MM-DD [--tables A,B,C]
  Fetches NBP tables effective in the range (default tables A,B,C) from NBP_API_URL, in chunks
  of at most 93 days, and stores those not stored yet. NBP's history starts on 2002-01-02.`;

const stdio: CliOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};


/** Checks the arguments; the tables and dates, or the problem. */
export function parseBackfillArgs(argv: string[]): { ok: true; from: string; to: string; tables: NbpTableType[] } | { ok: false; problem: string } {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { from: { type: 'string' }, to: { type: 'string' }, tables: { type: 'string', default: 'A,B,C' } } }));
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  }
  const { from, to } = values;
  if (!from || !isRealIsoDate(from)) return { ok: false, problem: '--from must be a date YYYY-MM-DD' };
  if (!to || !isRealIsoDate(to)) return { ok: false, problem: '--to must be a date YYYY-MM-DD' };
  if (from > to) return { ok: false, problem: '--from must not be after --to' };
  if (from < '2002-01-02') return { ok: false, problem: "--from must not be before 2002-01-02 (NBP's first table)" };
  const tables = [...new Set(values.tables.split(',').map((t) => t.trim().toUpperCase()))];
  if (tables.length === 0 || tables.some((t) => !['A', 'B', 'C'].includes(t))) return { ok: false, problem: '--tables must list A, B and/or C' };
  return { ok: true, from, to, tables: tables as NbpTableType[] };
}

export async function runBackfillCli(argv: string[], env: Record<string, string | undefined> = process.env, io: CliOutput = stdio): Promise<number> {
  const args = parseBackfillArgs(argv);
  if (!args.ok) {
    io.err(`${args.problem}\n${USAGE}`);
    return 2;
  }
  let config;
  try {
    config = loadConfig(ratesConfigSchema, { LOG_LEVEL: 'warn', ...env });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(error.message);
    return 2;
  }
  const logger = createLogger({ name: 'rates-backfill', level: config.LOG_LEVEL });
  let database: ResolvedDatabase | undefined;
  let dataSource: DataSource | undefined;
  let cache: Cache | undefined;
  try {
    ({ database, dataSource } = await openDatabase(config, {
      schema: RATES_SCHEMA,
      entities: RATES_ENTITIES,
      migrations: RATES_MIGRATIONS,
      poolMax: 2,
      applicationName: 'rates-backfill',
      logger,
    }));
    await initializeDatabase(dataSource);
    // With Redis the service's cache is cleared when tables are added; an in-process cache of a
    // running service ages out within its TTL (a minute).
    cache = createCache({ redisUrl: config.REDIS_URL, namespace: 'rates', logger });
    const backfill = new NbpImportUseCases(
      new BundledNbpArchives(),
      new NbpTablesRepository(dataSource),
      cache,
      logger,
      new NbpApiClient(config, logger),
      new IngestionStatus(),
    );
    for (const table of args.tables) {
      const report = await backfill.backfill(table, args.from, args.to);
      io.out(
        `table ${table} ${args.from}…${args.to}: ${report.requests} requests, ${report.tables} tables received, ${report.added} new` +
          (report.skipped ? `, ${report.skipped} malformed answers skipped` : ''),
      );
    }
    return 0;
  } catch (error) {
    io.err(`rates backfill failed: ${(error as Error).message}`);
    return 1;
  } finally {
    if (dataSource?.isInitialized) await dataSource.destroy();
    await cache?.close();
    await database?.stop();
  }
}

if (require.main === module) {
  runBackfillCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`rates backfill failed: ${(error as Error).stack ?? String(error)}\n`);
      process.exit(2);
    },
  );
}
