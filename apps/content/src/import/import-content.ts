import { type Cache } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { type DataSource } from 'typeorm';
import { CONTENT_CACHE_PREFIX } from '../cache-keys';
import { buildBundle } from './build-bundle';
import { readContentTree } from './content-tree';
import { writeBundle, type ImportSummary } from './write-bundle';

export interface ImportOptions {
  dir: string;
  dataSource: DataSource;
  logger: Logger;
  /** Cleared after a successful import so readers see the new content at once. */
  cache?: Cache;
  now?: Date;
}

export interface ImportResult extends ImportSummary {
  files: number;
  ms: number;
}

/**
 * Reads, validates, renders and writes the content folder. Throws ContentValidationError (nothing
 * written) when any file is invalid; database errors roll the whole import back.
 */
export async function importContent(opts: ImportOptions): Promise<ImportResult> {
  const started = Date.now();
  const tree = await readContentTree(opts.dir);
  const bundle = buildBundle(tree);
  const summary = await writeBundle(opts.dataSource, bundle, opts.now);
  if (opts.cache) {
    try {
      await opts.cache.deleteByPrefix(CONTENT_CACHE_PREFIX);
    } catch (error) {
      // The content is in PostgreSQL; cached answers age out within their TTL.
      opts.logger.warn({ err: error }, 'content imported but the cache could not be cleared');
    }
  }
  const result: ImportResult = { ...summary, files: tree.files.length, ms: Date.now() - started };
  opts.logger.info(
    {
      dir: opts.dir,
      files: result.files,
      created: result.created,
      updated: result.updated,
      unchanged: result.unchanged,
      unpublished: result.unpublished,
      navigation: result.navigation,
      ms: result.ms,
    },
    'content imported',
  );
  return result;
}
