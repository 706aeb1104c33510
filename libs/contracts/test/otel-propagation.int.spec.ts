import { spawnSync } from 'node:child_process';
import path from 'node:path';

interface FixtureSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  attributes: Record<string, unknown>;
}

interface FixtureOutput {
  parentTraceId: string;
  seenTraceparents: string[];
  spans: FixtureSpan[];
}

// SpanKind values from @opentelemetry/api.
const CLIENT = 2;
const SPAN_NAME = 'grpc.rates.v1.RatesService/GetLatestTable';

describe('createServiceClient’s client spans', () => {
  let output: FixtureOutput;

  beforeAll(() => {
    const fixture = path.join(__dirname, 'fixtures/otel-propagation.cjs');
    const result = spawnSync(process.execPath, [fixture], { encoding: 'utf8', timeout: 60_000 });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    output = JSON.parse(result.stdout) as FixtureOutput;
  });

  it('makes a client span, child of the active span, and sends its trace to the server', () => {
    const [inside] = output.spans.filter((s) => s.name === SPAN_NAME && s.traceId === output.parentTraceId);
    expect(inside).toMatchObject({
      kind: CLIENT,
      attributes: {
        'rpc.system': 'grpc',
        'rpc.service': 'rates.v1.RatesService',
        'rpc.method': 'GetLatestTable',
        'rpc.grpc.status_code': 0,
      },
    });
    const page = output.spans.find((s) => s.name === 'page-render');
    expect(inside!.parentSpanId).toBe(page!.spanId);
    // The server sees the client span as its parent: traceparent carries the client span's id.
    expect(output.seenTraceparents[0]).toBe(`00-${output.parentTraceId}-${inside!.spanId}-01`);
  });

  it('gives a call outside any span a trace of its own, and carries it too', () => {
    const outside = output.spans.filter((s) => s.name === SPAN_NAME && s.traceId !== output.parentTraceId);
    expect(outside).toHaveLength(1);
    expect(outside[0]!.parentSpanId).toBe('');
    expect(output.seenTraceparents[1]).toBe(`00-${outside[0]!.traceId}-${outside[0]!.spanId}-01`);
  });
});
