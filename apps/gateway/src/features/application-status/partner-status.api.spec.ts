import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError, leadsV1 } from '@lib/contracts';
import {
  PARTNER_RETRY_AFTER_S,
  isJsonType,
  partnerStatusAnswer,
  partnerStatusFailure,
} from './partner-status.api';

const failure = (code: GrpcStatus) =>
  partnerStatusFailure(
    new GrpcCallError({ code, details: 'x', method: 'leads.v1.LeadsService/RecordDeliveryStatus' }),
  );

describe('the lenders’ status callback', () => {
  it('answers a recorded status with the delivery, its state by name and whether it changed', () => {
    expect(
      partnerStatusAnswer({ deliveryId: 'd-1', state: leadsV1.DeliveryState.ACCEPTED, changed: true }),
    ).toEqual({ deliveryId: 'd-1', state: 'ACCEPTED', changed: true });
    expect(
      partnerStatusAnswer({ deliveryId: 'd-1', state: leadsV1.DeliveryState.REJECTED, changed: false }),
    ).toEqual({ deliveryId: 'd-1', state: 'REJECTED', changed: false });
  });

  it('maps the leads service’s refusals to what the lender must fix, and anything else to 503 with Retry-After', () => {
    expect(failure(GrpcStatus.UNAUTHENTICATED)).toMatchObject({ status: 401 });
    expect(failure(GrpcStatus.NOT_FOUND)).toMatchObject({ status: 404 });
    expect(failure(GrpcStatus.INVALID_ARGUMENT)).toMatchObject({ status: 400 });
    expect(failure(GrpcStatus.FAILED_PRECONDITION)).toMatchObject({ status: 409 });
    for (const code of [
      GrpcStatus.UNAVAILABLE,
      GrpcStatus.DEADLINE_EXCEEDED,
      GrpcStatus.INTERNAL,
      GrpcStatus.UNIMPLEMENTED,
      GrpcStatus.RESOURCE_EXHAUSTED,
    ])
      expect(failure(code)).toEqual(
        expect.objectContaining({ status: 503, retryAfterS: PARTNER_RETRY_AFTER_S }),
      );
    expect(partnerStatusFailure(new Error('socket hang up'))).toMatchObject({ status: 503 });
    for (const code of [401, 404, 400, 409])
      expect(
        [
          GrpcStatus.UNAUTHENTICATED,
          GrpcStatus.NOT_FOUND,
          GrpcStatus.INVALID_ARGUMENT,
          GrpcStatus.FAILED_PRECONDITION,
        ]
          .map(failure)
          .find((f) => f.status === code)?.retryAfterS,
      ).toBeUndefined();
  });

  it('takes application/json with or without parameters only', () => {
    expect(isJsonType('application/json')).toBe(true);
    expect(isJsonType('Application/JSON; charset=utf-8')).toBe(true);
    expect(isJsonType('text/plain')).toBe(false);
    expect(isJsonType('application/x-www-form-urlencoded')).toBe(false);
    expect(isJsonType(undefined)).toBe(false);
  });
});
