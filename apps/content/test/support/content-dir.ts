import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const FIXTURE_CONTENT_DIR = path.join(__dirname, '../fixtures/content');

/** A private, writable copy of the fixture content (named 'content', as messages show it). */
export async function copyFixtureContent(): Promise<{ dir: string; remove(): Promise<void> }> {
  const parent = await mkdtemp(path.join(tmpdir(), 'content-test-'));
  const dir = path.join(parent, 'content');
  await cp(FIXTURE_CONTENT_DIR, dir, { recursive: true });
  return { dir, remove: () => rm(parent, { recursive: true, force: true }) };
}

/** Runs fn with CONTENT_DIR (and other variables) set, restoring them afterwards. */
export function setEnv(vars: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  for (const [key, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  return () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}
