// `npm run rates:backfill -- --from YYYY-MM-DD --to YYYY-MM-DD [--tables A,B,C]`: fetches NBP
// tables of a date range from NBP_API_URL in chunks within NBP's per-query limits and stores the
// new ones (DATABASE_URL, or the embedded PostgreSQL `npm start` uses), outside any running service.
// Exit codes: 0 done, 1 NBP or the database failed, 2 bad arguments, 78 a bad environment.
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { createCache } from '@lib/cache';
import { CliFailure, CliUsageError, openCliDatabase, runCliProcess, type CliCommand } from '@lib/service-kit';
import { IngestionStatus } from '../application/ingestion-status';
import { NbpImportUseCases } from '../application/nbp-import.use-cases';
import { isRealIsoDate } from '../domain/date-chunks';
import { type NbpTableType } from '../domain/nbp-table-type';
import { BundledNbpArchives } from '../persistence/bundled-nbp-archives';
import { NbpApiClient } from '../persistence/nbp-api.client';
import { OutboundRequests } from '../persistence/outbound-requests';
import { NbpTablesRepository } from '../persistence/nbp-tables.repository';
import { RATES_ENTITIES, RATES_MIGRATIONS, RATES_SCHEMA } from '../persistence/rates-schema';
import { ratesConfigSchema, type RatesConfig } from '../rates.config';

const USAGE = `usage: npm run rates:backfill -- --from YYYY-MM-DD --to YYYY-MM-DD [--tables A,B,C]
  Fetches NBP tables effective in the range (default tables A,B,C) from NBP_API_URL, in chunks
  of at most 93 days, and stores those not stored yet. NBP's history starts on 2002-01-02.
exit codes: 0 done, 1 NBP or the database failed, 2 bad arguments, 78 a bad environment`;

/** Checks the arguments; the tables and dates, or the problem. */
export function parseBackfillArgs(
  argv: string[],
): { ok: true; from: string; to: string; tables: NbpTableType[] } | { ok: false; problem: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        tables: { type: 'string', default: 'A,B,C' },
      },
    }));
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  }
  const { from, to } = values;
  if (!from || !isRealIsoDate(from)) return { ok: false, problem: '--from must be a date YYYY-MM-DD' };
  if (!to || !isRealIsoDate(to)) return { ok: false, problem: '--to must be a date YYYY-MM-DD' };
  if (from > to) return { ok: false, problem: '--from must not be after --to' };
  if (from < '2002-01-02')
    return { ok: false, problem: "--from must not be before 2002-01-02 (NBP's first table)" };
  const tables = [...new Set(values.tables.split(',').map((t) => t.trim().toUpperCase()))];
  if (tables.length === 0 || tables.some((t) => !['A', 'B', 'C'].includes(t)))
    return { ok: false, problem: '--tables must list A, B and/or C' };
  return { ok: true, from, to, tables: tables as NbpTableType[] };
}

type BackfillArgs = Extract<ReturnType<typeof parseBackfillArgs>, { ok: true }>;

export const backfillCli: CliCommand<BackfillArgs, RatesConfig> = {
  name: 'rates:backfill',
  usage: USAGE,
  parseArgs(argv) {
    const args = parseBackfillArgs(argv);
    if (!args.ok) throw new CliUsageError(args.problem);
    return args;
  },
  env: ratesConfigSchema,
  async run(ctx) {
    const { args, config, io, logger } = ctx;
    try {
      const dataSource = await openCliDatabase(ctx, {
        schema: RATES_SCHEMA,
        entities: RATES_ENTITIES,
        migrations: RATES_MIGRATIONS,
      });
      // With Redis the service's cache is cleared when tables are added; an in-process cache of a
      // running service ages out within its TTL (a minute).
      const cache = createCache({ redisUrl: config.REDIS_URL, namespace: 'rates', logger });
      ctx.defer(() => cache.close());
      const backfill = new NbpImportUseCases(
        new BundledNbpArchives(),
        new NbpTablesRepository(dataSource),
        cache,
        logger,
        new NbpApiClient(config, logger, new OutboundRequests()),
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
      throw new CliFailure(`rates backfill failed: ${(error as Error).message}`);
    }
  },
};

if (require.main === module) void runCliProcess(backfillCli);
