// `npm run content:import`: validates content/ and writes it to PostgreSQL (DATABASE_URL, or the
// embedded PostgreSQL `npm start` uses), outside any running service. Exit codes: 0 imported,
// 1 the content does not validate (every problem listed, nothing written), 2 anything else,
// 78 a bad environment.
import 'reflect-metadata';
import { createCache } from '@lib/cache';
import { CliFailure, noArguments, openCliDatabase, runCliProcess, type CliCommand } from '@lib/service-kit';
import { ContentImportUseCases } from '../application/content-import.use-cases';
import { contentConfigSchema, type ContentConfig } from '../content.config';
import { ContentValidationError, formatIssue } from '../domain/content-issues';
import { ContentBundleWriter } from '../persistence/content-bundle.writer';
import { ContentFolder } from '../persistence/content-folder';
import { CONTENT_ENTITIES, CONTENT_MIGRATIONS, CONTENT_SCHEMA } from '../persistence/content-schema';

const USAGE = `usage: npm run content:import
  Validates the content folder (CONTENT_DIR, default the repository's content/) and writes it to PostgreSQL
  (DATABASE_URL, or the embedded one of npm start); with REDIS_URL it clears the services' shared cache.
exit codes: 0 imported, 1 the content does not validate (every problem listed, nothing written),
  2 anything else (the database), 78 a bad environment`;

export const contentImportCli: CliCommand<void, ContentConfig> = {
  name: 'content:import',
  usage: USAGE,
  parseArgs: noArguments,
  env: contentConfigSchema,
  async run(ctx) {
    const { config, io, logger } = ctx;
    try {
      const dataSource = await openCliDatabase(ctx, {
        schema: CONTENT_SCHEMA,
        entities: CONTENT_ENTITIES,
        migrations: CONTENT_MIGRATIONS,
      });
      // With Redis the services' cache is shared and cleared here; an in-process cache of a running
      // service ages out within its TTL (a minute).
      const cache = config.REDIS_URL
        ? createCache({ redisUrl: config.REDIS_URL, namespace: 'content', logger })
        : undefined;
      if (cache) ctx.defer(() => cache.close());
      const contentImport = new ContentImportUseCases(
        new ContentFolder(),
        new ContentBundleWriter(dataSource),
        cache,
        config,
        logger,
      );
      const result = await contentImport.run();
      io.out(`content imported from ${config.CONTENT_DIR}: ${result.files} files in ${result.ms} ms`);
      io.out(`  pages created ${result.created}, updated ${result.updated}, unchanged ${result.unchanged}`);
      io.out(
        `  unpublished ${result.unpublished.length}${result.unpublished.length ? `: ${result.unpublished.join(', ')}` : ''}`,
      );
      io.out(`  navigation ${result.navigation}${cache ? ', cache cleared' : ''}`);
      return 0;
    } catch (error) {
      if (error instanceof ContentValidationError) {
        io.err(
          `content import stopped, nothing written: ${error.issues.length} problem(s) in ${config.CONTENT_DIR}`,
        );
        for (const issue of error.issues) io.err(`  ${formatIssue(issue)}`);
        return 1;
      }
      throw new CliFailure(`content import failed: ${(error as Error).message}`, 2);
    }
  },
};

if (require.main === module) void runCliProcess(contentImportCli);
