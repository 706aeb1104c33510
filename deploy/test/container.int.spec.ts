import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
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
    ...['content', 'offers', 'rates', 'leads', 'events', 'partner-sandbox'].map(
      (n) => `dist/apps/${n}/src/main.js`,
    ),
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
    ['partner-sandbox', 'dist/apps/partner-sandbox/src/main.js'],
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
        'APP must be one of gateway, content, offers, rates, leads, events, kafka-topics, partner-sandbox',
      );
    }
  });
});

describe('deploy/container/healthcheck.mjs', () => {
  let server: Server;
  let port: number;
  let status = 200;
  /** Answers /healthz only, as the partner sandbox does. */
  let healthzOnly: Server;
  let healthzPort: number;

  beforeAll(async () => {
    server = createServer((req, res) =>
      res.writeHead(req.url === '/readyz' || req.url === '/healthz' ? status : 404).end(),
    );
    healthzOnly = createServer((req, res) => res.writeHead(req.url === '/healthz' ? 200 : 404).end());
    await new Promise<void>((resolve) => healthzOnly.listen(0, '127.0.0.1', resolve));
    healthzPort = (healthzOnly.address() as { port: number }).port;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => healthzOnly.close(() => resolve()));
  });

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

  it('asks the partner sandbox (no dependencies, no /readyz) its /healthz on PARTNER_SANDBOX_PORT', async () => {
    expect(await check({ APP: 'partner-sandbox', PARTNER_SANDBOX_PORT: String(healthzPort) })).toBe(0);
    expect(
      await check({
        APP: 'partner-sandbox',
        PARTNER_SANDBOX_HOST: '0.0.0.0',
        PARTNER_SANDBOX_PORT: String(healthzPort),
      }),
    ).toBe(0);
    // A service's check asks /readyz, which that server does not answer.
    expect(await check({ APP: 'content', OPS_PORT: String(healthzPort) })).toBe(1);
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
    expect(dockerfile).toMatch(/projects=gateway,content,offers,rates,leads,events;/);
    expect(dockerfile).toMatch(/nx run-many -t build --projects="\$projects"/);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*deploy\/container\/healthcheck\.mjs/m);
    expect(runtime).toMatch(/^ENTRYPOINT \["sh", "\/app\/deploy\/container\/start\.sh"\]$/m);
  });
});

describe('deploy/Dockerfile build argument APP', () => {
  const dockerfile = readFileSync(path.join(WORKSPACE, 'deploy/Dockerfile'), 'utf8');
  /** The projects the build stage's RUN line builds for a value of APP, by running its own shell code. */
  const projectsFor = (app: string) => {
    const run = /^RUN (projects=[\s\S]*?); \\\n\s*npx nx run-many/m.exec(dockerfile)?.[1];
    if (!run) throw new Error('the build stage has no projects selection');
    const shell = `${run.replace(/\\\n/g, '\n')}; echo "$projects"`;
    return spawnSync('sh', ['-c', shell], { env: { APP: app }, encoding: 'utf8' }).stdout.trim();
  };

  it('builds every app by default and one app when asked, and the image runs that app by default', () => {
    expect(dockerfile).toMatch(/^ARG APP=all$/m);
    expect(projectsFor('all')).toBe('gateway,content,offers,rates,leads,events');
    expect(projectsFor('rates')).toBe('rates');
    expect(projectsFor('gateway')).toBe('gateway');
    // The local stacks' lenders get an image of their own; the image of all apps never holds them.
    expect(projectsFor('partner-sandbox')).toBe('partner-sandbox');
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    expect(runtime).toMatch(/^ARG APP$/m);
    expect(runtime).toMatch(/^ENV NODE_ENV=production APP=\$\{APP\}$/m);
  });

  it('an all-apps image started without choosing one says so', () => {
    const result = spawnSync('sh', [START], {
      env: { PATH: process.env.PATH ?? '', APP: 'all' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(64);
    expect(result.stderr).toContain('an image built for all apps needs APP at run time');
  });
});

describe('deploy/container/prune-runtime.mjs on the image of one app', () => {
  it('follows the entry points that app has and drops the libraries it does not require', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'one-app-'));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    // What `--build-arg APP=partner-sandbox` builds: that app and its libraries, no other entry point.
    write('dist/apps/partner-sandbox/src/main.js', 'require("../../../libs/config/src/index.js");\n');
    write('dist/libs/config/src/index.js', 'module.exports = {};\n');
    write('dist/libs/testing/src/index.js', 'module.exports = {};\n');
    try {
      const out = spawnSync(
        process.execPath,
        [path.join(WORKSPACE, 'deploy/container/prune-runtime.mjs'), root],
        {
          encoding: 'utf8',
        },
      );
      expect(out.stderr).toBe('');
      expect(out.status).toBe(0);
      expect(readdirSync(path.join(root, 'dist/libs'))).toEqual(['config']);
      // Without any entry point nothing was built: refused rather than pruning everything away.
      rmSync(path.join(root, 'dist/apps'), { recursive: true });
      const none = spawnSync(
        process.execPath,
        [path.join(WORKSPACE, 'deploy/container/prune-runtime.mjs'), root],
        {
          encoding: 'utf8',
        },
      );
      expect(none.status).toBe(1);
      expect(none.stderr).toContain('no entry point of start.sh');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
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
    for (const excluded of [
      '**/node_modules',
      'dist',
      '.data',
      '.nx',
      '.git',
      '.env',
      // The compose stack's lender secrets: `COPY . .` must never bake them into a layer.
      'deploy/lenders/.sandbox-secrets.env',
    ])
      expect(buildKit).toContain(excluded);
  });
});

describe('deploy/container/start.sh signal handling', () => {
  it('execs node, so SIGTERM reaches the app itself (it drains) and its exit code is the container’s', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'app-signal-'));
    const entry = path.join(root, 'dist/apps/content/src/main.js');
    mkdirSync(path.dirname(entry), { recursive: true });
    // Stands in for a service: reports its pid, drains on SIGTERM and exits 0.
    writeFileSync(
      entry,
      "process.on('SIGTERM', () => { console.log('drained'); process.exit(0); });\n" +
        'console.log(`pid ${process.pid}`);\nsetInterval(() => {}, 1000);\n',
    );
    const child = spawn('sh', [START], { cwd: root, env: { PATH: process.env.PATH ?? '', APP: 'content' } });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (stdout.includes('pid ')) {
          clearInterval(poll);
          resolve();
        }
      }, 20);
    });
    // The shell replaced itself: the pid the container runtime signals is node's.
    expect(stdout).toContain(`pid ${child.pid}`);
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(stdout).toContain('drained');
  });
});

/**
 * The runtime stage's files, assembled outside Docker from the Dockerfile's own COPY lines: the
 * build stage is reproduced with the project's build (nx, into dist/, reused when cached), the
 * production-only install of the lock file (`npm ci --omit=dev`, from the npm cache), and the same
 * deploy/container/prune-runtime.mjs the Dockerfile runs.
 */
describe('deploy/Dockerfile runtime stage contents', () => {
  const APPS = ['gateway', 'content', 'offers', 'rates', 'leads', 'events'];
  const dockerfile = readFileSync(path.join(WORKSPACE, 'deploy/Dockerfile'), 'utf8');
  const packageJson = JSON.parse(readFileSync(path.join(WORKSPACE, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  let buildRoot: string;
  /** runtime path (relative to /app) -> file on this machine */
  const runtime = new Map<string, string>();

  const run = (command: string, args: string[], cwd: string, env: Record<string, string> = {}) => {
    const result = spawnSync(command, args, {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0)
      throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
    return result.stdout;
  };

  function* walk(dir: string): Generator<string> {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else yield full;
    }
  }

  /** Adds what `COPY [--from=build] <src>... <dest>` puts under /app. */
  function applyCopy(line: string) {
    const args = line.replace(/^COPY\s+/, '').split(/\s+/);
    const from = args[0]?.startsWith('--from=') ? args.shift()!.slice('--from='.length) : undefined;
    const dest = args.pop()!;
    for (const src of args) {
      const source =
        from === 'build' ? path.join(buildRoot, path.relative('/app', src)) : path.join(WORKSPACE, src);
      if (from !== undefined && from !== 'build') throw new Error(`unexpected COPY --from=${from}`);
      const target = path.posix.normalize(
        dest.endsWith('/') ? path.posix.join(dest, path.basename(src)) : dest,
      );
      if (statSync(source).isDirectory()) {
        for (const file of walk(source))
          runtime.set(path.posix.join(target, path.relative(source, file)), file);
      } else {
        runtime.set(target, source);
      }
    }
  }

  beforeAll(() => {
    run(
      'npx',
      ['nx', 'run-many', '-t', 'build', `--projects=${APPS.join(',')}`, '--outputStyle=static'],
      WORKSPACE,
    );
    buildRoot = mkdtempSync(path.join(tmpdir(), 'runtime-stage-'));
    for (const file of ['package.json', 'package-lock.json', '.npmrc'])
      cpSync(path.join(WORKSPACE, file), path.join(buildRoot, file));
    cpSync(path.join(WORKSPACE, 'dist'), path.join(buildRoot, 'dist'), { recursive: true });
    run(
      'npm',
      ['ci', '--omit=dev', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'],
      buildRoot,
    );
    run(process.execPath, [path.join(WORKSPACE, 'deploy/container/prune-runtime.mjs'), buildRoot], WORKSPACE);
    const stage = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    for (const line of stage.split('\n').filter((l) => l.startsWith('COPY '))) applyCopy(line);
  }, 150_000);

  afterAll(() => {
    if (buildRoot) rmSync(buildRoot, { recursive: true, force: true });
  });

  it('holds every entry point of start.sh and the production packages', () => {
    for (const entry of [
      'dist/apps/gateway/src/server/main.js',
      ...APPS.filter((a) => a !== 'gateway').map((a) => `dist/apps/${a}/src/main.js`),
      'deploy/kafka/create-topics.mjs',
      'deploy/container/start.sh',
      'deploy/container/healthcheck.mjs',
      'dist/proto/grpc/health/v1/health.proto',
      'node_modules/@grpc/grpc-js/package.json',
      'node_modules/kafkajs/package.json',
    ]) {
      expect({ entry, present: runtime.has(entry) }).toEqual({ entry, present: true });
    }
  });

  it('ships no TypeScript sources, tests or test helpers of ours', () => {
    const ours = [...runtime.keys()].filter((file) => !file.startsWith('node_modules/'));
    expect(ours.length).toBeGreaterThan(100);
    const offending = ours.filter(
      (file) =>
        (/\.[cm]?tsx?$/.test(file) && !/\.d\.[cm]?ts$/.test(file)) ||
        /\.(spec|test)\./.test(file) ||
        file.split('/').some((part) => ['test', 'tests', '__tests__', 'fixtures'].includes(part)) ||
        /^dist\/libs\/(testing|kafka-test-broker)\//.test(file) ||
        /^(apps|libs|tools|proto|k8s)\//.test(file),
    );
    expect(offending).toEqual([]);
    // Source maps keep the mappings (stack traces name the .ts line) but not the sources.
    const maps = ours.filter((file) => file.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(0);
    const withSources = maps.filter(
      (file) => 'sourcesContent' in JSON.parse(readFileSync(runtime.get(file)!, 'utf8')),
    );
    expect(withSources).toEqual([]);
  });

  it('ships production dependencies only, without their published tests and sources', () => {
    const lock = JSON.parse(readFileSync(path.join(WORKSPACE, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const packageDirs = new Set<string>();
    for (const file of runtime.keys()) {
      const match = /^((?:.*\/)?node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(file);
      if (match && !match[1]!.endsWith('/.bin')) packageDirs.add(match[1]!);
    }
    const devOnly = [...packageDirs].filter((dir) => lock.packages[dir]?.dev === true);
    expect(devOnly).toEqual([]);
    const unknown = [...packageDirs].filter((dir) => !(dir in lock.packages));
    expect(unknown).toEqual([]);
    const topLevel = new Set([...packageDirs].map((dir) => dir.replace(/^node_modules\//, '')));
    for (const dev of [
      ...Object.keys(packageJson.devDependencies),
      'jest',
      'typescript',
      'nx',
      'eslint',
      'playwright-core',
    ]) {
      expect({ dev, shipped: topLevel.has(dev) }).toEqual({ dev, shipped: false });
    }
    expect([...topLevel].filter((name) => name.startsWith('@types/'))).toEqual([]);
    for (const dependency of Object.keys(packageJson.dependencies)) {
      expect({ dependency, shipped: topLevel.has(dependency) }).toEqual({ dependency, shipped: true });
    }
    const published = [...runtime.keys()].filter(
      (file) =>
        file.startsWith('node_modules/') &&
        (file.split('/').some((part) => ['test', 'tests', '__tests__'].includes(part)) ||
          /\.spec\.[cm]?[jt]sx?$/.test(file) ||
          (/\.[cm]?tsx?$/.test(file) && !/\.d\.[cm]?ts$/.test(file))),
    );
    expect(published).toEqual([]);
  });

  it('still loads every package the compiled code requires (nothing the prune removed was needed)', () => {
    const script = `
      import { createRequire } from 'node:module';
      import { requireClosure } from ${JSON.stringify(path.join(WORKSPACE, 'deploy/container/prune-runtime.mjs'))};
      const root = process.argv[1];
      const { files, packages } = requireClosure(root);
      const require = createRequire(root + '/dist/apps/gateway/src/server/main.js');
      const failed = [];
      for (const name of [...packages, 'kafkajs']) {
        try { require(name); } catch (error) { failed.push(name + ': ' + String(error.message).split('\\n')[0]); }
      }
      console.log(JSON.stringify({ files: files.size, packages: packages.size, failed }));
    `;
    // The image's NODE_ENV; requireClosure throws when a relative require lost its file to the prune.
    const report = JSON.parse(
      run(process.execPath, ['--input-type=module', '-e', script, buildRoot], WORKSPACE, {
        NODE_ENV: 'production',
      }),
    ) as {
      files: number;
      packages: number;
      failed: string[];
    };
    expect(report.failed).toEqual([]);
    expect(report.packages).toBeGreaterThan(20);
    expect(report.files).toBeGreaterThan(100);
  });
});
