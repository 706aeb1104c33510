#!/usr/bin/env node
// Prints the workspace's test totals from the per-project files the summary reporter wrote, as
// one line: "tests: N passed, N failed, N skipped". Exit 1 when a project failed or none ran.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../../tmp/test-results');
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
const total = { passed: 0, failed: 0, skipped: 0, suitesFailed: 0 };
for (const file of files) {
  const result = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  for (const key of Object.keys(total)) total[key] += result[key] ?? 0;
}
console.log(`projects tested: ${files.length}`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(files.length === 0 || total.failed > 0 || total.suitesFailed > 0 ? 1 : 0);
