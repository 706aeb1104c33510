import { type Metadata, status } from '@grpc/grpc-js';
import { RpcException } from '@nestjs/microservices';
import { richStatusMetadata } from '@lib/contracts';
import { ServiceError } from './errors';

/** The object @grpc/grpc-js turns into a status: `code`, `details` (or `message`) and trailing `metadata`. */
export interface GrpcErrorObject {
  code: status;
  message: string;
  details: string;
  metadata: Metadata;
}

// PostgreSQL SQLSTATEs and socket errors that mean "the database is not there right now":
// callers should retry later, so they map to UNAVAILABLE rather than INTERNAL.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { code?: unknown; driverError?: { code?: unknown }; message?: unknown };
  const code = candidate.driverError?.code ?? candidate.code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  return (
    typeof candidate.message === 'string' &&
    /Connection terminated|connect ECONNREFUSED|DataSource is not initialized/i.test(candidate.message)
  );
}

function build(
  code: status,
  message: string,
  domain: string,
  extra: ServiceError['extra'] = {},
): GrpcErrorObject {
  const metadata = richStatusMetadata({
    code,
    message,
    fieldViolations: extra.fieldViolations,
    errorInfo: extra.reason ? { reason: extra.reason, domain } : undefined,
    resourceInfo: extra.resource,
  });
  return { code, message, details: message, metadata };
}

/**
 * Maps anything a handler threw to a proper gRPC status. Expected failures keep their code and
 * details; unexpected ones become INTERNAL with a generic message (the stack goes to the log only),
 * so no caller ever sees UNKNOWN or our internals.
 */
export function toGrpcError(error: unknown, domain: string): { error: GrpcErrorObject; unexpected: boolean } {
  if (error instanceof ServiceError) {
    return { error: build(error.code, error.message, domain, error.extra), unexpected: false };
  }
  if (error instanceof RpcException) {
    const inner = error.getError();
    if (
      typeof inner === 'object' &&
      inner !== null &&
      typeof (inner as { code?: unknown }).code === 'number'
    ) {
      const { code, message } = inner as { code: status; message?: string };
      return { error: build(code, message ?? status[code] ?? 'error', domain), unexpected: false };
    }
    return { error: build(status.INTERNAL, 'internal error', domain), unexpected: true };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      error: build(status.UNAVAILABLE, 'storage is temporarily unavailable', domain, {
        reason: 'STORAGE_UNAVAILABLE',
      }),
      unexpected: true,
    };
  }
  return {
    error: build(status.INTERNAL, 'internal error', domain, { reason: 'INTERNAL' }),
    unexpected: true,
  };
}
