import { type Logger as TypeOrmLogger } from 'typeorm';
import { type Logger } from '@lib/observability';

export const SLOW_QUERY_MS = 500;

function oneLine(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim().slice(0, 2_000);
}

/**
 * TypeORM's logging into pino. Query parameters are never logged (they carry visitors' personal
 * data); their count is enough to reproduce a failure with the SQL.
 */
export class PinoTypeOrmLogger implements TypeOrmLogger {
  constructor(private readonly logger: Logger) {}

  /** The underlying pino logger, for code that has only the DataSource at hand. */
  get pino(): Logger {
    return this.logger;
  }

  logQuery(query: string, parameters?: unknown[]): void {
    if (this.logger.isLevelEnabled('trace'))
      this.logger.trace({ sql: oneLine(query), params: parameters?.length ?? 0 }, 'query');
  }

  logQueryError(error: string | Error, query: string, parameters?: unknown[]): void {
    this.logger.error({ err: error, sql: oneLine(query), params: parameters?.length ?? 0 }, 'query failed');
  }

  logQuerySlow(time: number, query: string, parameters?: unknown[]): void {
    this.logger.warn(
      { durationMs: time, sql: oneLine(query), params: parameters?.length ?? 0 },
      'slow query',
    );
  }

  logSchemaBuild(message: string): void {
    this.logger.debug({ typeorm: 'schema' }, message);
  }

  logMigration(message: string): void {
    this.logger.info({ typeorm: 'migration' }, message);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    if (level === 'warn') this.logger.warn({ typeorm: 'log' }, text);
    else if (level === 'info') this.logger.info({ typeorm: 'log' }, text);
    else this.logger.debug({ typeorm: 'log' }, text);
  }
}
