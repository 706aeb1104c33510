import { status } from '@grpc/grpc-js';

export interface FieldViolation {
  /** Path of the offending request field, dotted as in the proto (`events[3].session_id` → `events.3.sessionId`). */
  field: string;
  description: string;
}

/**
 * An expected failure of a use case, carried as a value until the transport turns it into a gRPC status.
 * Anything thrown that is not a ServiceError is a bug and leaves the service as INTERNAL.
 */
export class ServiceError extends Error {
  constructor(
    readonly code: status,
    message: string,
    readonly extra: {
      fieldViolations?: FieldViolation[];
      reason?: string;
      resource?: { resourceType: string; resourceName: string };
    } = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export const invalidArgument = (fieldViolations: FieldViolation[], message = 'request is invalid') =>
  new ServiceError(status.INVALID_ARGUMENT, message, { fieldViolations, reason: 'INVALID_ARGUMENT' });

export const notFound = (resourceType: string, resourceName: string) =>
  new ServiceError(status.NOT_FOUND, `${resourceType} ${resourceName} not found`, {
    reason: 'NOT_FOUND',
    resource: { resourceType, resourceName },
  });

export const unavailable = (message: string) =>
  new ServiceError(status.UNAVAILABLE, message, { reason: 'UNAVAILABLE' });

export const resourceExhausted = (message: string) =>
  new ServiceError(status.RESOURCE_EXHAUSTED, message, { reason: 'RATE_LIMITED' });

export const failedPrecondition = (message: string, reason = 'FAILED_PRECONDITION') =>
  new ServiceError(status.FAILED_PRECONDITION, message, { reason });

/** The caller's credentials (a signature, a session) do not hold; `reason` says which check failed. */
export const unauthenticated = (message: string, reason = 'UNAUTHENTICATED') =>
  new ServiceError(status.UNAUTHENTICATED, message, { reason });

/**
 * An RPC of the contract that this service does not serve. Every such method is listed in its
 * controller with this one line, so the type checker makes the choice explicit for each RPC the
 * proto adds; callers get gRPC's UNIMPLEMENTED.
 */
export const unimplemented = (rpc: string) =>
  new ServiceError(status.UNIMPLEMENTED, `${rpc} is not served by this service`, { reason: 'UNIMPLEMENTED' });
