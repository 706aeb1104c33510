import { type LoggerService } from '@nestjs/common';
import { type Logger } from './logger';

type Level = 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal';

const STACK_LINE = /\n\s+at /;

function isStack(value: unknown): value is string {
  return typeof value === 'string' && STACK_LINE.test(value);
}

/**
 * Routes Nest's own logging into pino. Nest passes the context (class name) as the last string
 * argument and, for errors, a stack trace before it; both become fields, not message text.
 */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    const rest = [...params];
    const fields: Record<string, unknown> = {};
    if (rest.length > 0 && typeof rest[rest.length - 1] === 'string' && !isStack(rest[rest.length - 1])) {
      fields.context = rest.pop();
    }
    const stack = rest.find(isStack);
    if (stack !== undefined) {
      fields.stack = stack;
      rest.splice(rest.indexOf(stack), 1);
    }
    if (rest.length > 0) fields.extra = rest;

    if (message instanceof Error) {
      this.logger[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ ...fields, ...(message as Record<string, unknown>) });
    } else {
      this.logger[level](fields, String(message));
    }
  }
}
