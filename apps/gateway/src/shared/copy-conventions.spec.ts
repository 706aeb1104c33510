import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * What the gateway writes itself follows the site's one way of writing figures and dashes: a figure
 * reaches a page through the formatter (shared/format.ts, @lib/pl-format), which joins it to 'zł'
 * and '%' with a no-break space, never through a template string that types a plain space before
 * the unit; and a dash is the en dash. Comments are not visitor text and are left out.
 */

const SRC = path.resolve(__dirname, '..');
/** Configuration: its messages are for whoever deploys the site, not for visitors. */
const NOT_VISITOR_TEXT = path.join(SRC, 'kit', 'config');
/**
 * The example operator mirrors deploy/operator.dev.env, typed as an operator types OPERATOR_* values;
 * the pages typeset those values where they show them (operator-identity.tsx, operator.ts).
 */
const AS_CONFIGURED = new Set([path.join(SRC, 'app', 'operator', 'operator.ts')]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (full === NOT_VISITOR_TEXT) return [];
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The code of a file without its comments (block comments, and line comments at a line's start or after code). */
const withoutComments = (code: string) =>
  code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const RULES: readonly { pattern: RegExp; says: string }[] = [
  { pattern: /\u2014/, says: 'an em dash (write the en dash, U+2013)' },
  {
    pattern: /(\d|\}|\)) (zł|%)/,
    says: 'a plain space before "zł" or "%" (format the figure, or write \\u00a0)',
  },
];

describe('the gateway’s own copy', () => {
  it('writes no em dash and no plain space between a figure and its unit', () => {
    const problems: string[] = [];
    for (const file of sourceFiles(SRC).filter((file) => !AS_CONFIGURED.has(file))) {
      const lines = withoutComments(readFileSync(file, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        for (const { pattern, says } of RULES)
          if (pattern.test(line))
            problems.push(`${path.relative(SRC, file)}:${index + 1}: ${says}: ${line.trim()}`);
      });
    }
    expect(problems).toEqual([]);
  });
});
