import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WORKSPACE } from './support/kubernetes';

const START = path.join(WORKSPACE, 'deploy/container/start.sh');
const HEALTHCHECK = path.join(WORKSPACE, 'deploy/container/healthcheck.mjs');

/** A fake /app: each entry file prints which file ran and the arguments it got. */
function fakeAppRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'app-'));
  const entries = [
    'dist/apps/gateway/src/server/main.js',
    ...['content', 'offers', 'rates', 'leads', 'events'].map((n) => `dist/apps/${n}/src/main.js`),
    'deploy/kafka/create-topics.mjs',
  ];
  for (const entry of entries) {
    mkdirSync(path.dirname(path.join(root, entry)), { recursive: true });
    writeFileSync(
      path.join(root, entry),
      `console.log(JSON.stringify({ entry: ${JSON.stringify(entry)}, args: process.argv.slice(2) }));\n`,
    );
  }
  return root;
}

describe('deploy/container/start.sh', () => {
  const root = fakeAppRoot();
  const run = (app: string | undefined, args: string[] = []) =>
    spawnSync('sh', [START, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...(app === undefined ? {} : { APP: app }) },
      encoding: 'utf8',
    });

  it.each([
    ['gateway', 'dist/apps/gateway/src/server/main.js'],
    ['content', 'dist/apps/content/src/main.js'],
    ['offers', 'dist/apps/offers/src/main.js'],
    ['rates', 'dist/apps/rates/src/main.js'],
    ['leads', 'dist/apps/leads/src/main.js'],
    ['events', 'dist/apps/events/src/main.js'],
    ['kafka-topics', 'deploy/kafka/create-topics.mjs'],
  ])('APP=%s runs %s', (app, entry) => {
    const result = run(app, ['--flag']);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ entry, args: ['--flag'] });
  });

  it('refuses an unknown or missing APP with exit code 64 and the list of valid ones', () => {
    for (const app of ['bogus', undefined, '']) {
      const result = run(app);
      expect(result.status).toBe(64);
      expect(result.stderr).toContain(
        'APP must be one of gateway, content, offers, rates, leads, events, kafka-topics',
      );
    }
  });
});

describe('deploy/container/healthcheck.mjs', () => {
  let server: Server;
  let port: number;
  let status = 200;

  beforeAll(async () => {
    server = createServer((req, res) => res.writeHead(req.url === '/readyz' ? status : 404).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // Asynchronous on purpose: the fake /readyz server lives in this process and must keep answering.
  const check = (env: Record<string, string>) =>
    new Promise<number | null>((resolve) => {
      spawn(process.execPath, [HEALTHCHECK], {
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: 'ignore',
      }).on('exit', resolve);
    });

  it('is healthy when /readyz on OPS_PORT (services) or PORT (gateway) answers 200', async () => {
    status = 200;
    expect(await check({ APP: 'content', OPS_PORT: String(port) })).toBe(0);
    expect(await check({ APP: 'gateway', PORT: String(port) })).toBe(0);
    expect(await check({ APP: 'gateway', PORT: String(port), OPS_PORT: '1' })).toBe(0);
  });

  it('asks a service on its OPS_HOST, and on 127.0.0.1 when that is a wildcard', async () => {
    status = 200;
    expect(await check({ APP: 'content', OPS_HOST: '127.0.0.1', OPS_PORT: String(port) })).toBe(0);
    expect(await check({ APP: 'content', OPS_HOST: '0.0.0.0', OPS_PORT: String(port) })).toBe(0);
    // Nothing of ours listens on 127.0.0.2: the check went where OPS_HOST said.
    expect(await check({ APP: 'content', OPS_HOST: '127.0.0.2', OPS_PORT: String(port) })).toBe(1);
    expect(await check({ APP: 'gateway', OPS_HOST: '127.0.0.2', PORT: String(port) })).toBe(0);
  });

  it('is unhealthy on any other status, on a closed port, or without a known port', async () => {
    status = 503;
    expect(await check({ APP: 'rates', OPS_PORT: String(port) })).toBe(1);
    status = 200;
    expect(await check({ APP: 'leads', OPS_PORT: '1' })).toBe(1);
    expect(await check({ APP: 'kafka-topics' })).toBe(1);
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = readFileSync(path.join(WORKSPACE, 'deploy/Dockerfile'), 'utf8');

  it('builds in stages and runs as the unprivileged node user with a health check', () => {
    expect(dockerfile.match(/^FROM .+ AS (\w+)$/gm)).toEqual([
      'FROM ${NODE_IMAGE} AS deps',
      'FROM deps AS build',
      'FROM ${NODE_IMAGE} AS runtime',
    ]);
    expect(dockerfile).toMatch(/RUN npm ci/);
    expect(dockerfile).toMatch(/nx run-many -t build --projects=gateway,content,offers,rates,leads,events/);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*deploy\/container\/healthcheck\.mjs/m);
    expect(runtime).toMatch(/^ENTRYPOINT \["sh", "\/app\/deploy\/container\/start\.sh"\]$/m);
  });
});

describe('build context filters', () => {
  const patterns = (file: string) =>
    readFileSync(path.join(WORKSPACE, file), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));

  it('keep local state out of the image, the same for BuildKit and the classic builder', () => {
    const buildKit = patterns('deploy/Dockerfile.dockerignore');
    expect(patterns('.dockerignore')).toEqual(buildKit);
    for (const excluded of ['**/node_modules', 'dist', '.data', '.nx', '.git', '.env'])
      expect(buildKit).toContain(excluded);
  });
});
