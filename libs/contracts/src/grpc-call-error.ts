import * as grpc from '@grpc/grpc-js';
import {
  parseRichStatus,
  type ErrorDetailsInfo,
  type FieldViolation,
  type ResourceDetails,
} from './rich-status';

/** 'NOT_FOUND' for grpc.status.NOT_FOUND, and so on. */
export function statusName(code: grpc.status): string {
  return (grpc.status as unknown as Record<number, string | undefined>)[code] ?? `STATUS_${code}`;
}

function isServiceError(error: unknown): error is grpc.ServiceError {
  return (
    error instanceof Error &&
    typeof (error as Partial<grpc.ServiceError>).code === 'number' &&
    (error as Partial<grpc.ServiceError>).metadata instanceof grpc.Metadata
  );
}

/** Every failed call made through createServiceClient rejects with this error. */
export class GrpcCallError extends Error {
  /** gRPC status code of the failure */
  readonly code: grpc.status;
  /** status message sent by the server (or produced by the client for local failures) */
  readonly details: string;
  /** from a google.rpc.BadRequest detail; empty when none */
  readonly fieldViolations: FieldViolation[];
  /** from a google.rpc.ErrorInfo detail */
  readonly errorInfo?: ErrorDetailsInfo;
  /** from a google.rpc.ResourceInfo detail */
  readonly resourceInfo?: ResourceDetails;
  /** fully qualified method, e.g. 'rates.v1.RatesService/GetLatestTable' */
  readonly method: string;
  /** trailers of the failed call */
  readonly metadata: grpc.Metadata;

  constructor(init: {
    code: grpc.status;
    details: string;
    method: string;
    metadata?: grpc.Metadata;
    cause?: unknown;
  }) {
    const rich = parseRichStatus(init.metadata);
    const details = init.details || rich?.message || '';
    super(`${init.method} failed: ${statusName(init.code)}${details ? `: ${details}` : ''}`, {
      cause: init.cause,
    });
    this.name = 'GrpcCallError';
    this.code = init.code;
    this.details = details;
    this.method = init.method;
    this.metadata = init.metadata ?? new grpc.Metadata();
    this.fieldViolations = rich?.fieldViolations ?? [];
    if (rich?.errorInfo) this.errorInfo = rich.errorInfo;
    if (rich?.resourceInfo) this.resourceInfo = rich.resourceInfo;
  }

  /** Whether `error` is a call that failed with one of `codes`. */
  static hasCode(error: unknown, ...codes: grpc.status[]): error is GrpcCallError {
    return error instanceof GrpcCallError && codes.includes(error.code);
  }

  /** Wraps whatever a grpc-js call failed with; non-gRPC failures become INTERNAL. */
  static from(error: unknown, method: string): GrpcCallError {
    if (error instanceof GrpcCallError) return error;
    if (isServiceError(error)) {
      return new GrpcCallError({
        code: error.code,
        details: error.details,
        method,
        metadata: error.metadata,
        cause: error,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new GrpcCallError({ code: grpc.status.INTERNAL, details: message, method, cause: error });
  }
}
