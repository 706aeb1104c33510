import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseServerMajor } from './binaries';
import { asideDirectoryName, dataDirectoryVersion, moveDataDirectoryAside } from './data-dir-version';

describe('data directory version', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pg-version-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reads the major a data directory was made by, and nothing where there is no cluster', async () => {
    const pgData = path.join(dir, 'postgres');
    expect(await dataDirectoryVersion(pgData)).toBeUndefined();
    await mkdir(pgData);
    expect(await dataDirectoryVersion(pgData)).toBeUndefined();
    await writeFile(path.join(pgData, 'PG_VERSION'), '18\n');
    expect(await dataDirectoryVersion(pgData)).toBe('18');
  });

  it('reads the major of the binaries from postgres --version', () => {
    expect(parseServerMajor('postgres (PostgreSQL) 15.18\n')).toBe(15);
    expect(parseServerMajor('postgres (PostgreSQL) 18.4 (Debian 18.4-1)')).toBe(18);
    expect(() => parseServerMajor('something else')).toThrow('cannot read the PostgreSQL version');
  });

  it('names the set-aside directory after the major and the local time', () => {
    expect(asideDirectoryName('18', new Date(2025, 2, 4, 9, 5, 7))).toBe('postgres-pg18-20250304-090507');
  });

  it('moves a directory aside whole, choosing a free name when the first is taken', async () => {
    const at = new Date(2025, 0, 31, 23, 59, 59);
    const taken = path.join(dir, 'postgres-pg18-20250131-235959');
    await mkdir(taken);
    await writeFile(path.join(taken, 'PG_VERSION'), '18\n');
    const pgData = path.join(dir, 'postgres');
    await mkdir(path.join(pgData, 'base'), { recursive: true });
    await writeFile(path.join(pgData, 'PG_VERSION'), '18\n');
    await writeFile(path.join(pgData, 'base', 'table'), 'rows');

    const movedTo = await moveDataDirectoryAside(pgData, '18', at);

    expect(movedTo).toBe(`${taken}-2`);
    expect(await readFile(path.join(movedTo, 'base', 'table'), 'utf8')).toBe('rows');
    expect(await readFile(path.join(taken, 'PG_VERSION'), 'utf8')).toBe('18\n');
    expect((await readdir(dir)).sort()).toEqual([
      'postgres-pg18-20250131-235959',
      'postgres-pg18-20250131-235959-2',
    ]);
  });
});
