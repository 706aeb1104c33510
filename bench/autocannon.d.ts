// The part of autocannon's programmatic API the harness uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** requests in all, instead of a duration (gateway-cpu: a fixed number per run) */
    amount?: number;
    pipelining?: number;
    /** seconds before a request counts as a timeout */
    timeout?: number;
    headers?: Record<string, string>;
    /** method and body of every request (events ingest: POST) */
    method?: string;
    body?: string;
    /** requests each connection sends in turn (chaos suite: several pages) */
    requests?: Array<{ method?: string; path?: string; headers?: Record<string, string>; body?: string }>;
  }
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  /** The run: a thenable of its result that also emits an event per answer and per failed request. */
  interface Instance extends PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
    on(event: 'reqError', listener: (error: Error) => void): this;
    /** ends the run early; the result then covers what ran */
    stop(): void;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
