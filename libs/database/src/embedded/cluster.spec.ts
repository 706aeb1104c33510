import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readOrCreatePassword, superuserUrl } from './cluster';

describe('embedded cluster password', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'embedded-password-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('generates the password once, owner-readable only, and keeps it', async () => {
    const file = path.join(dir, 'postgres-password');
    const [a, b] = await Promise.all([readOrCreatePassword(file), readOrCreatePassword(file)]);
    expect(a).toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readOrCreatePassword(file)).toBe(a);
    expect(superuserUrl(5555, a)).toBe(`postgres://postgres:${a}@127.0.0.1:5555/postgres`);
  });
});
