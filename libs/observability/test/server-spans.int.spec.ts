import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import {
  type RequestListener,
  bindToRequestContext,
  requestPath,
  setHttpRoute,
  shutdownTelemetry,
  startTelemetry,
  traceServerRequests,
} from '../src';

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

/** Serves `listener` wrapped in server spans on a loopback port for the duration of `use`. */
async function serving<T>(listener: RequestListener, exercise: (base: string) => Promise<T>): Promise<T> {
  const server: Server = createServer(traceServerRequests(listener, { untracedPathPrefixes: ['/assets/'] }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await exercise(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The response closes a moment after the client has read it; the span ends then. */
async function untilSpans(exporter: InMemorySpanExporter, count: number) {
  for (let tries = 0; tries < 100 && exporter.getFinishedSpans().length < count; tries++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  return exporter.getFinishedSpans();
}

describe('traceServerRequests with spans recorded', () => {
  const exporter = new InMemorySpanExporter();

  beforeAll(() => {
    startTelemetry({
      serviceName: 'server-spans-test',
      spanProcessors: [new SimpleSpanProcessor({ exporter })],
    });
  });
  afterAll(() => shutdownTelemetry());
  beforeEach(() => exporter.reset());

  it('follows the caller’s traceparent, names the span after the route the listener set, and ends it with the status', async () => {
    let traceInListener: string | undefined;
    await serving(
      (_req, res) => {
        traceInListener = trace.getActiveSpan()?.spanContext().traceId;
        setHttpRoute('/blog/:slug/');
        res.statusCode = 404;
        res.end('nie ma');
      },
      async (base) => {
        const answer = await fetch(`${base}/blog/nieznany/?strona=2`, {
          headers: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01`, 'user-agent': 'spec-agent' },
        });
        expect(answer.status).toBe(404);
        await answer.text();
      },
    );
    const [span] = await untilSpans(exporter, 1);
    expect(traceInListener).toBe(CALLER_TRACE);
    expect(span).toMatchObject({ name: 'GET /blog/:slug/', kind: SpanKind.SERVER });
    expect(span!.spanContext().traceId).toBe(CALLER_TRACE);
    expect(span!.parentSpanContext?.spanId).toBe(CALLER_SPAN);
    expect(span!.status.code).toBe(SpanStatusCode.UNSET);
    expect(span!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'url.path': '/blog/nieznany/',
      'url.scheme': 'http',
      'server.address': '127.0.0.1',
      'network.peer.address': '127.0.0.1',
      'network.protocol.version': '1.1',
      'user_agent.original': 'spec-agent',
      'http.route': '/blog/:slug/',
      'http.response.status_code': 404,
    });
    // The query may carry what a visitor typed; a trace has no need of it.
    expect(JSON.stringify(span!.attributes)).not.toContain('strona');
  });

  it('marks a 5xx as the server’s error, and names an unknown method _OTHER with its original', async () => {
    await serving(
      (_req, res) => {
        res.statusCode = 503;
        res.end();
      },
      async (base) => {
        await (await fetch(`${base}/kontakt/`, { method: 'PROPFIND' })).text();
      },
    );
    const [span] = await untilSpans(exporter, 1);
    expect(span!.name).toBe('HTTP');
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
    expect(span!.attributes).toMatchObject({
      'http.request.method': '_OTHER',
      'http.request.method_original': 'PROPFIND',
      'http.response.status_code': 503,
      'error.type': '503',
    });
  });

  it('makes no span for probes and the untraced prefixes, nor for what is done while answering them', async () => {
    await serving(
      (_req, res) => {
        trace.getTracer('inner').startSpan('lookup').end();
        res.end('ok');
      },
      async (base) => {
        for (const path of ['/healthz', '/readyz', '/metrics', '/assets/app.1234.js', '/kalendarz-2026/'])
          await (await fetch(base + path)).text();
      },
    );
    const spans = await untilSpans(exporter, 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exporter.getFinishedSpans().map((span) => span.attributes['url.path'] ?? span.name)).toEqual([
      'lookup',
      '/kalendarz-2026/',
    ]);
    expect(spans).toHaveLength(2);
  });

  it('keeps a body read through the request’s events in the request’s trace once bound', async () => {
    const seen: Record<string, string | undefined> = {};
    await serving(
      (req, res) => {
        seen['listener'] = trace.getActiveSpan()?.spanContext().traceId;
        bindToRequestContext(req, res);
        let size = 0;
        req.on('data', (chunk: Buffer) => (size += chunk.length));
        req.on('end', () => {
          seen['end'] = trace.getActiveSpan()?.spanContext().traceId;
          res.end(String(size));
        });
      },
      async (base) => {
        const answer = await fetch(`${base}/api/event`, { method: 'POST', body: 'x'.repeat(200_000) });
        expect(await answer.text()).toBe('200000');
      },
    );
    expect(seen['listener']).toMatch(/^[0-9a-f]{32}$/);
    expect(seen['end']).toBe(seen['listener']);
  });
});

describe('traceServerRequests without an exporter', () => {
  beforeAll(() => {
    startTelemetry({ serviceName: 'server-spans-quiet' });
  });
  afterAll(() => shutdownTelemetry());

  it('records nothing for a root request, yet gives it a trace id and adds no listener to the response', async () => {
    let seen: { traceId?: string; recording?: boolean; closeListeners?: number } = {};
    await serving(
      (_req, res) => {
        const span = trace.getActiveSpan();
        seen = {
          ...(span ? { traceId: span.spanContext().traceId, recording: span.isRecording() } : {}),
          closeListeners: res.listenerCount('close'),
        };
        res.end('ok');
      },
      async (base) => {
        await (await fetch(`${base}/`)).text();
      },
    );
    expect(seen.traceId).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
    expect(seen.recording).toBe(false);
    // Node's own bookkeeping may listen; the span must not add one.
    const bare = await new Promise<number>((resolve) => {
      const server = createServer((_req, res) => {
        resolve(res.listenerCount('close'));
        res.end();
      });
      server.listen(0, '127.0.0.1', () => {
        void fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
          .then((answer) => answer.text())
          .finally(() => {
            server.closeAllConnections();
            server.close();
          });
      });
    });
    expect(seen.closeListeners).toBe(bare);
  });

  it('still records a request whose caller’s trace is sampled', async () => {
    let recording: boolean | undefined;
    await serving(
      (_req, res) => {
        recording = trace.getActiveSpan()?.isRecording();
        res.end();
      },
      async (base) => {
        await (
          await fetch(`${base}/`, { headers: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` } })
        ).text();
      },
    );
    expect(recording).toBe(true);
  });
});

describe('requestPath', () => {
  it('drops the query and the fragment', () => {
    expect(requestPath('/blog/?strona=2')).toBe('/blog/');
    expect(requestPath('/a/#x')).toBe('/a/');
    expect(requestPath('/a/')).toBe('/a/');
    expect(requestPath(undefined)).toBe('');
  });
});
