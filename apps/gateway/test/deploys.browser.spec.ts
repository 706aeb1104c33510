import { closeRedisClient, createRedisClient, ensureRedisConnected } from '@lib/cache';
import { describeWithRedis, freePort, provideTestRedis, type TestRedis } from '@lib/testing';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { type IncomingHttpHeaders, createServer, request, type Server } from 'node:http';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { KEY_PREFIX } from '../src/server/http/build-archive';
import { type ClientManifest } from '../src/server/render/client-manifest';
import { INLINE_STATE_ID } from '../src/shared/page-state';
import { CHROMIUM_PATH, launchChromium, openRecordingPage } from './support/browser';
import { buildTestClient } from './support/test-client';
import { OFFERS_HANDLERS, createFakeContent } from './support/content-fixtures';
import { type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { RATE_TABLE } from './support/fixtures';
import { ChildRun } from './support/stack';

/*
 * A rolling update seen from an open tab, which must keep working across the deploy: two
 * gateway processes of two different builds (the same sources, built with different salts, so
 * every hashed name and the build id differ) share one Redis, behind a switch that plays the
 * Service in front of them. The tab opened on build A keeps navigating in place while pods of
 * build B answer its asset requests (A's files from Redis: B has none of them on disk), and its
 * next navigation after it has learnt of build B is a full load into B.
 */

const workspaceRoot = path.resolve(__dirname, '../../..');
const gatewayMain = path.join(workspaceRoot, 'dist/apps/gateway/src/server/main.js');

const describeInBrowser = existsSync(CHROMIUM_PATH) ? describeWithRedis : describe.skip;

type Upstream = 'a' | 'b';

/** The Service in front of the pods: routes each request by `route`, records who answered what. */
async function startSwitch(ports: Record<Upstream, number>) {
  const answered: { path: string; upstream: Upstream; status: number }[] = [];
  let route: (pathname: string) => Upstream = () => 'a';
  const withoutHopHeaders = (headers: IncomingHttpHeaders) => {
    const { connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
    return rest;
  };
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    const upstream = route(new URL(url, 'http://switch').pathname);
    const forwarded = request(
      {
        host: '127.0.0.1',
        port: ports[upstream],
        method: req.method,
        path: url,
        headers: { ...withoutHopHeaders(req.headers), connection: 'close' },
        agent: false,
      },
      (answer) => {
        answered.push({ path: url, upstream, status: answer.statusCode ?? 0 });
        res.writeHead(answer.statusCode ?? 502, withoutHopHeaders(answer.headers));
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      answered.push({ path: url, upstream, status: 502 });
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('pod unreachable');
    });
    req.pipe(forwarded);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    answered,
    routeBy(next: (pathname: string) => Upstream) {
      route = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An esbuild output: its name ends with the content hash. */
const isHashed = (file: string) => /-[A-Z0-9]{8}\.(js|css)$/.test(file);

/** The hashed files of a build as the server publishes them ('/assets/chunks/x-HASH.js'). */
function assetPaths(clientDir: string): Set<string> {
  const publicDir = path.join(clientDir, 'public');
  return new Set(
    readdirSync(path.join(publicDir, 'assets'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          `/${path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`,
      ),
  );
}

describeInBrowser('deploys: an open tab across a rolling update of the gateway', () => {
  const dirs: Record<Upstream, string> = { a: '', b: '' };
  const manifests = {} as Record<Upstream, ClientManifest>;
  const runs = {} as Record<Upstream, ChildRun>;
  const podEnv = {} as Record<Upstream, Record<string, string>>;
  /** Starts the pod of a build (again) and waits until it is ready. */
  const startPod = async (name: Upstream) => {
    runs[name] = new ChildRun(`gateway-${name}`, gatewayMain, podEnv[name]);
    // Ready only once its build is published (main.ts).
    await runs[name].waitUntilReady(`http://127.0.0.1:${podEnv[name]['PORT']}/readyz`);
  };
  let services: FakeGrpcServer[] = [];
  let redis: TestRedis;
  let browser: Browser;
  let gate: Awaited<ReturnType<typeof startSwitch>>;

  beforeAll(async () => {
    // Salts unique to this run: the keys in Redis are this test's alone (and removed after it).
    const run = randomBytes(4).toString('hex');
    for (const name of ['a', 'b'] as const) {
      const build = buildTestClient(['--salt', `${name}-${run}`], `gateway-deploy-${name}-`);
      dirs[name] = build.dir;
      manifests[name] = build.manifest;
    }
    redis = await provideTestRedis();
    services = await Promise.all([
      startFakeService('content', createFakeContent().handlers),
      startFakeService('offers', OFFERS_HANDLERS),
      startFakeService('rates', { GetLatestTable: () => RATE_TABLE }),
    ]);
    const [content, offers, rates] = services;
    const ports = { a: await freePort(), b: await freePort() };
    gate = await startSwitch(ports);
    const unused = `127.0.0.1:${await freePort()}`;
    for (const name of ['a', 'b'] as const) {
      podEnv[name] = {
        NODE_ENV: 'production',
        OPERATOR_EXAMPLE: 'true',
        HOST: '127.0.0.1',
        PORT: String(ports[name]),
        OPS_HOST: '127.0.0.1',
        OPS_PORT: String(await freePort()),
        PUBLIC_ORIGIN: gate.url,
        CONTENT_SERVICE_ADDR: content!.target,
        OFFERS_SERVICE_ADDR: offers!.target,
        RATES_SERVICE_ADDR: rates!.target,
        LEADS_SERVICE_ADDR: unused,
        EVENTS_SERVICE_ADDR: unused,
        REDIS_URL: redis.url,
        // Page data stays in process: the shared Redis database is not this test's alone.
        PAGE_CACHE: 'false',
        CLIENT_DIST_DIR: dirs[name],
        LOG_LEVEL: 'info',
      };
      await startPod(name);
    }
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.allSettled(Object.values(runs).map((run) => run.stop()));
    await gate?.close();
    await Promise.all(services.map((service) => service.stop()));
    if (redis) {
      const admin = createRedisClient(redis.url);
      try {
        await ensureRedisConnected(admin);
        // Only the builds that were made (a failed build leaves nothing to remove).
        const keys = (['a', 'b'] as const)
          .filter((name) => name in manifests)
          .flatMap((name) => [
            ...[...assetPaths(dirs[name])].map((file) => `${KEY_PREFIX}asset:${file}`),
            `${KEY_PREFIX}meta:${manifests[name].buildId}`,
          ]);
        if (keys.length > 0) await admin.unlink(...keys);
      } finally {
        await closeRedisClient(admin);
        await redis.close();
      }
    }
    for (const dir of Object.values(dirs)) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const buildOfPage = (page: Page) =>
    page.evaluate(
      (id) => (JSON.parse(document.getElementById(id)?.textContent ?? '{}') as { buildId?: string }).buildId,
      INLINE_STATE_ID,
    );
  const markWindow = (page: Page) =>
    page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const readMark = (page: Page) =>
    page.evaluate(() => (window as unknown as { marker?: number }).marker ?? null);

  it('keeps working on build A while B rolls out, then reloads into B on the next navigation', async () => {
    for (const name of ['a', 'b'] as const) {
      expect(runs[name].output.some((line) => line.includes('build assets published'))).toBe(true);
    }
    expect(manifests.a.buildId).not.toBe(manifests.b.buildId);
    const onDiskOfB = assetPaths(dirs.b);
    expect([...assetPaths(dirs.a)].filter((file) => isHashed(file) && onDiskOfB.has(file))).toEqual([]);

    const { page, context, errors } = await openRecordingPage(browser);
    // The page's timers under the test's control (the 5-minute poll); time still passes on its own.
    await page.clock.install();
    const firstCheck = page.waitForResponse((response) => response.url().includes('/builds/latest.json?t='));

    // 1. Only build A is live: the visitor opens the home page.
    gate.routeBy(() => 'a');
    await page.goto(`${gate.url}/`);
    await page.waitForSelector('html[data-client="ready"]');
    expect(await buildOfPage(page)).toBe(manifests.a.buildId);
    expect(await (await firstCheck).json()).toMatchObject({ buildId: manifests.a.buildId });

    // 2. The rollout: B's pods take the asset and latest.json requests, A's still answer the pages and
    //    payloads, and the tab's meta check lands on an A pod. (A real Service mixes them at random.)
    const rolling = gate.answered.length;
    gate.routeBy((pathname) =>
      pathname.startsWith('/assets/') || pathname === '/builds/latest.json' ? 'b' : 'a',
    );
    await markWindow(page);
    await page.locator('footer a[href="/o-nas/"]').click();
    await page.waitForSelector('h1:text-is("O nas")');
    expect(new URL(page.url()).pathname).toBe('/o-nas/');
    expect(await readMark(page)).toBe(42); // shown in place: no page load
    const duringRollout = gate.answered.slice(rolling);
    // (The unhashed menu pictures are the same in every build and on every pod's disk.)
    const assetsOfA = duringRollout.filter(
      (answer) => answer.path.startsWith('/assets/') && isHashed(answer.path),
    );
    // React and the page chunk of build A, asked of a B pod that has them only in Redis.
    expect(assetsOfA.map((answer) => answer.path)).toContain(manifests.a.renderer.file);
    const pageChunksOfA = new Set(Object.values(manifests.a.pages).map((chunk) => chunk.file));
    expect(assetsOfA.some((answer) => pageChunksOfA.has(answer.path))).toBe(true);
    for (const answer of assetsOfA) {
      expect(answer).toEqual({ path: answer.path, upstream: 'b', status: 200 });
      expect(onDiskOfB.has(answer.path)).toBe(false);
    }
    expect(
      duringRollout.some(
        (answer) => answer.path.startsWith('/o-nas/_payload.json') && answer.upstream === 'a',
      ),
    ).toBe(true);

    // The next poll (5 minutes on) learns of build B from a B pod and confirms it with an A pod.
    const metaOfB = page.waitForResponse((response) =>
      response.url().endsWith(`/builds/meta/${manifests.b.buildId}.json`),
    );
    await page.clock.fastForward('05:01');
    const confirmed = await metaOfB;
    expect(confirmed.status()).toBe(200);
    expect(
      gate.answered.find((answer) => answer.path === `/builds/meta/${manifests.b.buildId}.json`),
    ).toMatchObject({ upstream: 'a', status: 200 });
    expect(await readMark(page)).toBe(42); // learning of a build reloads nothing by itself

    // 3. The rollout is over: A's pods are gone. The next navigation is a full load of build B.
    await runs.a.stop();
    gate.routeBy(() => 'b');
    await page.locator('footer a[href="/"], header a[href="/"]').first().click();
    await page.waitForFunction(() => (window as unknown as { marker?: number }).marker === undefined);
    await page.waitForSelector('html[data-client="ready"]');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await buildOfPage(page)).toBe(manifests.b.buildId);
    expect(
      gate.answered.filter(
        (answer) =>
          answer.upstream === 'a' && gate.answered.indexOf(answer) >= rolling && answer.status >= 400,
      ),
    ).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reloads into the new build (once) when its own files are gone everywhere: never a broken page', async () => {
    if (!runs.a.running) await startPod('a');
    const { page, context, errors } = await openRecordingPage(browser);
    gate.routeBy(() => 'a');
    await page.goto(`${gate.url}/`);
    await page.waitForSelector('html[data-client="ready"]');
    expect(await buildOfPage(page)).toBe(manifests.a.buildId);

    // Build A is out of the archive (evicted, or pods without Redis) and only B's pods answer.
    const admin = createRedisClient(redis.url);
    try {
      await ensureRedisConnected(admin);
      await admin.unlink(...[...assetPaths(dirs.a)].map((file) => `${KEY_PREFIX}asset:${file}`));
    } finally {
      await closeRedisClient(admin);
    }
    gate.routeBy(() => 'b');
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await markWindow(page);
    const before = gate.answered.length;
    await page.locator('footer a[href="/o-nas/"]').click();
    await page.waitForFunction(() => (window as unknown as { marker?: number }).marker === undefined);
    await page.waitForSelector('h1:text-is("O nas")');
    await page.waitForSelector('html[data-client="ready"]');
    expect(new URL(page.url()).pathname).toBe('/o-nas/');
    expect(await buildOfPage(page)).toBe(manifests.b.buildId);
    // One full load of the page, no loop.
    expect(gate.answered.slice(before).filter((answer) => answer.path === '/o-nas/')).toEqual([
      { path: '/o-nas/', upstream: 'b', status: 200 },
    ]);
    expect(warnings.some((text) => text.includes('/o-nas/'))).toBe(true);
    // What failed is exactly A's code chunks (404 from a B pod); the visitor saw the page of build B.
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors)
      expect(error).toMatch(/^404 \/assets\/chunks\/[A-Za-z0-9._-]+-[A-Z0-9]{8}\.js$/);
    await context.close();
  });
});
