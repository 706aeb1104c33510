import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Generated code is committed; these tests make `npm test` fail when it no longer matches
// proto/, and keep the protos lint-clean.
const workspaceRoot = path.resolve(__dirname, '../../..');
const generatedDir = path.join(workspaceRoot, 'libs/contracts/src/generated');
const generator = path.join(workspaceRoot, 'tools/proto/generate.mjs');

function run(command: string, args: string[]) {
  return spawnSync(command, args, { cwd: workspaceRoot, encoding: 'utf8', timeout: 120_000 });
}

describe('generated contracts', () => {
  it('match the proto files (npm run proto:check)', () => {
    const result = run(process.execPath, [generator, '--check']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('report outdated, missing and stale files when they drift', async () => {
    const copy = await mkdtemp(path.join(tmpdir(), 'contracts-drift-'));
    try {
      await cp(generatedDir, copy, { recursive: true });
      await appendFile(path.join(copy, 'rates/v1/rates.ts'), '\nexport const handEdited = true;\n');
      await rm(path.join(copy, 'leads/v1/leads.ts'));
      await writeFile(path.join(copy, 'orphan.ts'), 'export {};\n');

      const result = run(process.execPath, [generator, '--check', '--target', copy]);

      expect(result.status).toBe(1);
      expect(result.stderr).toContain('run `npm run proto`');
      expect(result.stderr).toMatch(/outdated\s+rates\/v1\/rates\.ts/);
      expect(result.stderr).toMatch(/missing\s+leads\/v1\/leads\.ts/);
      expect(result.stderr).toMatch(/stale\s+orphan\.ts/);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('come from protos that pass buf lint', () => {
    const result = run(path.join(workspaceRoot, 'node_modules/.bin/buf'), ['lint']);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('come from protos in buf format (vendored google and grpc files excepted)', () => {
    const result = run(path.join(workspaceRoot, 'node_modules/.bin/buf'), [
      'format',
      '--diff',
      '--exit-code',
      '--exclude-path',
      'proto/google',
      '--exclude-path',
      'proto/grpc',
    ]);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
