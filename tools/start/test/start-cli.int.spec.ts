import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { closeServer, occupyPort } from './support/helpers';

const START = path.join(__dirname, '..', 'start.mjs');

function runStart(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [START, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm start (command line)', () => {
  it('prints usage for --help and exits 0', () => {
    const { code, stdout } = runStart(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: npm start');
  });

  it('rejects an unknown flag with exit code 2 and the usage', () => {
    const { code, stderr } = runStart(['--bogus']);
    expect(code).toBe(2);
    expect(stderr).toContain('npm start: unknown argument "--bogus"');
    expect(stderr).toContain('--no-build');
  });

  it('refuses to start when a port is taken, naming the port and its purpose', async () => {
    const { port, server } = await occupyPort();
    try {
      const { code, stdout } = await new Promise<ReturnType<typeof runStart>>((resolve) =>
        setImmediate(() =>
          resolve(
            runStart(['--no-build', '--json'], {
              PORT: String(port),
              DATABASE_URL: 'postgres://x@127.0.0.1:1/x',
            }),
          ),
        ),
      );
      expect(code).toBe(1);
      const records = stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { level: string; msg: string });
      expect(records[0]!.level).toBe('error');
      expect(records[0]!.msg).toContain(`port ${port} (gateway HTTP) is already in use`);
    } finally {
      await closeServer(server);
    }
  });

  it('rejects a malformed PORT with one clear line', () => {
    const { code, stdout } = runStart(['--no-build'], { PORT: 'eighty', NO_COLOR: '1' });
    expect(code).toBe(1);
    expect(stdout).toContain('PORT="eighty" must be a port number between 1 and 65535');
  });
});
