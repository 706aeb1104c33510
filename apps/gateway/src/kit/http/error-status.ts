import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError } from '@lib/contracts';

/**
 * The one place that turns a failure into an HTTP status. gRPC codes from the services:
 * NOT_FOUND → 404, INVALID_ARGUMENT → 400, UNAVAILABLE and DEADLINE_EXCEEDED → 503,
 * RESOURCE_EXHAUSTED → 429; an upstream that broke (INTERNAL, UNKNOWN, DATA_LOSS,
 * UNIMPLEMENTED) → 502; everything else → 500.
 */
export function httpStatusForGrpc(code: GrpcStatus): number {
  switch (code) {
    case GrpcStatus.NOT_FOUND:
      return 404;
    case GrpcStatus.INVALID_ARGUMENT:
    case GrpcStatus.OUT_OF_RANGE:
      return 400;
    case GrpcStatus.UNAVAILABLE:
    case GrpcStatus.DEADLINE_EXCEEDED:
      return 503;
    case GrpcStatus.RESOURCE_EXHAUSTED:
      return 429;
    case GrpcStatus.INTERNAL:
    case GrpcStatus.UNKNOWN:
    case GrpcStatus.DATA_LOSS:
    case GrpcStatus.UNIMPLEMENTED:
      return 502;
    // A page request has no credentials, no writes and no client-side cancellation, so these
    // mean the gateway itself asked wrongly: a server error, not something the visitor can fix.
    case GrpcStatus.OK:
    case GrpcStatus.CANCELLED:
    case GrpcStatus.ALREADY_EXISTS:
    case GrpcStatus.PERMISSION_DENIED:
    case GrpcStatus.FAILED_PRECONDITION:
    case GrpcStatus.ABORTED:
    case GrpcStatus.UNAUTHENTICATED:
      return 500;
  }
  return 500; // a code outside the enum (a newer gRPC version)
}

/** Errors raised by Express and body-parser carry their own 4xx status (413, 400, 415, …). */
function ownClientStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const value = typeof status === 'number' ? status : statusCode;
  return typeof value === 'number' && value >= 400 && value < 500 ? value : undefined;
}

export function httpStatusFor(error: unknown): number {
  if (error instanceof GrpcCallError) return httpStatusForGrpc(error.code);
  return ownClientStatus(error) ?? 500;
}
