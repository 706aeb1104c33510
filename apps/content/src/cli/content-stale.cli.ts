// `npm run content:stale`: lists content whose text or dated figures are out of date, read straight
// from the content folder (no database). Exit codes: 0 nothing stale, 1 something is stale (listed),
// 2 bad arguments or content that cannot be read (the problems listed; `npm run content:import`
// names the same ones), 78 a bad environment.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { warsawDay } from '@lib/pl-calendar';
import { CliFailure, CliUsageError, runCliProcess, type CliCommand } from '@lib/service-kit';
import { type z } from 'zod';
import { contentConfigSchema } from '../content.config';
import { formatIssue } from '../domain/content-issues';
import { collectDatedContent, describeFinding, findStale } from '../domain/freshness';
import { ContentFolder } from '../persistence/content-folder';

export const STALE_DEFAULTS = { maxAgeDays: 365, soonDays: 45 } as const;

const USAGE = `usage: npm run content:stale -- [--max-age-days N] [--soon-days N] [--today YYYY-MM-DD] [--dir PATH]
  --max-age-days  a text (editedAt) or an open-ended figure (checked) older than N days is stale (default ${STALE_DEFAULTS.maxAgeDays})
  --soon-days     list figures whose validUntil falls within N days (default ${STALE_DEFAULTS.soonDays}; not a failure)
  --today         the day to judge by (default: today in Warsaw)
  --dir           the content folder (default: CONTENT_DIR, else the repository's content/)
exit codes: 0 nothing stale, 1 stale content listed, 2 bad arguments or unreadable content, 78 a bad environment`;

/** The content folder is all the command reads from the environment. */
const staleEnvSchema = contentConfigSchema.pick({ CONTENT_DIR: true, LOG_LEVEL: true });
type StaleEnv = z.output<typeof staleEnvSchema>;

interface StaleArgs {
  /** Unset: CONTENT_DIR. */
  dir: string | undefined;
  today: string;
  maxAgeDays: number;
  soonDays: number;
}

function days(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,5}$/.test(value))
    throw new CliUsageError(`--${name} must be a whole number of days, got "${value}"`);
  return Number(value);
}

function day(value: string | undefined, clock: () => Date): string {
  if (value === undefined) return warsawDay(clock());
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
  if (!valid) throw new CliUsageError(`--today must be a date YYYY-MM-DD, got "${value}"`);
  return value;
}

/** The command, judging by `clock`'s day in Warsaw unless --today names one. */
export function contentStaleCli(clock: () => Date = () => new Date()): CliCommand<StaleArgs, StaleEnv> {
  return {
    name: 'content:stale',
    usage: USAGE,
    parseArgs(argv) {
      const { values } = parseArgs({
        args: argv,
        options: {
          'max-age-days': { type: 'string' },
          'soon-days': { type: 'string' },
          today: { type: 'string' },
          dir: { type: 'string' },
        },
        strict: true,
        allowPositionals: false,
      });
      return {
        dir: values.dir,
        today: day(values.today, clock),
        maxAgeDays: days('max-age-days', values['max-age-days'], STALE_DEFAULTS.maxAgeDays),
        soonDays: days('soon-days', values['soon-days'], STALE_DEFAULTS.soonDays),
      };
    },
    env: staleEnvSchema,
    async run({ args, config, io }) {
      const options = { ...args, dir: args.dir === undefined ? config.CONTENT_DIR : path.resolve(args.dir) };
      const tree = await new ContentFolder().read(options.dir).catch((error: unknown) => {
        throw new CliFailure(`content:stale cannot read ${options.dir}: ${(error as Error).message}`, 2);
      });
      const { entries, problems } = collectDatedContent(tree);
      if (problems.length > 0) {
        io.err(`content:stale cannot read ${problems.length} problem(s) in ${options.dir}:`);
        for (const problem of problems) io.err(`  ${formatIssue(problem)}`);
        return 2;
      }
      const report = findStale(entries, options);
      io.out(
        `content:stale on ${options.today}: ${report.checked} pages and articles in ${options.dir}, ` +
          `texts and open-ended figures older than ${options.maxAgeDays} days, figures past their validUntil`,
      );
      io.out(`  stale: ${report.stale.length}`);
      for (const finding of report.stale) io.out(`    ${describeFinding(finding, options.maxAgeDays)}`);
      io.out(`  figures expiring within ${options.soonDays} days: ${report.expiring.length}`);
      for (const finding of report.expiring) io.out(`    ${describeFinding(finding, options.maxAgeDays)}`);
      return report.stale.length > 0 ? 1 : 0;
    },
  };
}

if (require.main === module) void runCliProcess(contentStaleCli());
