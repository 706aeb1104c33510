import { status } from '@grpc/grpc-js';
import { GrpcCallError } from '@lib/contracts';
import { createLogger } from '@lib/observability';
import { serializeError, withCompactErrors } from './log-errors';
import { PartialPageData } from './pages/page-data-cache';

const failedCall = () =>
  new GrpcCallError({
    code: status.UNAVAILABLE,
    details: 'No connection established. Last error: connect ECONNREFUSED 127.0.0.1:50051',
    method: 'content.v1.ContentService/GetPage',
    cause: new Error('14 UNAVAILABLE: No connection established'),
  });

describe('serializeError', () => {
  it('writes a failed service call as method, status and message, without stack or cause', () => {
    expect(serializeError(failedCall())).toEqual({
      type: 'GrpcCallError',
      code: 'UNAVAILABLE',
      method: 'content.v1.ContentService/GetPage',
      message:
        'content.v1.ContentService/GetPage failed: UNAVAILABLE: No connection established. Last error: connect ECONNREFUSED 127.0.0.1:50051',
    });
  });

  it('drops the stack of a partial page, and keeps the stack of anything else', () => {
    expect(serializeError(new PartialPageData({}))).toEqual({
      type: 'PartialPageData',
      message: 'page data is missing a section',
    });
    expect(serializeError(new TypeError('a bug of ours'))).toMatchObject({
      type: 'TypeError',
      message: 'a bug of ours',
      stack: expect.stringContaining('\n    at '),
    });
    expect(serializeError('just text')).toBe('just text');
  });

  it('is what a wrapped logger writes: one line for a failed call', () => {
    const lines: string[] = [];
    const logger = withCompactErrors(
      createLogger({ name: 'test', destination: { write: (line: string) => void lines.push(line) } }),
    );
    logger.error({ err: failedCall(), path: '/o-nas/' }, 'page data failed: /o-nas/');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ path: '/o-nas/', err: { code: 'UNAVAILABLE' } });
  });
});
