import { connect, type Socket } from 'node:net';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { Counter } from 'prom-client';
import {
  createLogger,
  createMetricsRegistry,
  shutdownTelemetry,
  startTelemetry,
  startOpsServer,
  type OpsServer,
  type ReadinessCheck,
} from '../src';
import { captureLines } from './support/helpers';

async function get(port: number, path: string, method = 'GET') {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), text };
}

describe('startOpsServer', () => {
  const { stream, lines } = captureLines();
  const logger = createLogger({ name: 'ops-test', destination: stream });
  let databaseUp = true;
  const checks: ReadinessCheck[] = [
    {
      name: 'postgres',
      check: () => (databaseUp ? Promise.resolve() : Promise.reject(new Error('connection refused'))),
    },
    { name: 'redis', check: () => Promise.resolve() },
  ];
  const registry = createMetricsRegistry({ serviceName: 'ops-test' });
  new Counter({ name: 'demo_requests_total', help: 'demo', registers: [registry] }).inc(3);
  let server: OpsServer;

  beforeAll(async () => {
    server = await startOpsServer({ host: '127.0.0.1', port: 0, registry, checks, logger });
  });
  afterAll(() => server.close());

  it('listens on a random port when asked for port 0, on the address it was given only', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.host).toBe('127.0.0.1');
  });

  it('answers /healthz while the process lives', async () => {
    const res = await get(server.port, '/healthz');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ status: 'ok' });
  });

  it('serves Prometheus text with default metrics labelled by service', async () => {
    const res = await get(server.port, '/metrics');
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/plain');
    expect(res.text).toContain('demo_requests_total{service="ops-test"} 3');
    expect(res.text).toMatch(/process_cpu_user_seconds_total\{service="ops-test"\}/);
    expect(res.text).toMatch(/nodejs_eventloop_lag_seconds\{service="ops-test"\}/);
  });

  it('reports ready with every check ok', async () => {
    databaseUp = true;
    const res = await get(server.port, '/readyz');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
  });

  it('reports 503 with the failing check error text, and logs the transition once', async () => {
    databaseUp = false;
    const first = await get(server.port, '/readyz');
    await get(server.port, '/readyz');
    expect(first.status).toBe(503);
    expect(JSON.parse(first.text)).toEqual({
      status: 'not_ready',
      checks: { postgres: 'connection refused', redis: 'ok' },
    });
    const warnings = lines.filter((l) => l.msg === 'readiness check failing');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 'warn', check: 'postgres', error: 'connection refused' });
    databaseUp = true;
  });

  it('answers 404 JSON for anything else and 405 for other methods', async () => {
    const missing = await get(server.port, '/nope?x=1');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toEqual({ error: 'not_found', path: '/nope' });
    const post = await get(server.port, '/healthz', 'POST');
    expect(post.status).toBe(405);
  });

  it('answers 503 from /readyz after setShuttingDown, while /healthz stays 200', async () => {
    server.setShuttingDown();
    const ready = await get(server.port, '/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toMatchObject({ status: 'not_ready', reason: 'shutting_down' });
    expect((await get(server.port, '/healthz')).status).toBe(200);
  });

  it('traces nothing done while answering the probes, even with spans recorded', async () => {
    const exporter = new InMemorySpanExporter();
    startTelemetry({ serviceName: 'ops-test', spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    try {
      const traced = await startOpsServer({
        host: '127.0.0.1',
        port: 0,
        registry: createMetricsRegistry({ serviceName: 'ops-traced' }),
        checks: [
          {
            name: 'service',
            check: () => Promise.resolve(trace.getTracer('check').startSpan('health call').end()),
          },
        ],
        logger,
      });
      try {
        expect((await get(traced.port, '/readyz')).status).toBe(200);
      } finally {
        await traced.close();
      }
      // The same call outside a probe is recorded: the exporter works. Spans reach it in the order
      // they ended, once the resource's attributes are settled.
      trace.getTracer('check').startSpan('outside').end();
      for (let tries = 0; tries < 100 && exporter.getFinishedSpans().length === 0; tries++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual(['outside']);
    } finally {
      await shutdownTelemetry();
    }
  });
});

describe('readiness timeouts', () => {
  it('fails a check that exceeds its own timeout without waiting for it', async () => {
    const registry = createMetricsRegistry({ serviceName: 'timeout-test' });
    // Never settles: only the check's own timeout can produce an answer.
    const slow: ReadinessCheck = {
      name: 'slow',
      timeoutMs: 50,
      check: () => new Promise<void>(() => undefined),
    };
    const fast: ReadinessCheck = { name: 'fast', check: () => Promise.resolve() };
    const server = await startOpsServer({
      port: 0,
      host: '127.0.0.1',
      registry,
      checks: [slow, fast],
      logger: createLogger({ name: 't', level: 'silent' }),
    });
    try {
      const res = await get(server.port, '/readyz');
      expect(res.status).toBe(503);
      expect(JSON.parse(res.text)).toEqual({
        status: 'not_ready',
        checks: { slow: 'timed out after 50 ms', fast: 'ok' },
      });
    } finally {
      await server.close();
    }
  });

  it('close() does not wait for open connections: an idle keep-alive one, or one still sending its request', async () => {
    const server = await startOpsServer({
      port: 0,
      host: '127.0.0.1',
      registry: createMetricsRegistry({ serviceName: 'close-test' }),
      checks: [],
      logger: createLogger({ name: 't', level: 'silent' }),
    });
    // A scraper's kept-alive connection after one answer, and a client half-way through its request
    // headers: left alone, the server would wait for its keep-alive and headers timeouts (5 s, 60 s),
    // so a close() that waited for them would hold this test until Jest's own timeout fails it.
    const idle = await rawConnection(server.port);
    idle.socket.write('GET /healthz HTTP/1.1\r\nHost: ops\r\nConnection: keep-alive\r\n\r\n');
    await idle.answered;
    const halfway = await rawConnection(server.port);
    halfway.socket.write('GET /metrics HTTP/1.1\r\nHost: ops\r\n');

    await server.close();

    await Promise.all([idle.closed, halfway.closed]);
    await expect(fetch(`http://127.0.0.1:${server.port}/healthz`)).rejects.toThrow();
  });
});

/** A plain TCP connection to the server, to hold it open exactly as the test needs. */
async function rawConnection(
  port: number,
): Promise<{ socket: Socket; answered: Promise<void>; closed: Promise<void> }> {
  const socket = connect({ host: '127.0.0.1', port });
  socket.on('error', () => undefined);
  const answered = new Promise<void>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('{"status":"ok"}')) resolve();
    });
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, answered, closed };
}
