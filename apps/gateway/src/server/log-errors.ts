import { GrpcCallError, statusName } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import pino from 'pino';
import { PartialPageData } from './pages/page-data-cache';

/**
 * How the gateway writes an `err` field. A failed call to a service (GrpcCallError) is written as
 * what it says (type, message = method, status and the service's or the channel's words, code,
 * method, the first field violations) without its stack: that stack is always the same client
 * plumbing through grpc-js, OpenTelemetry and the cause, about 33 lines, which `npm start` printed
 * for every failed call of every request during an outage. The line's own fields (path, route)
 * say which page made the call. A partial page is an expected outcome, logged where its section
 * failed. Anything else is a bug of ours and keeps its stack.
 */
export function serializeError(value: unknown): unknown {
  if (value instanceof GrpcCallError) {
    return {
      type: value.name,
      message: value.message,
      code: statusName(value.code),
      method: value.method,
      ...(value.fieldViolations.length > 0 ? { fieldViolations: value.fieldViolations.slice(0, 5) } : {}),
    };
  }
  if (value instanceof PartialPageData) return { type: value.name, message: value.message };
  return pino.stdSerializers.err(value as Error);
}

/** The logger with the gateway's `err` serializer; every gateway component logs through one of these. */
export function withCompactErrors(logger: Logger): Logger {
  return logger.child({}, { serializers: { err: serializeError } });
}
