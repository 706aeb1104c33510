// `npm run content:stale`: lists content whose text or dated figures are out of date, read straight
// from the content folder (no database). Exit codes: 0 nothing stale, 1 something is stale (listed),
// 2 bad arguments or content that cannot be read (the problems listed; `npm run content:import`
// names the same ones).
import { parseArgs } from 'node:util';
import path from 'node:path';
import { warsawDay } from '@lib/pl-calendar';
import { DEFAULT_CONTENT_DIR } from '../content.config';
import { formatIssue } from '../domain/content-issues';
import { collectDatedContent, describeFinding, findStale } from '../domain/freshness';
import { ContentFolder } from '../persistence/content-folder';
import { type CliOutput } from './content-import.cli';

export const STALE_DEFAULTS = { maxAgeDays: 365, soonDays: 45 } as const;

const USAGE = `usage: npm run content:stale -- [--max-age-days N] [--soon-days N] [--today YYYY-MM-DD] [--dir PATH]
  --max-age-days  a text (editedAt) or an open-ended figure (checked) older than N days is stale (default ${STALE_DEFAULTS.maxAgeDays})
  --soon-days     list figures whose validUntil falls within N days (default ${STALE_DEFAULTS.soonDays}; not a failure)
  --today         the day to judge by (default: today in Warsaw)
  --dir           the content folder (default: CONTENT_DIR, else the repository's content/)
exit codes: 0 nothing stale, 1 stale content listed, 2 bad arguments or unreadable content`;

const stdio: CliOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

function days(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,5}$/.test(value)) throw new Error(`--${name} must be a whole number of days, got "${value}"`);
  return Number(value);
}

function day(value: string | undefined, clock: () => Date): string {
  if (value === undefined) return warsawDay(clock());
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
  if (!valid) throw new Error(`--today must be a date YYYY-MM-DD, got "${value}"`);
  return value;
}

export async function runStaleCli(
  argv: readonly string[] = process.argv.slice(2),
  env: Record<string, string | undefined> = process.env,
  io: CliOutput = stdio,
  clock: () => Date = () => new Date(),
): Promise<number> {
  let options: { dir: string; today: string; maxAgeDays: number; soonDays: number };
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        'max-age-days': { type: 'string' },
        'soon-days': { type: 'string' },
        today: { type: 'string' },
        dir: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    options = {
      dir: path.resolve(values.dir ?? (env['CONTENT_DIR'] || DEFAULT_CONTENT_DIR)),
      today: day(values.today, clock),
      maxAgeDays: days('max-age-days', values['max-age-days'], STALE_DEFAULTS.maxAgeDays),
      soonDays: days('soon-days', values['soon-days'], STALE_DEFAULTS.soonDays),
    };
  } catch (error) {
    io.err((error as Error).message);
    io.err(USAGE);
    return 2;
  }

  const tree = await new ContentFolder().read(options.dir);
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
}

if (require.main === module) {
  runStaleCli().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`content:stale failed: ${(error as Error).stack ?? String(error)}\n`);
      process.exit(2);
    },
  );
}
