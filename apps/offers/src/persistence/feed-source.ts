import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_FEED_BYTES } from '@lib/offers-domain';
import { BUNDLED_FEEDS_DIR, isBundledFeedsUrl } from '../offers.config';

/** The raw bytes of one fetched feed (never more than MAX_FEED_BYTES + 1, so an oversized feed is known as such). */
export interface FetchedFeed {
  body: Buffer;
  /** The size the source reported or that was read (> MAX_FEED_BYTES means too large). */
  byteLength: number;
}

export class FeedFetchError extends Error {}

/**
 * Reads `{base}{file}` from an http(s) CDN or a file: folder (the sample feeds shipped with the
 * product). Reads at most one byte more than the 5 MB limit, so an oversized feed costs no memory,
 * and gives up after `timeoutMs`.
 */
export async function fetchFeedFile(
  baseUrl: string,
  fileName: string,
  timeoutMs: number,
): Promise<FetchedFeed> {
  const url = new URL(fileName, baseUrl);
  if (url.protocol === 'file:') return readLocal(fileURLToPath(url));
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'application/json' },
  }).catch((error: unknown) => {
    throw new FeedFetchError(`fetch of ${url.href} failed: ${(error as Error).message}`);
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new FeedFetchError(`fetch of ${url.href} answered HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > MAX_FEED_BYTES) {
    await response.body?.cancel();
    return { body: Buffer.alloc(0), byteLength: declared };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      const buffer = Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > MAX_FEED_BYTES) {
        await response.body.cancel().catch(() => undefined);
        return { body: Buffer.alloc(0), byteLength: size };
      }
      chunks.push(buffer);
    }
  }
  return { body: Buffer.concat(chunks), byteLength: size };
}

async function readLocal(path: string): Promise<FetchedFeed> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new FeedFetchError(
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  try {
    const { size } = await handle.stat();
    if (size > MAX_FEED_BYTES) return { body: Buffer.alloc(0), byteLength: size };
    const body = await handle.readFile();
    return { body, byteLength: body.length };
  } finally {
    await handle.close();
  }
}

/** The configured feed location as an injectable port (use cases are tested with a strict mock of it). */
export class FeedSource {
  /** True when the location is the bundled folder: what it serves is sample data, not a partner's feed. */
  readonly sample: boolean;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    this.sample = isBundledFeedsUrl(baseUrl);
  }

  get location(): string {
    return this.baseUrl;
  }

  /**
   * Whether a fetched feed is the bundled sample data: fetched from the bundled folder, or a
   * byte-for-byte copy of the bundled file of the same name served from anywhere else (a sample
   * file uploaded to a CDN by mistake is still sample data).
   */
  async isSample(fileName: string, body: Buffer): Promise<boolean> {
    if (this.sample) return true;
    const bundled = await readFile(path.join(BUNDLED_FEEDS_DIR, path.basename(fileName))).catch(
      () => undefined,
    );
    return bundled !== undefined && bundled.equals(body);
  }

  /** The URL a feed file is fetched from. */
  urlOf(fileName: string): string {
    return new URL(fileName, this.baseUrl).href;
  }

  fetch(fileName: string): Promise<FetchedFeed> {
    return fetchFeedFile(this.baseUrl, fileName, this.timeoutMs);
  }
}
