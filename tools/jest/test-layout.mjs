#!/usr/bin/env node
// Checks the test tiers' one rule (jest.preset.cjs): unit tests `<name>.spec.ts(x)` sit beside the
// code they test and never under a test/ folder; `<name>.int.spec.ts(x)` and
// `<name>.browser.spec.ts(x)` sit under test/. Prints each misplaced file and exits 1.
// Usage: node tools/jest/test-layout.mjs  (run by `npm test` before any project's tests)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const files = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', '*.spec.ts', '*.spec.tsx'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\n')
  // Tracked files moved or deleted in the working tree are gone: only what Jest would run counts.
  .filter(
    (file) =>
      file &&
      !file.includes('node_modules/') &&
      !file.includes('/fixtures/') &&
      existsSync(path.join(root, file)),
  );

const problems = [];
for (const file of files) {
  const inTestFolder = file.split('/').includes('test');
  const tier = /\.(int|browser)\.spec\.tsx?$/.exec(file)?.[1] ?? 'unit';
  if (tier === 'unit' && inTestFolder)
    problems.push(
      `${file}: a unit test belongs beside the code it tests (or, if it needs real infrastructure, name it *.int.spec.ts)`,
    );
  if (tier !== 'unit' && !inTestFolder)
    problems.push(`${file}: *.${tier}.spec files belong under the project's test/ folder`);
}

if (problems.length > 0) {
  process.stderr.write(
    `test layout: ${problems.length} misplaced test file(s)\n${problems.map((p) => `  ${p}`).join('\n')}\n`,
  );
  process.exit(1);
}
process.stdout.write(`test layout: ${files.length} test files follow the tier rule\n`);
