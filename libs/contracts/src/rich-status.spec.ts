import * as grpc from '@grpc/grpc-js';
import { GrpcCallError, STATUS_DETAILS_KEY, parseRichStatus, richStatusMetadata, statusName } from './index';
import { Status } from './generated/google/rpc/status';
import { BadRequest } from './generated/google/rpc/error_details';

describe('richStatusMetadata / parseRichStatus', () => {
  it('round-trips a google.rpc.Status with all supported details', () => {
    const metadata = richStatusMetadata({
      code: grpc.status.NOT_FOUND,
      message: 'no page at /nie-ma/',
      resourceInfo: { resourceType: 'content.v1.Page', resourceName: '/nie-ma/' },
      errorInfo: { reason: 'PAGE_NOT_FOUND', domain: 'content.v1' },
    });

    expect(parseRichStatus(metadata)).toEqual({
      code: grpc.status.NOT_FOUND,
      message: 'no page at /nie-ma/',
      fieldViolations: [],
      errorInfo: { reason: 'PAGE_NOT_FOUND', domain: 'content.v1', metadata: {} },
      resourceInfo: { resourceType: 'content.v1.Page', resourceName: '/nie-ma/' },
    });
  });

  it('writes the standard encoding (type URLs and field numbers) any gRPC client can read', () => {
    const metadata = richStatusMetadata({
      code: grpc.status.INVALID_ARGUMENT,
      message: 'bad request',
      fieldViolations: [{ field: 'email', description: 'Wprowadź prawidłowy adres e-mail' }],
    });
    const raw = metadata.get(STATUS_DETAILS_KEY)[0] as Buffer;
    // field 1 (code) varint 3, field 2 (message) length-delimited
    expect([...raw.subarray(0, 4)]).toEqual([0x08, 0x03, 0x12, 'bad request'.length]);

    const status = Status.decode(raw);
    expect(status.details.map((d) => d.typeUrl)).toEqual(['type.googleapis.com/google.rpc.BadRequest']);
    expect(BadRequest.decode(status.details[0]!.value).fieldViolations[0]).toMatchObject({
      field: 'email',
      description: 'Wprowadź prawidłowy adres e-mail',
    });
  });

  it('refuses to describe an OK status', () => {
    expect(() => richStatusMetadata({ code: grpc.status.OK, message: 'fine' })).toThrow('code OK');
  });

  it('ignores a missing or malformed trailer and unknown detail types', () => {
    expect(parseRichStatus(undefined)).toBeUndefined();
    expect(parseRichStatus(new grpc.Metadata())).toBeUndefined();

    const garbage = new grpc.Metadata();
    garbage.set(STATUS_DETAILS_KEY, Buffer.from([0xff, 0xff, 0xff]));
    expect(parseRichStatus(garbage)).toBeUndefined();

    const unknownDetail = new grpc.Metadata();
    unknownDetail.set(
      STATUS_DETAILS_KEY,
      Buffer.from(
        Status.encode({
          code: grpc.status.UNAVAILABLE,
          message: 'later',
          details: [
            { typeUrl: 'type.googleapis.com/google.rpc.QuotaFailure', value: Buffer.from([0x0a, 0x00]) },
          ],
        }).finish(),
      ),
    );
    expect(parseRichStatus(unknownDetail)).toEqual({
      code: grpc.status.UNAVAILABLE,
      message: 'later',
      fieldViolations: [],
    });
  });
});

describe('GrpcCallError', () => {
  it('names the status and method in its message and falls back to the Status message', () => {
    const metadata = richStatusMetadata({ code: grpc.status.NOT_FOUND, message: 'no such lender' });
    const error = new GrpcCallError({
      code: grpc.status.NOT_FOUND,
      details: '',
      method: 'offers.v1.OffersService/GetLender',
      metadata,
    });
    expect(error.message).toBe('offers.v1.OffersService/GetLender failed: NOT_FOUND: no such lender');
    expect(error.details).toBe('no such lender');
    expect(error.name).toBe('GrpcCallError');
  });

  it('turns non-gRPC failures into INTERNAL', () => {
    const error = GrpcCallError.from(new TypeError('cannot serialise'), 'rates.v1.RatesService/Convert');
    expect(error.code).toBe(grpc.status.INTERNAL);
    expect(error.details).toBe('cannot serialise');
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('maps status codes to names', () => {
    expect(statusName(grpc.status.DEADLINE_EXCEEDED)).toBe('DEADLINE_EXCEEDED');
    expect(statusName(99 as grpc.status)).toBe('STATUS_99');
  });
});
