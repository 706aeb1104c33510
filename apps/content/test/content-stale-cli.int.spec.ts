import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runCli } from '@lib/service-kit';
import { CONTENT_FIXTURE_DIR, copyFixtureContent, silentLogger } from '@lib/testing';
import { contentStaleCli } from '../src/cli/content-stale.cli';

describe('npm run content:stale (the content folder on disk)', () => {
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(`ERR ${line}`) };
  // 23:30 UTC on 24 November is already 25 November in Warsaw: the report judges by the Warsaw day.
  const clock = () => new Date('2026-11-24T23:30:00Z');
  const run = (argv: string[], dir = CONTENT_FIXTURE_DIR) => {
    lines.length = 0;
    return runCli(contentStaleCli(clock), { argv, env: { CONTENT_DIR: dir }, io, logger: silentLogger() });
  };

  it('exits 0 when nothing is older than the maximum age, naming the Warsaw day it judged by', async () => {
    await expect(run([])).resolves.toBe(0);
    expect(lines[0]).toBe(
      `content:stale on 2026-11-25: 7 pages and articles in ${CONTENT_FIXTURE_DIR}, ` +
        'texts and open-ended figures older than 365 days, figures past their validUntil',
    );
    expect(lines.slice(1)).toEqual(['  stale: 0', '  figures expiring within 45 days: 0']);
  });

  it('exits 1 and lists each stale text with its path and age', async () => {
    await expect(run(['--max-age-days', '200'])).resolves.toBe(1);
    expect(lines).toContain('  stale: 1');
    expect(lines).toContain(
      '    content/articles/waloryzacja-emerytur.md (/waloryzacja-emerytur/): text edited 2026-03-04, 266 days ago (more than 200)',
    );
  });

  it('lists figures past their validUntil as stale and those ending soon as a reminder', async () => {
    const content = await copyFixtureContent();
    try {
      const file = path.join(content.dir, 'articles/placa-minimalna.md');
      const source =
        'source: { name: ISAP, url: "https://isap.sejm.gov.pl/isap.nsf/DocDetails.xsp?id=WDU20250001242" }';
      const figures = [
        'figures:',
        `  - { name: Płaca minimalna 2025, value: 4666 zł, appliesFrom: 2025-01-01, validUntil: 2025-12-31, ${source} }`,
        `  - { name: Płaca minimalna 2026, value: 4806 zł, appliesFrom: 2026-01-01, validUntil: 2026-12-31, ${source} }`,
      ].join('\n');
      const text = await readFile(file, 'utf8');
      await writeFile(
        file,
        text.replace(/^edited: (.*)$/m, (line) => `${line}\n${figures}`),
      );

      await expect(run(['--dir', content.dir, '--today', '2026-12-01'])).resolves.toBe(1);
      expect(lines.slice(1)).toEqual([
        '  stale: 1',
        '    content/articles/placa-minimalna.md (/placa-minimalna/): figure "Płaca minimalna 2025" was valid until 2025-12-31',
        '  figures expiring within 45 days: 1',
        '    content/articles/placa-minimalna.md (/placa-minimalna/): figure "Płaca minimalna 2026" is valid until 2026-12-31 (30 days left)',
      ]);
    } finally {
      await content.remove();
    }
  });

  it('exits 2 on bad arguments and on content it cannot read, naming the file and field', async () => {
    await expect(run(['--max-age-days', 'rok'])).resolves.toBe(2);
    expect(lines[0]).toBe('ERR --max-age-days must be a whole number of days, got "rok"');
    await expect(run(['--today', '2026-02-30'])).resolves.toBe(2);
    expect(lines[0]).toBe('ERR --today must be a date YYYY-MM-DD, got "2026-02-30"');
    await expect(run(['--nieznana'])).resolves.toBe(2);

    const content = await copyFixtureContent();
    try {
      const file = path.join(content.dir, 'articles/placa-minimalna.md');
      const text = await readFile(file, 'utf8');
      await writeFile(
        file,
        text.replace(/^edited: (.*)$/m, (line) => `${line}\nfigures: [{ name: Płaca, value: 1 zł }]`),
      );
      await expect(run([], content.dir)).resolves.toBe(2);
      expect(lines).toEqual(
        expect.arrayContaining([
          `ERR content:stale cannot read 2 problem(s) in ${content.dir}:`,
          'ERR   content/articles/placa-minimalna.md: figures[0].appliesFrom: is required: the day (YYYY-MM-DD) the figure applies from',
          'ERR   content/articles/placa-minimalna.md: figures[0].source: is required',
        ]),
      );
    } finally {
      await content.remove();
    }
  });
});
