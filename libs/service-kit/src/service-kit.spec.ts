import { status } from '@grpc/grpc-js';
import { RpcException } from '@nestjs/microservices';
import { parseRichStatus } from '@lib/contracts';
import { createLogger } from '@lib/observability';
import { firstValueFrom, take, toArray } from 'rxjs';
import { z } from 'zod';
import { invalidArgument, notFound, toGrpcError, parseRequest, HealthState, unimplemented } from './index';

const domain = 'rates.v1';
const silent = createLogger({ name: 'test', level: 'silent' });

/** Decodes the trailer the way a client would, proving the details really travel. */
const decode = (error: ReturnType<typeof toGrpcError>['error']) => {
  const rich = parseRichStatus(error.metadata);
  if (!rich) throw new Error('no grpc-status-details-bin trailer');
  return rich;
};

describe('toGrpcError', () => {
  it('keeps the code and field violations of an expected failure', () => {
    const { error, unexpected } = toGrpcError(
      invalidArgument([{ field: 'email', description: 'bad' }]),
      domain,
    );
    expect(unexpected).toBe(false);
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    const decoded = decode(error);
    expect(decoded.fieldViolations).toEqual([{ field: 'email', description: 'bad' }]);
    expect(decoded.errorInfo).toMatchObject({ reason: 'INVALID_ARGUMENT', domain });
  });

  it('maps not found with resource info', () => {
    const { error } = toGrpcError(notFound('page', '/x/'), domain);
    expect(error.code).toBe(status.NOT_FOUND);
    expect(error.message).toBe('page /x/ not found');
  });

  it('turns a bug into INTERNAL with a generic message, never UNKNOWN or the original text', () => {
    const { error, unexpected } = toGrpcError(
      new TypeError('cannot read x of undefined at /srv/app.js'),
      domain,
    );
    expect(unexpected).toBe(true);
    expect(error.code).toBe(status.INTERNAL);
    expect(error.message).toBe('internal error');
  });

  it('treats a lost database connection as UNAVAILABLE so callers retry', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(toGrpcError(refused, domain).error.code).toBe(status.UNAVAILABLE);
    const adminShutdown = { message: 'terminating connection', driverError: { code: '57P01' } };
    expect(toGrpcError(adminShutdown, domain).error.code).toBe(status.UNAVAILABLE);
  });

  it('answers an RPC the service does not serve with UNIMPLEMENTED naming it', () => {
    const { error, unexpected } = toGrpcError(unimplemented('GetSomething'), domain);
    expect(unexpected).toBe(false);
    expect(error.code).toBe(status.UNIMPLEMENTED);
    expect(error.message).toBe('GetSomething is not served by this service');
    expect(decode(error).errorInfo).toMatchObject({ reason: 'UNIMPLEMENTED', domain });
  });

  it('honours an RpcException carrying a gRPC code', () => {
    const { error } = toGrpcError(
      new RpcException({ code: status.PERMISSION_DENIED, message: 'no' }),
      domain,
    );
    expect(error.code).toBe(status.PERMISSION_DENIED);
  });
});

describe('parseRequest', () => {
  it('lists every invalid field at once', () => {
    const schema = z.object({
      a: z.string().min(2, 'too short'),
      b: z.object({ c: z.number().positive('must be positive') }),
    });
    let error: unknown;
    try {
      parseRequest(schema, { a: 'x', b: { c: -1 } });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeDefined();
    const { error: grpcError } = toGrpcError(error, domain);
    expect(decode(grpcError).fieldViolations).toEqual([
      { field: 'a', description: 'too short' },
      { field: 'b.c', description: 'must be positive' },
    ]);
  });
});

describe('HealthState', () => {
  it('is NOT_SERVING until checks pass, follows them, and stays NOT_SERVING once draining', async () => {
    let dbUp = false;
    const state = new HealthState(
      ['rates.v1.RatesService'],
      [{ name: 'db', check: () => (dbUp ? Promise.resolve() : Promise.reject(new Error('down'))) }],
      silent,
    );
    const seen = firstValueFrom(state.watch().pipe(take(3), toArray()));
    expect(state.current).toBe('NOT_SERVING');
    await state.probe();
    expect(state.current).toBe('NOT_SERVING');
    dbUp = true;
    await state.probe();
    expect(state.current).toBe('SERVING');
    state.drain();
    await state.probe();
    expect(state.current).toBe('NOT_SERVING');
    await expect(seen).resolves.toEqual(['NOT_SERVING', 'SERVING', 'NOT_SERVING']);
    expect(state.knows('')).toBe(true);
    expect(state.knows('other.v1.Service')).toBe(false);
    state.stop();
  });

  it('fails a check that hangs past its timeout', async () => {
    const state = new HealthState(
      [],
      [{ name: 'slow', timeoutMs: 20, check: () => new Promise(() => undefined) }],
      silent,
    );
    await expect(state.probe()).resolves.toBe('NOT_SERVING');
    state.stop();
  });
});
