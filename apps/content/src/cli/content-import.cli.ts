// `npm run content:import`: validates content/ and writes it to PostgreSQL (DATABASE_URL, or the
// embedded PostgreSQL `npm start` uses), outside any running service. Exit codes: 0 imported,
// 1 the content does not validate (every problem listed, nothing written), 2 anything else.
import 'reflect-metadata';
import { createCache, type Cache } from '@lib/cache';
import { ConfigError, loadConfig } from '@lib/config';
import { initializeDatabase, openDatabase, type ResolvedDatabase } from '@lib/database';
import { createLogger } from '@lib/observability';
import { type DataSource } from 'typeorm';
import { ContentImportUseCases } from '../application/content-import.use-cases';
import { contentConfigSchema } from '../content.config';
import { ContentValidationError, formatIssue } from '../domain/content-issues';
import { ContentBundleWriter } from '../persistence/content-bundle.writer';
import { ContentFolder } from '../persistence/content-folder';
import { CONTENT_ENTITIES, CONTENT_MIGRATIONS, CONTENT_SCHEMA } from '../persistence/content-schema';

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

const stdio: CliOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

export async function runImportCli(
  env: Record<string, string | undefined> = process.env,
  io: CliOutput = stdio,
): Promise<number> {
  let config;
  try {
    // A CLI prints its own summary; the JSON log only carries warnings unless LOG_LEVEL asks for more.
    config = loadConfig(contentConfigSchema, { LOG_LEVEL: 'warn', ...env });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(error.message);
    return 2;
  }
  const logger = createLogger({ name: 'content-import', level: config.LOG_LEVEL });

  let database: ResolvedDatabase | undefined;
  let dataSource: DataSource | undefined;
  let cache: Cache | undefined;
  try {
    ({ database, dataSource } = await openDatabase(config, {
      schema: CONTENT_SCHEMA,
      entities: CONTENT_ENTITIES,
      migrations: CONTENT_MIGRATIONS,
      poolMax: 2,
      applicationName: 'content-import',
      logger,
    }));
    await initializeDatabase(dataSource);
    // With Redis the services' cache is shared and cleared here; an in-process cache of a running
    // service ages out within its TTL (a minute).
    cache = config.REDIS_URL
      ? createCache({ redisUrl: config.REDIS_URL, namespace: 'content', logger })
      : undefined;
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
    io.err(`content import failed: ${(error as Error).message}`);
    return 2;
  } finally {
    if (dataSource?.isInitialized) await dataSource.destroy();
    await cache?.close();
    await database?.stop();
  }
}

if (require.main === module) {
  runImportCli().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`content import failed: ${(error as Error).stack ?? String(error)}\n`);
      process.exit(2);
    },
  );
}
