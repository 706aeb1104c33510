import pino from 'pino';
import { type Logger } from '@lib/observability';

/** A logger that drops everything, for code under test that requires one. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
