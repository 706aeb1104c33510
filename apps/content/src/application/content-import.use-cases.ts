import { Inject, Injectable } from '@nestjs/common';
import { type Cache } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { CACHE, LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { type ContentConfig } from '../content.config';
import { buildBundle } from '../domain/build-bundle';
import { ContentValidationError } from '../domain/content-issues';
import { ContentBundleWriter, type ImportSummary } from '../persistence/content-bundle.writer';
import { ContentFolder } from '../persistence/content-folder';
import { CONTENT_CACHE_PREFIX } from './content-cache';

export interface ImportResult extends ImportSummary {
  files: number;
  ms: number;
}

/**
 * The editorial import: reads, validates, renders and writes the content folder, then clears the
 * service's cached answers. The running service does it at start; `npm run content:import` builds
 * one of these by hand, with a cache only when there is a shared one to clear (Redis).
 */
@Injectable()
export class ContentImportUseCases {
  constructor(
    private readonly folder: ContentFolder,
    private readonly writer: ContentBundleWriter,
    @Inject(CACHE) private readonly cache: Cache | undefined,
    @Inject(SERVICE_CONFIG) private readonly config: Pick<ContentConfig, 'CONTENT_DIR'>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Throws ContentValidationError (nothing written) when any file is invalid; database errors roll
   * the whole import back.
   */
  async run(dir = this.config.CONTENT_DIR): Promise<ImportResult> {
    const started = Date.now();
    const tree = await this.folder.read(dir);
    const bundle = buildBundle(tree);
    const summary = await this.writer.write(bundle);
    if (this.cache) {
      try {
        await this.cache.deleteByPrefix(CONTENT_CACHE_PREFIX);
      } catch (error) {
        // The content is in PostgreSQL; cached answers age out within their TTL.
        this.logger.warn({ err: error }, 'content imported but the cache could not be cleared');
      }
    }
    const result: ImportResult = { ...summary, files: tree.files.length, ms: Date.now() - started };
    this.logger.info(
      {
        dir,
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

  /**
   * The import at start. A bad file must not take the site down: the error (file and field) is
   * logged and the content of the last good import keeps being served.
   */
  async runAtStart(): Promise<ImportResult | undefined> {
    try {
      return await this.run();
    } catch (error) {
      if (error instanceof ContentValidationError) {
        this.logger.error(
          { dir: this.config.CONTENT_DIR, problems: error.issues.length, issues: error.issues },
          `${error.message}\nserving the content of the last successful import`,
        );
      } else {
        this.logger.error(
          { err: error, dir: this.config.CONTENT_DIR },
          'content import failed; serving the content of the last successful import',
        );
      }
      return undefined;
    }
  }
}
