import { spawnSync } from 'node:child_process';
import path from 'node:path';

interface FixtureOutput {
  parentTraceId: string;
  seenTraceparent: string;
  spans: { name: string; kind: number; traceId: string }[];
}

// SpanKind values from @opentelemetry/api.
const SERVER = 1;
const CLIENT = 2;

describe('createServiceClient with the OpenTelemetry gRPC instrumentation', () => {
  it('creates a client span and propagates the active trace to the server', () => {
    const fixture = path.join(__dirname, 'fixtures/otel-propagation.cjs');
    const result = spawnSync(process.execPath, [fixture], { encoding: 'utf8', timeout: 60_000 });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);

    const output = JSON.parse(result.stdout) as FixtureOutput;
    expect(output.parentTraceId).toMatch(/^[0-9a-f]{32}$/);
    expect(output.seenTraceparent).toMatch(new RegExp(`^00-${output.parentTraceId}-[0-9a-f]{16}-01$`));
    const rpcSpans = output.spans.filter((s) => s.name === 'grpc.rates.v1.RatesService/GetLatestTable');
    expect(rpcSpans.map((s) => s.kind).sort()).toEqual([SERVER, CLIENT]);
    expect(new Set(output.spans.map((s) => s.traceId))).toEqual(new Set([output.parentTraceId]));
  });
});
