import { type RequestHandler } from 'express';
import { type IncomingMessage } from 'node:http';
import { Counter, Histogram, type Registry } from 'prom-client';
import { GrpcCallError, statusName } from '@lib/contracts';
import { setHttpRoute } from '@lib/observability';
import { type LabelledResponse } from '../../kit/http/labelled-response';

export interface GatewayMetrics {
  /**
   * Records the request's duration, when its answer is finished, by route pattern
   * (`res.locals.routeLabel`) and status: the middleware's work, for a response of either kind.
   */
  track(this: void, req: IncomingMessage, res: LabelledResponse): void;
  /** `track` as the Express stack's first middleware. */
  middleware: RequestHandler;
  /**
   * Records one finished request, and names its trace span by the route: what the middleware does
   * at 'finish', for answers sent before the Express stack (the kept answers' fast path).
   */
  observe(this: void, req: IncomingMessage, route: string, status: number, seconds: number): void;
  upstreamError(error: unknown): void;
}

export function createGatewayMetrics(registry: Registry): GatewayMetrics {
  const duration = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time from request to the last byte of the response, by route pattern and status.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const upstream = new Counter({
    name: 'gateway_upstream_errors_total',
    help: 'Failed gRPC calls made for pages, by method and gRPC status.',
    labelNames: ['method', 'code'],
    registers: [registry],
  });

  const observe: GatewayMetrics['observe'] = (req, route, status, seconds) => {
    // Called from the response's 'finish', which runs in the request's context (bound to it in the
    // stack; on the fast path Node carries the context of the write that ends the response), so
    // this names the request's server span.
    setHttpRoute(route);
    duration.observe({ method: req.method ?? '', route, status_code: String(status) }, seconds);
  };

  const track: GatewayMetrics['track'] = (req, res) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      // Only labels the app set itself: raw paths would make the series unbounded.
      const route = typeof res.locals['routeLabel'] === 'string' ? res.locals['routeLabel'] : 'unmatched';
      observe(req, route, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
    });
  };

  return {
    track,
    middleware(req, res, next) {
      track(req, res);
      next();
    },
    observe,
    upstreamError(error) {
      if (error instanceof GrpcCallError)
        upstream.inc({ method: error.method, code: statusName(error.code) });
      else upstream.inc({ method: 'unknown', code: 'NOT_GRPC' });
    },
  };
}
