import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { TraceFlags, context, trace } from '@opentelemetry/api';
import { shutdownTelemetry, startTelemetry } from '../src';
import { tracesUrl } from '../src/telemetry';

const run = promisify(execFile);
const tracedProcess = path.join(__dirname, 'fixtures', 'traced-process.cjs');

interface Received {
  path: string;
  contentType: string | undefined;
  body: string;
}

describe('startTelemetry', () => {
  let collector: Server;
  let port: number;
  const received: Received[] = [];

  beforeAll(async () => {
    collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          path: req.url ?? '',
          contentType: req.headers['content-type'],
          body: Buffer.concat(chunks).toString('latin1'),
        });
        res.writeHead(200, { 'content-type': 'application/x-protobuf' });
        res.end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    port = (collector.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())));
  beforeEach(() => {
    received.length = 0;
  });
  afterEach(() => shutdownTelemetry());

  it('builds the traces URL from the base OTLP endpoint', () => {
    expect(tracesUrl('http://otel-collector:4318')).toBe('http://otel-collector:4318/v1/traces');
    expect(tracesUrl('http://otel-collector:4318/')).toBe('http://otel-collector:4318/v1/traces');
  });

  it('without an endpoint records nothing (nothing would be exported) but still gives trace ids for logs', () => {
    startTelemetry({ serviceName: 'quiet-service' });
    const span = trace.getTracer('t').startSpan('work');
    expect(span.isRecording()).toBe(false);
    expect(span.spanContext().traceId).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
    span.end();
  });

  it('without an endpoint still follows a caller whose trace is sampled', () => {
    startTelemetry({ serviceName: 'quiet-service' });
    const parent = trace.wrapSpanContext({
      traceId: 'a'.repeat(32),
      spanId: 'b'.repeat(16),
      traceFlags: TraceFlags.SAMPLED,
    });
    const span = trace.getTracer('t').startSpan('work', {}, trace.setSpan(context.active(), parent));
    expect(span.isRecording()).toBe(true);
    expect(span.spanContext().traceId).toBe('a'.repeat(32));
    span.end();
  });

  it('refuses a second start until the first is shut down', async () => {
    const first = startTelemetry({ serviceName: 'a' });
    expect(() => startTelemetry({ serviceName: 'b' })).toThrow(/already called/);
    await first.shutdown();
    const second = startTelemetry({ serviceName: 'b' });
    await second.shutdown();
  });

  it('in a real process, exports HTTP server spans as OTLP http/protobuf, but not the probe paths', async () => {
    await run(process.execPath, [tracedProcess], {
      env: { ...process.env, TEST_OTLP_ENDPOINT: `http://127.0.0.1:${port}` },
    });
    expect(received.length).toBeGreaterThanOrEqual(1);
    expect(received.every((r) => r.path === '/v1/traces' && r.contentType === 'application/x-protobuf')).toBe(
      true,
    );
    const body = received.map((r) => r.body).join('');
    expect(body).toContain('service.name');
    expect(body).toContain('traced-process');
    expect(body).toContain('9.9.9');
    expect(body).toContain('/api/offers');
    expect(body).not.toContain('/assets/app.js');
    expect(body).not.toContain('/healthz');
    expect(body).not.toContain('/readyz');
    expect(body).not.toContain('/metrics');
  });

  it('in a real process without an endpoint, makes no network calls', async () => {
    await run(process.execPath, [tracedProcess], {
      env: {
        ...process.env,
        TEST_OTLP_ENDPOINT: '',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      },
    });
    expect(received).toHaveLength(0);
  });
});
