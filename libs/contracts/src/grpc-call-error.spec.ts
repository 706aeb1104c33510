import * as grpc from '@grpc/grpc-js';
import { GrpcCallError } from './grpc-call-error';

const failed = (code: grpc.status) =>
  new GrpcCallError({ code, details: 'no table C stored', method: 'rates.v1.RatesService/GetLatestTable' });

describe('GrpcCallError.hasCode', () => {
  it('tells a call that failed with one of the codes from any other failure', () => {
    expect(GrpcCallError.hasCode(failed(grpc.status.NOT_FOUND), grpc.status.NOT_FOUND)).toBe(true);
    expect(
      GrpcCallError.hasCode(
        failed(grpc.status.INVALID_ARGUMENT),
        grpc.status.NOT_FOUND,
        grpc.status.INVALID_ARGUMENT,
      ),
    ).toBe(true);
    expect(GrpcCallError.hasCode(failed(grpc.status.UNAVAILABLE), grpc.status.NOT_FOUND)).toBe(false);
  });

  it('is false for what is not a call error, even with a matching code', () => {
    expect(
      GrpcCallError.hasCode(
        Object.assign(new Error('x'), { code: grpc.status.NOT_FOUND }),
        grpc.status.NOT_FOUND,
      ),
    ).toBe(false);
    expect(GrpcCallError.hasCode(undefined, grpc.status.NOT_FOUND)).toBe(false);
  });
});
