import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';
import { runCli } from '@lib/service-kit';
import {
  CONTENT_FIXTURE_DIR,
  copyFixtureContent,
  provideTestDatabase,
  silentLogger,
  type TestDatabase,
} from '@lib/testing';
import { contentImportCli } from '../src/cli/content-import.cli';

describe('npm run content:import (real PostgreSQL)', () => {
  let database: TestDatabase;
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(`ERR ${line}`) };
  const run = async (env: Record<string, string>) => {
    lines.length = 0;
    return runCli(contentImportCli, {
      argv: [],
      env: { DATABASE_URL: database.url, ...env },
      io,
      logger: silentLogger(),
    });
  };

  beforeAll(async () => {
    database = await provideTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('migrates, imports and prints a summary; a second run changes nothing', async () => {
    await expect(run({ CONTENT_DIR: CONTENT_FIXTURE_DIR })).resolves.toBe(0);
    expect(lines[0]).toMatch(
      new RegExp(`^content imported from ${CONTENT_FIXTURE_DIR}: 13 files in \\d+ ms$`),
    );
    expect(lines.slice(1)).toEqual([
      '  pages created 24, updated 1, unchanged 0',
      '  unpublished 0',
      '  navigation created',
    ]);

    await expect(run({ CONTENT_DIR: CONTENT_FIXTURE_DIR })).resolves.toBe(0);
    expect(lines.slice(1)).toEqual([
      '  pages created 0, updated 0, unchanged 25',
      '  unpublished 0',
      '  navigation unchanged',
    ]);

    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "content"."articles"`,
      );
      expect(rows[0]!.n).toBe(3);
    } finally {
      await client.end();
    }
  });

  it('exits 1 and lists every problem, file and field, when the content does not validate', async () => {
    const content = await copyFixtureContent();
    try {
      await writeFile(path.join(content.dir, 'lenders/nowy.md'), '---\nslug: nowy\n---\nOpis.');
      await expect(run({ CONTENT_DIR: content.dir })).resolves.toBe(1);
      // 6 problems: the lender has no name, title, subtitle, description or faq and a slug outside the
      // catalogue. A missing `info:` block is not one of them: lender facts live in the offers data, so
      // the import refuses an info block but no longer asks for it.
      expect(lines[0]).toBe(`ERR content import stopped, nothing written: 6 problem(s) in ${content.dir}`);
      expect(lines.filter((line) => line.includes('nowy.md: info'))).toEqual([]);
      expect(lines).toContain(
        'ERR   content/lenders/nowy.md: slug: must be one of the 28 lender slugs in the product spec',
      );
      expect(lines).toContain('ERR   content/lenders/nowy.md: title: is required');
    } finally {
      await content.remove();
    }
  });

  it('exits 78 with one line naming the variable when the environment is wrong', async () => {
    await expect(run({ CONTENT_VIEWS_FLUSH_MS: 'soon' })).resolves.toBe(78);
    expect(lines).toEqual([
      expect.stringMatching(/^ERR Invalid configuration: CONTENT_VIEWS_FLUSH_MS="soon"/),
    ]);
  });
});
