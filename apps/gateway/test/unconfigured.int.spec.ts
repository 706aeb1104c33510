import { ConfigError, loadConfigOrUnready } from '@lib/config';
import { createLogger } from '@lib/observability';
import { freePort } from '@lib/testing';
import { Writable } from 'node:stream';
import { gatewayEnvSchema } from '../src/kit/config/gateway-config';
import { serveUnconfiguredGateway, type UnconfiguredGateway } from '../src/server/unconfigured';

describe('the gateway with an invalid environment in a deployment', () => {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    name: 'gateway',
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n'))
          if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  });
  let gateway: UnconfiguredGateway;
  let env: Record<string, string>;

  beforeAll(async () => {
    env = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      OPS_PORT: String(await freePort()),
      RATES_SERVICE_ADDR: 'rates-without-port',
    };
    const loaded = loadConfigOrUnready(gatewayEnvSchema, env);
    expect(loaded).toBeInstanceOf(ConfigError);
    gateway = await serveUnconfiguredGateway(loaded as ConfigError, { env, logger });
  });
  afterAll(() => gateway?.close());

  it('stays alive and never ready on its configured ports; a page request gets a plain Polish 503, not an error', async () => {
    const base = `http://127.0.0.1:${env['PORT']}`;
    expect(gateway.port).toBe(Number(env['PORT']));
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    // The public port says nothing about the cause.
    expect(await ready.text()).not.toContain('RATES_SERVICE_ADDR');
    const page = await fetch(`${base}/kredyty/`);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('60');
    const html = await page.text();
    expect(html).toContain('lang="pl"');
    expect(html).toContain('Strona chwilowo niedostępna');
    expect(html).not.toContain('RATES_SERVICE_ADDR');
  });

  it('answers /readyz 503 naming the variable, /healthz 200 and /metrics on the ops port', async () => {
    const ops = `http://127.0.0.1:${gateway.opsPort}`;
    const ready = await fetch(`${ops}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.stringify(await ready.json())).toContain('RATES_SERVICE_ADDR');
    expect((await fetch(`${ops}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${ops}/metrics`)).text()).toContain(
      'process_start_time_seconds{service="gateway"}',
    );
  });

  it('logs exactly one line, naming the variable', () => {
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', service: 'gateway', variables: ['RATES_SERVICE_ADDR'] });
    expect(String(lines[0]!['msg'])).toMatch(/RATES_SERVICE_ADDR="rates-without-port".*NOT ready/);
  });
});
