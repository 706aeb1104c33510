import { Inject, Injectable } from '@nestjs/common';
import { type Cache } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { CACHE, LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { DataSource } from 'typeorm';
import { type ContentConfig } from '../content.config';
import { importContent, type ImportResult } from './import-content';
import { ContentValidationError } from './issues';

/** The import as the running service does it: from CONTENT_DIR, clearing this service's cache. */
@Injectable()
export class ContentImporter {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(SERVICE_CONFIG) private readonly config: ContentConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  run(dir = this.config.CONTENT_DIR): Promise<ImportResult> {
    return importContent({ dir, dataSource: this.dataSource, cache: this.cache, logger: this.logger });
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
