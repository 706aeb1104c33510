import { closeRedisClient, createRedisClient, ensureRedisConnected } from '@lib/cache';
import { createLogger } from '@lib/observability';
import { describeWithRedis, provideTestRedis, type TestRedis } from '@lib/testing';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type Redis } from 'ioredis';
import { RedisBuildArchive, type BuildArchiveLimits } from '../src/server/http/build-archive';
import { type ClientManifest } from '../src/server/render/client-manifest';
import { rawRequest } from './support/raw-http';
import { deadTarget, startTestGateway, type TestGateway } from './support/test-gateway';

/** esbuild-like content hashes, new per run: no other test's keys can answer for ours. */
const hash = () => randomBytes(5).toString('hex').toUpperCase().slice(0, 8);

interface FakeBuild {
  manifest: ClientManifest;
  publicDir: string;
  files: Record<string, string>;
}

/** A build dir as build-client.mjs + precompress-assets.mjs leave it, with `extra` hashed files. */
function writeBuild(buildId: string, extra: Record<string, string> = {}): FakeBuild {
  const publicDir = mkdtempSync(path.join(tmpdir(), 'gateway-archive-'));
  const [entry, renderer, css] = [
    `/assets/entry-${hash()}.js`,
    `/assets/chunks/renderer-${hash()}.js`,
    `/assets/styles-${hash()}.css`,
  ];
  const files: Record<string, string> = {
    [entry]: `import("./chunks/renderer.js");/* ${buildId} */\n`.repeat(80),
    [renderer]: `export const renderer = "${buildId}";\n`.repeat(60),
    [css]: `body{margin:0}/* ${buildId} */\n`,
    ...extra,
  };
  for (const [urlPath, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(publicDir, urlPath)), { recursive: true });
    writeFileSync(path.join(publicDir, urlPath), text);
  }
  // Not hashed (static/ copies) and the precompressed copies: never archived.
  mkdirSync(path.join(publicDir, 'assets', 'menu'), { recursive: true });
  writeFileSync(
    path.join(publicDir, 'assets', 'menu', `${buildId}.svg`),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  writeFileSync(path.join(publicDir, `${entry}.gz`), 'not really gzip');
  const manifest: ClientManifest = {
    buildId,
    builtAt: '2026-11-24T22:00:00.000Z',
    entry: { file: entry, imports: [] },
    renderer: { file: renderer, imports: [] },
    css: [css],
    pages: {},
  };
  return { manifest, publicDir, files };
}

const LIMITS: BuildArchiveLimits = { ttlSeconds: 3_600, maxFileBytes: 64 * 1024, maxBuildBytes: 1024 * 1024 };

describeWithRedis('build archive: assets and metas of other live builds, through Redis', () => {
  let redis: TestRedis;
  let admin: Redis;
  let prefix: string;
  const builds: FakeBuild[] = [];
  const logs: { level: number; msg: string }[] = [];
  const logger = createLogger({
    name: 'gateway',
    level: 'info',
    destination: {
      write: (line: string) => void logs.push(JSON.parse(line) as { level: number; msg: string }),
    },
  });

  beforeAll(async () => {
    redis = await provideTestRedis();
    prefix = `${redis.namespace}:builds:`;
    admin = createRedisClient(redis.url);
    await ensureRedisConnected(admin);
  });

  afterAll(async () => {
    await closeRedisClient(admin);
    await redis.close();
    for (const build of builds) rmSync(build.publicDir, { recursive: true, force: true });
  });

  function build(buildId: string, extra?: Record<string, string>): FakeBuild {
    const made = writeBuild(buildId, extra);
    builds.push(made);
    return made;
  }

  describe('a gateway of build B serving a tab of build A', () => {
    let buildA: FakeBuild;
    let buildB: FakeBuild;
    let archive: RedisBuildArchive;
    let gateway: TestGateway;

    beforeAll(async () => {
      buildA = build('build-a');
      buildB = build('build-b');
      const publisherA = new RedisBuildArchive(redis.url, LIMITS, logger, prefix);
      expect(await publisherA.publish(buildA.manifest, buildA.publicDir)).toMatchObject({
        files: 3,
        written: 3,
        skipped: [],
      });
      await publisherA.close(); // pod A is gone: only Redis has its files now
      archive = new RedisBuildArchive(redis.url, LIMITS, logger, prefix);
      await archive.publish(buildB.manifest, buildB.publicDir);
      gateway = await startTestGateway({ targets: {}, client: buildB, buildArchive: archive });
    });

    afterAll(async () => {
      await gateway?.stop();
      await archive?.close();
    });

    it("serves build A's hashed files with the headers of a file on disk, compressed on the way", async () => {
      const renderer = buildA.manifest.renderer.file;
      const plain = await rawRequest(gateway.port, { path: renderer });
      expect(plain.status).toBe(200);
      expect(plain.body).toBe(buildA.files[renderer]);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
      const gz = await rawRequest(gateway.port, { path: renderer, headers: { 'Accept-Encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.raw).toString('utf8')).toBe(buildA.files[renderer]);
      const css = await rawRequest(gateway.port, { path: buildA.manifest.css[0]! });
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      const head = await rawRequest(gateway.port, { method: 'HEAD', path: buildA.manifest.entry.file });
      expect(head.status).toBe(200);
      expect(head.body).toBe('');
    });

    it('still serves its own files from disk and answers what no build has with a short 404', async () => {
      const own = await rawRequest(gateway.port, { path: buildB.manifest.entry.file });
      expect(own.body).toBe(buildB.files[buildB.manifest.entry.file]);
      for (const missing of [
        `/assets/chunks/renderer-${hash()}.js`,
        '/assets/menu/build-a.svg',
        `${buildA.manifest.entry.file}.gz`,
        '/assets/chunks/..%2F..%2Fetc-ABCDEFGH.js',
      ]) {
        const res = await rawRequest(gateway.port, { path: missing });
        expect({ missing, status: res.status, cache: res.headers['cache-control'] }).toEqual({
          missing,
          status: 404,
          cache: 'no-store',
        });
      }
      // A's unhashed picture was never published (its name says nothing of its content); B's own is on its disk.
      expect(await admin.exists(`${prefix}asset:/assets/menu/build-a.svg`)).toBe(0);
      expect((await rawRequest(gateway.port, { path: '/assets/menu/build-b.svg' })).status).toBe(200);
    });

    it("answers build A's meta (a tab told of A elsewhere asks this pod) and 404 for unknown builds", async () => {
      const meta = await rawRequest(gateway.port, { path: '/builds/meta/build-a.json' });
      expect(meta.status).toBe(200);
      expect(meta.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(meta.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(meta.body)).toEqual({
        buildId: 'build-a',
        time: '2026-11-24T22:00:00.000Z',
        entry: buildA.manifest.entry.file,
        css: buildA.manifest.css,
      });
      expect(
        JSON.parse((await rawRequest(gateway.port, { path: '/builds/meta/build-b.json' })).body).buildId,
      ).toBe('build-b');
      for (const unknown of [
        '/builds/meta/build-zzz.json',
        '/builds/meta/build-a',
        '/builds/meta/a%20b.json',
      ]) {
        const res = await rawRequest(gateway.port, { path: unknown });
        expect({ unknown, status: res.status }).toEqual({ unknown, status: 404 });
        expect(JSON.parse(res.body)).toEqual({ error: { status: 404, message: 'Nieznana wersja serwisu' } });
      }
      // latest.json stays this pod's own build
      expect(
        JSON.parse((await rawRequest(gateway.port, { path: '/builds/latest.json?t=1' })).body).buildId,
      ).toBe('build-b');
    });
  });

  it('keeps a build within its limits, with a TTL, and renews instead of rewriting', async () => {
    const big = `/assets/chunks/big-${hash()}.js`;
    const fillers = Object.fromEntries(
      Array.from({ length: 4 }, () => [`/assets/chunks/chunk-${hash()}.js`, 'x'.repeat(30 * 1024)]),
    );
    const built = build('build-limits', { [big]: 'y'.repeat(70 * 1024), ...fillers });
    const archive = new RedisBuildArchive(
      redis.url,
      { ttlSeconds: 600, maxFileBytes: 64 * 1024, maxBuildBytes: 100 * 1024 },
      logger,
      prefix,
    );
    try {
      const report = await archive.publish(built.manifest, built.publicDir);
      // The manifest's three files first, then the fillers up to 100 KiB: three of four fit.
      expect(report?.files).toBe(8);
      expect(report?.written).toBe(6);
      expect(report?.skipped).toEqual(expect.arrayContaining([{ file: big, reason: 'file-too-large' }]));
      expect(report?.skipped.filter((s) => s.reason === 'build-too-large')).toHaveLength(1);
      expect(report!.bytes).toBeLessThanOrEqual(100 * 1024);
      expect(await archive.asset(big)).toBeNull();
      expect(await archive.asset(built.manifest.renderer.file)).toEqual(
        Buffer.from(built.files[built.manifest.renderer.file]!),
      );
      const ttl = await admin.ttl(`${prefix}asset:${built.manifest.entry.file}`);
      expect(ttl).toBeGreaterThan(590);
      expect(ttl).toBeLessThanOrEqual(600);
      expect(await admin.ttl(`${prefix}meta:build-limits`)).toBeGreaterThan(590);
      expect(logs.some((line) => line.msg.includes('partly published'))).toBe(true);

      await admin.expire(`${prefix}asset:${built.manifest.entry.file}`, 5);
      const again = await archive.publish(built.manifest, built.publicDir);
      expect(again?.written).toBe(0);
      expect(await admin.ttl(`${prefix}asset:${built.manifest.entry.file}`)).toBeGreaterThan(590);
    } finally {
      await archive.close();
    }
  });

  it('without a reachable Redis: start goes on (logged), and a missing file or meta is a 404, never a 500', async () => {
    const built = build('build-offline');
    const archive = new RedisBuildArchive(`redis://${await deadTarget()}`, LIMITS, logger, prefix);
    const gateway = await startTestGateway({ targets: {}, client: built, buildArchive: archive });
    try {
      expect(await archive.publish(built.manifest, built.publicDir)).toBeNull();
      expect(logs.some((line) => line.msg.includes('not published to Redis'))).toBe(true);
      expect((await rawRequest(gateway.port, { path: `/assets/chunks/renderer-${hash()}.js` })).status).toBe(
        404,
      );
      expect((await rawRequest(gateway.port, { path: '/builds/meta/build-elsewhere.json' })).status).toBe(
        404,
      );
      expect((await rawRequest(gateway.port, { path: built.manifest.entry.file })).status).toBe(200);
    } finally {
      await gateway.stop();
      await archive.close();
    }
  });
});
