import { context, isSpanContextValid, trace } from '@opentelemetry/api';
import { hostname } from 'node:os';
import pino from 'pino';

export type Logger = pino.Logger;

export interface LoggerOptions {
  /** Service or component name, written as `service` on every line. */
  name: string;
  level?: string;
  /** Where lines go; stdout when omitted. Tests pass an in-memory stream. */
  destination?: pino.DestinationStream;
}

/**
 * Fields that carry personal data or secrets (PESEL: the Polish national id on loan applications;
 * idCard, bankAccount and the applicant's names: the application journey of the leads service).
 */
const SENSITIVE_FIELDS = [
  'email',
  'phone',
  'password',
  'pesel',
  'idCard',
  'bankAccount',
  'firstName',
  'lastName',
];

/** Personal data and credentials never reach the logs: at the top level and up to two objects deep. */
export const REDACTED_PATHS = [
  ...SENSITIVE_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/** Correlates each line with the active OpenTelemetry span, so logs and traces join on trace_id. */
function traceFields(): Record<string, string> {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const spanContext = span.spanContext();
  if (!isSpanContextValid(spanContext)) return {};
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

/** JSON lines with ISO time, textual level, the service name and the active trace and span ids. */
export function createLogger(opts: LoggerOptions): Logger {
  return pino(
    {
      level: opts.level ?? 'info',
      base: { service: opts.name, pid: process.pid, hostname: hostname() },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: traceFields,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    // Synchronous stdout: the last lines before a crash or process.exit are never lost.
    opts.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
