import { createLogger, NestPinoLogger } from './index';
import { captureLines } from '../test/support/helpers';

describe('NestPinoLogger', () => {
  function setup() {
    const { stream, lines } = captureLines();
    const nest = new NestPinoLogger(createLogger({ name: 'content', level: 'trace', destination: stream }));
    return { nest, lines };
  }

  it('maps Nest levels to pino and the context argument to a field', () => {
    const { nest, lines } = setup();
    nest.log('Nest application successfully started', 'NestApplication');
    nest.warn('deprecated option', 'GrpcServer');
    nest.debug('route mapped', 'RoutesResolver');
    nest.verbose('very detailed');
    nest.fatal('cannot continue', 'Bootstrap');
    expect(lines.map((l) => [l.level, l.msg, l.context])).toEqual([
      ['info', 'Nest application successfully started', 'NestApplication'],
      ['warn', 'deprecated option', 'GrpcServer'],
      ['debug', 'route mapped', 'RoutesResolver'],
      ['trace', 'very detailed', undefined],
      ['fatal', 'cannot continue', 'Bootstrap'],
    ]);
  });

  it('keeps the stack of Nest error calls as a field, separate from the context', () => {
    const { nest, lines } = setup();
    const stack = 'Error: boom\n    at Object.<anonymous> (/app/main.js:1:1)';
    nest.error('Unhandled exception', stack, 'ExceptionsHandler');
    expect(lines[0]).toMatchObject({
      level: 'error',
      msg: 'Unhandled exception',
      stack,
      context: 'ExceptionsHandler',
    });
  });

  it('serialises Error objects and merges plain objects', () => {
    const { nest, lines } = setup();
    nest.error(new Error('database gone'), 'TypeOrmModule');
    nest.log({ event: 'ready', port: 50051 }, 'Bootstrap');
    expect(lines[0]).toMatchObject({ level: 'error', msg: 'database gone', context: 'TypeOrmModule' });
    expect((lines[0]!.err as { message: string }).message).toBe('database gone');
    expect(lines[1]).toMatchObject({ level: 'info', event: 'ready', port: 50051, context: 'Bootstrap' });
  });
});
