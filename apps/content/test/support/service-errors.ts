import { type ServiceError } from '@lib/service-kit';

/**
 * Matches a ServiceError by everything a caller of the RPC sees: the gRPC code, the message and
 * the details (field violations, reason, resource). Jest's own error equality compares messages only.
 */
export const sameServiceError = (expected: ServiceError) =>
  expect.objectContaining({
    name: 'ServiceError',
    code: expected.code,
    message: expected.message,
    extra: expected.extra,
  }) as unknown;
