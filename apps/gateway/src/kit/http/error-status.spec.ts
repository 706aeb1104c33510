import { status } from '@grpc/grpc-js';
import { GrpcCallError } from '@lib/contracts';
import { httpStatusFor, httpStatusForGrpc } from './error-status';

describe('gRPC → HTTP status mapping', () => {
  it.each([
    [status.NOT_FOUND, 404],
    [status.INVALID_ARGUMENT, 400],
    [status.OUT_OF_RANGE, 400],
    [status.UNAVAILABLE, 503],
    [status.DEADLINE_EXCEEDED, 503],
    [status.RESOURCE_EXHAUSTED, 429],
    [status.INTERNAL, 502],
    [status.UNKNOWN, 502],
    [status.UNIMPLEMENTED, 502],
    [status.DATA_LOSS, 502],
    [status.PERMISSION_DENIED, 500],
    [status.FAILED_PRECONDITION, 500],
    [99 as status, 500],
  ])('maps gRPC %i to HTTP %i', (code, http) => {
    expect(httpStatusForGrpc(code)).toBe(http);
    expect(
      httpStatusFor(new GrpcCallError({ code, details: 'x', method: 'content.v1.ContentService/GetPage' })),
    ).toBe(http);
  });

  it('keeps the 4xx of Express and body-parser errors and turns everything else into 500', () => {
    expect(
      httpStatusFor(Object.assign(new Error('too large'), { status: 413, type: 'entity.too.large' })),
    ).toBe(413);
    expect(httpStatusFor(Object.assign(new Error('bad json'), { statusCode: 400 }))).toBe(400);
    expect(httpStatusFor(Object.assign(new Error('weird'), { status: 502 }))).toBe(500);
    expect(httpStatusFor(new TypeError('x is undefined'))).toBe(500);
    expect(httpStatusFor('a string')).toBe(500);
  });
});
