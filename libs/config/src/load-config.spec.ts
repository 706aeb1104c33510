import { z } from 'zod';
import {
  ConfigError,
  env,
  exitsOnBadConfig,
  loadConfig,
  loadConfigOrUnready,
  serviceEnvSchema,
} from './index';

describe('loadConfig', () => {
  const schema = serviceEnvSchema('rates');

  it('applies defaults when variables are unset or empty', () => {
    const config = loadConfig(schema, { REDIS_URL: '  ' });
    expect(config.GRPC_PORT).toBe(50053);
    expect(config.OPS_PORT).toBe(9467);
    // The ops endpoints (metrics, detailed readiness) are private unless an address is configured.
    expect(config.OPS_HOST).toBe('127.0.0.1');
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.SHUTDOWN_TIMEOUT_MS).toBe(10_000);
  });

  it('names the variable and the value that are wrong', () => {
    expect(() => loadConfig(schema, { GRPC_PORT: 'abc' })).toThrow(/GRPC_PORT="abc" must be a port number/);
    expect(() => loadConfig(schema, { DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL="mysql:\/\/x" must be a URL starting with postgres:\/\/ or postgresql:\/\//,
    );
  });

  it('reports every problem at once', () => {
    let error: unknown;
    try {
      loadConfig(schema, { GRPC_PORT: '70000', LOG_LEVEL: 'loud' });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toHaveLength(2);
    expect((error as ConfigError).variables).toEqual(['GRPC_PORT', 'LOG_LEVEL']);
  });

  it('stops on a bad environment only on a laptop (NODE_ENV unset, development, test), not in a deployment', () => {
    expect(exitsOnBadConfig({})).toBe(true);
    expect(exitsOnBadConfig({ NODE_ENV: 'development' })).toBe(true);
    expect(exitsOnBadConfig({ NODE_ENV: ' test ' })).toBe(true);
    expect(exitsOnBadConfig({ NODE_ENV: 'production' })).toBe(false);
    // A misspelt mode is a deployment too: better unready than crash-looping.
    expect(exitsOnBadConfig({ NODE_ENV: 'prod' })).toBe(false);
  });

  it('validates host:port targets and booleans', () => {
    const s = z.object({ TARGET: env.hostPort('127.0.0.1:1'), FLAG: env.bool(false) });
    expect(loadConfig(s, { FLAG: '1' })).toEqual({ TARGET: '127.0.0.1:1', FLAG: true });
    expect(() => loadConfig(s, { TARGET: 'http://x' })).toThrow(/TARGET="http:\/\/x" must be host:port/);
  });
});

describe('loadConfigOrUnready in a deployment', () => {
  const schema = z.object({ ORIGIN: z.string(), NAME: z.string() });

  it('answers the ConfigError for a bad variable, and exits 78 for one it stops on', () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation(() => {
      throw new Error('exit');
    });
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const unready = loadConfigOrUnready(
        schema,
        { NODE_ENV: 'production', ORIGIN: 'x' },
        { stopsOn: ['ORIGIN'] },
      );
      expect(unready).toBeInstanceOf(ConfigError);
      expect(exit).not.toHaveBeenCalled();
      expect(() =>
        loadConfigOrUnready(schema, { NODE_ENV: 'production', NAME: 'n' }, { stopsOn: ['ORIGIN'] }),
      ).toThrow('exit');
      expect(exit).toHaveBeenCalledWith(78);
      expect(String(write.mock.calls[0]?.[0])).toMatch(/^Invalid configuration: ORIGIN /);
    } finally {
      exit.mockRestore();
      write.mockRestore();
    }
  });
});
