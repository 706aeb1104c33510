import { closeRedisClient, createRedisClient, ensureRedisConnected } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { type Redis } from 'ioredis';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { type ClientManifest } from '../render/client-manifest';
import { GATEWAY_REDIS_NAMESPACE } from '../../kit/config/gateway-config';

/**
 * The assets of the builds still open in visitors' tabs, so an open tab survives a deploy. During a
 * rolling update two builds answer behind one Service: a page of build A may ask a pod of build B
 * for A's lazily loaded chunks, and a tab may learn of build B from one pod and ask another for
 * B's meta. Each gateway therefore publishes its build's hashed assets (raw bytes; the compression
 * middleware compresses them on the way out) and its build meta to Redis at start, refreshes them
 * while it runs, and serves what it does not have on disk from there. Hashed names are content
 * addresses, so one key per file serves every build that has it, and no build can overwrite
 * another's bytes. Without REDIS_URL (one process) nothing of this runs.
 */

/** What /builds/meta/<id>.json answers for a build. */
export interface BuildMeta {
  buildId: string;
  time: string;
  entry: string;
  css: string[];
}

export function buildMeta(manifest: ClientManifest): BuildMeta {
  return { buildId: manifest.buildId, time: manifest.builtAt, entry: manifest.entry.file, css: manifest.css };
}

/** Where the other builds' assets and metas come from; null for anything it does not hold. */
export interface BuildArchive {
  /** The bytes of `/assets/<hashed file>` of any build kept, or null. */
  asset(urlPath: string): Promise<Buffer | null>;
  /** The meta of a build kept, as JSON text, or null. */
  meta(buildId: string): Promise<string | null>;
}

/** A build id as client-manifest.ts accepts it. */
export const BUILD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * An esbuild output under /assets/: its name ends with the content hash ('entry-IWH4SE6W.js',
 * 'chunks/renderer-ABCD2345.js'). The unhashed files copied from static/ (menu pictures) are
 * never archived: a name that does not change with its content cannot be shared between builds.
 */
const HASHED_ASSET =
  /^\/assets\/(?:[A-Za-z0-9_.-]+\/)*[A-Za-z0-9_.-]+-[A-Z0-9]{8}\.(?:js|css|svg|png|jpg|webp|woff2?)$/;

export function isArchivableAsset(urlPath: string): boolean {
  return HASHED_ASSET.test(urlPath) && !urlPath.includes('..');
}

export interface BuildArchiveLimits {
  /** How long a published build stays after its last gateway stopped refreshing it. */
  ttlSeconds: number;
  /** A larger file is not published (its build's tabs reload if they need it from a pod of another build). */
  maxFileBytes: number;
  /** Bytes one build may publish; files past it are not published. */
  maxBuildBytes: number;
}

export interface PublishReport {
  /** Hashed files of the build found on disk. */
  files: number;
  /** Files written to Redis now (the others were there already, their TTL renewed). */
  written: number;
  /** Bytes of the files kept in Redis for this build. */
  bytes: number;
  /** Files left out by the limits, with the reason. */
  skipped: { file: string; reason: 'file-too-large' | 'build-too-large' }[];
}

export const KEY_PREFIX = `${GATEWAY_REDIS_NAMESPACE}:builds:`;
const assetKey = (urlPath: string) => `asset:${urlPath}`;
const metaKey = (buildId: string) => `meta:${buildId}`;

/** The build archive in Redis (keys `gateway:builds:asset:/assets/…` and `gateway:builds:meta:<id>`). */
export class RedisBuildArchive implements BuildArchive {
  private readonly redis: Redis;

  constructor(
    redisUrl: string,
    private readonly limits: BuildArchiveLimits,
    private readonly logger: Logger,
    /** Tests give each run its own; every gateway of a site must share one. */
    keyPrefix: string = KEY_PREFIX,
  ) {
    // Publishing sends up to maxBuildBytes in one pipeline: more time than a cache read.
    this.redis = createRedisClient(redisUrl, { keyPrefix, commandTimeoutMs: 10_000 });
  }

  /**
   * Publishes the build in `publicDir` (its hashed files under assets/, manifest files first) and
   * its meta, renewing the TTL of what is there already. Never throws: a Redis outage is logged and
   * only means that other builds' pods cannot serve this build's files.
   */
  async publish(manifest: ClientManifest, publicDir: string): Promise<PublishReport | null> {
    try {
      const report = await this.write(manifest, publicDir);
      const fields = {
        buildId: manifest.buildId,
        files: report.files,
        written: report.written,
        bytes: report.bytes,
      };
      if (report.skipped.length > 0) {
        this.logger.warn(
          { ...fields, skipped: report.skipped },
          'build assets partly published: some files are over the BUILD_ARCHIVE limits',
        );
      } else {
        this.logger.info(fields, 'build assets published for the tabs of other builds');
      }
      return report;
    } catch (error) {
      this.logger.warn(
        { err: error, buildId: manifest.buildId },
        'build assets not published to Redis; open tabs of this build may reload after the next deploy',
      );
      return null;
    }
  }

  async asset(urlPath: string): Promise<Buffer | null> {
    if (!isArchivableAsset(urlPath)) return null;
    return this.read(() => this.redis.getBuffer(assetKey(urlPath)), urlPath);
  }

  async meta(buildId: string): Promise<string | null> {
    if (!BUILD_ID.test(buildId)) return null;
    return this.read(() => this.redis.get(metaKey(buildId)), buildId);
  }

  close(): Promise<void> {
    return closeRedisClient(this.redis);
  }

  private async read<T>(command: () => Promise<T | null>, what: string): Promise<T | null> {
    try {
      await ensureRedisConnected(this.redis);
      return await command();
    } catch (error) {
      this.logger.warn({ err: error, file: what }, 'build archive read failed; answering 404');
      return null;
    }
  }

  private async write(manifest: ClientManifest, publicDir: string): Promise<PublishReport> {
    const files = await hashedAssets(publicDir, manifest);
    const { ttlSeconds, maxFileBytes, maxBuildBytes } = this.limits;
    const skipped: PublishReport['skipped'] = [];
    const kept: { urlPath: string; size: number }[] = [];
    let bytes = 0;
    for (const file of files) {
      if (file.size > maxFileBytes) skipped.push({ file: file.urlPath, reason: 'file-too-large' });
      else if (bytes + file.size > maxBuildBytes)
        skipped.push({ file: file.urlPath, reason: 'build-too-large' });
      else {
        kept.push(file);
        bytes += file.size;
      }
    }
    await ensureRedisConnected(this.redis);
    // Renew what another gateway of this or an earlier build has published already; write the rest.
    const renewed = await this.redis
      .pipeline(kept.map(({ urlPath }) => ['expire', assetKey(urlPath), ttlSeconds]))
      .exec();
    const missing = kept.filter((_file, index) => {
      const [error, result] = renewed?.[index] ?? [new Error('no reply')];
      if (error) throw error;
      return result === 0;
    });
    const writes = this.redis.pipeline();
    for (const { urlPath } of missing) {
      writes.set(assetKey(urlPath), await readFile(path.join(publicDir, urlPath)), 'EX', ttlSeconds);
    }
    // The meta last: a tab told of this build by it finds every file published above.
    writes.set(metaKey(manifest.buildId), JSON.stringify(buildMeta(manifest)), 'EX', ttlSeconds);
    for (const [error] of (await writes.exec()) ?? []) if (error) throw error;
    return { files: files.length, written: missing.length, bytes, skipped };
  }
}

/** The build's hashed files under publicDir/assets: first those the manifest names, then the smallest. */
async function hashedAssets(
  publicDir: string,
  manifest: ClientManifest,
): Promise<{ urlPath: string; size: number }[]> {
  const assetsDir = path.join(publicDir, 'assets');
  const found: { urlPath: string; size: number }[] = [];
  for (const entry of await readdir(assetsDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const urlPath = `/${path.relative(publicDir, file).split(path.sep).join('/')}`;
    if (!isArchivableAsset(urlPath)) continue; // .br/.gz copies, static pictures
    found.push({ urlPath, size: (await stat(file)).size });
  }
  const named = new Set<string>([
    manifest.entry.file,
    ...manifest.entry.imports,
    ...manifest.css,
    manifest.renderer.file,
    ...manifest.renderer.imports,
    ...Object.values(manifest.pages).flatMap((chunk) => [chunk.file, ...chunk.imports]),
  ]);
  const rank = (file: { urlPath: string }) => (named.has(file.urlPath) ? 0 : 1);
  return found.sort((a, b) => rank(a) - rank(b) || a.size - b.size || a.urlPath.localeCompare(b.urlPath));
}

export interface StartedBuildArchive {
  archive: RedisBuildArchive;
  /** The first publication's outcome (null: Redis did not take it). */
  published: PublishReport | null;
  close(): Promise<void>;
}

/**
 * main.ts: publishes this gateway's build before it serves a page (so no page of it can name a
 * file other pods cannot find), then renews it every ttl/4 (at most daily) while it runs, so a
 * build live for weeks keeps its files for the tabs still open when the next one rolls out.
 */
export async function startBuildArchive(options: {
  redisUrl: string;
  limits: BuildArchiveLimits;
  manifest: ClientManifest;
  publicDir: string;
  logger: Logger;
}): Promise<StartedBuildArchive> {
  const archive = new RedisBuildArchive(options.redisUrl, options.limits, options.logger);
  const published = await archive.publish(options.manifest, options.publicDir);
  const renewEveryMs = Math.min((options.limits.ttlSeconds * 1_000) / 4, 24 * 3_600_000);
  const timer = setInterval(() => void archive.publish(options.manifest, options.publicDir), renewEveryMs);
  timer.unref();
  return {
    archive,
    published,
    async close() {
      clearInterval(timer);
      await archive.close();
    },
  };
}
