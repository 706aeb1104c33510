import { ConfigError, loadConfig, loadConfigOrUnready } from '@lib/config';
import { gatewayEnvSchema } from './gateway-config';

/** The labelled example operator, so that PUBLIC_ORIGIN is the only thing production can miss. */
const EXAMPLE = { OPERATOR_EXAMPLE: 'true' };

function problemOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(gatewayEnvSchema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('PUBLIC_ORIGIN, the one origin of the gateway', () => {
  it('is required in production: one problem, naming the variable, on one line', () => {
    const problem = problemOf({ NODE_ENV: 'production', ...EXAMPLE });
    expect(problem.variables).toEqual(['PUBLIC_ORIGIN']);
    expect(problem.message).toBe(
      'Invalid configuration: PUBLIC_ORIGIN is required in production (the https origin of the site, e.g. https://www.example.pl)',
    );
    expect(problem.message.split('\n')).toHaveLength(1);
  });

  it('is required when NODE_ENV is unset too: the gateway then runs as production', () => {
    expect(problemOf({ ...EXAMPLE }).variables).toEqual(['PUBLIC_ORIGIN']);
    // A deployment's process stays up and unready with this problem (main.ts), as with any other.
    const loaded = loadConfigOrUnready(gatewayEnvSchema, { NODE_ENV: 'production', ...EXAMPLE });
    expect(loaded).toBeInstanceOf(ConfigError);
    expect((loaded as ConfigError).variables).toEqual(['PUBLIC_ORIGIN']);
  });

  it('is the origin of the value given, in production and elsewhere', () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      const config = loadConfig(gatewayEnvSchema, {
        NODE_ENV,
        ...EXAMPLE,
        PUBLIC_ORIGIN: 'https://www.porownywarka-pozyczek.pl/ignored/path',
      });
      expect(config.PUBLIC_ORIGIN).toBe('https://www.porownywarka-pozyczek.pl');
    }
  });

  it('outside production, unset, is localhost on the configured port', () => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(loadConfig(gatewayEnvSchema, { NODE_ENV }).PUBLIC_ORIGIN).toBe('http://localhost:3000');
      expect(loadConfig(gatewayEnvSchema, { NODE_ENV, PORT: '8123' }).PUBLIC_ORIGIN).toBe(
        'http://localhost:8123',
      );
    }
  });
});

describe('SHARED_ANSWER_CACHE, the shared answers of page loaders', () => {
  const load = (env: Record<string, string>) => loadConfig(gatewayEnvSchema, { NODE_ENV: 'test', ...env });

  it('follows PAGE_CACHE unless set', () => {
    expect(load({}).SHARED_ANSWER_CACHE).toBe(true);
    expect(load({ PAGE_CACHE: 'false' }).SHARED_ANSWER_CACHE).toBe(false);
    expect(load({ PAGE_CACHE: 'false', SHARED_ANSWER_CACHE: 'true' }).SHARED_ANSWER_CACHE).toBe(true);
    expect(load({ PAGE_CACHE: 'true', SHARED_ANSWER_CACHE: '0' }).SHARED_ANSWER_CACHE).toBe(false);
  });

  it('refuses anything but true or false, naming the variable', () => {
    const problem = problemOf({ NODE_ENV: 'test', SHARED_ANSWER_CACHE: 'yes' });
    expect(problem.message).toContain('SHARED_ANSWER_CACHE');
    expect(problem.message).toContain('must be true or false');
  });
});
