import {
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
} from '@opentelemetry/api';
import { RPCType, setRPCMetadata, suppressTracing } from '@opentelemetry/core';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_REQUEST_METHOD_ORIGINAL,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_NETWORK_PEER_ADDRESS,
  ATTR_NETWORK_PEER_PORT,
  ATTR_NETWORK_PROTOCOL_VERSION,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_URL_PATH,
  ATTR_URL_SCHEME,
  ATTR_USER_AGENT_ORIGINAL,
} from '@opentelemetry/semantic-conventions';
import { type IncomingMessage, type ServerResponse } from 'node:http';

/*
 * The HTTP server span of each request, made by the server's own listener instead of by
 * OpenTelemetry's HTTP instrumentation (which startTelemetry keeps for outgoing requests only).
 *
 * Why: the instrumentation does its whole work for every request whether the span is recorded or
 * not: it parses the URL with the WHATWG parser, builds about ten attributes, binds the request
 * and the response to the context (patching six methods of each), and listens for their close.
 * Without an exporter no root span is recorded, so on a page answered from memory that work was
 * a large part of the request. Here an unrecorded request costs the parent's extraction, the span
 * ids (log lines keep their trace_id, and calls made for the request carry the trace onward) and
 * the context; attributes and the end of the span are only made when the span is recorded.
 *
 * The request and the response are bound to the context only where a listener needs it: a
 * handler continuing from one of their events (a body read through 'data' and 'end') would
 * otherwise run outside the request's trace. `bindToRequestContext` does that for a stack that
 * reads bodies or streams (the gateway's Express app); an answer written at once from memory
 * never needs it.
 */

/** Probe and scrape endpoints are hit every few seconds; tracing them would drown real requests. */
const UNTRACED_PATHS: ReadonlySet<string> = new Set(['/metrics', '/healthz', '/readyz']);

/** The methods the semantic conventions name; any other is recorded as `_OTHER` with its original. */
const KNOWN_METHODS: ReadonlySet<string> = new Set([
  'CONNECT',
  'DELETE',
  'GET',
  'HEAD',
  'OPTIONS',
  'PATCH',
  'POST',
  'PUT',
  'TRACE',
]);

const TRACER_NAME = '@lib/observability/server-spans';

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface ServerSpanOptions {
  /**
   * Paths starting with one of these get no server span (besides /metrics, /healthz and /readyz,
   * never traced): hashed assets and other files that tell nothing a trace needs. Calls made while
   * answering them are not traced either.
   */
  untracedPathPrefixes?: readonly string[];
}

/** The path of a request target, without its query or fragment. */
export function requestPath(url: string | undefined): string {
  if (!url) return '';
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * Wraps a server's request listener: each request runs in the context of its server span, which
 * follows the caller's `traceparent` when there is one. The span is named `METHOD` and, once the
 * listener named its route (setHttpRoute), `METHOD route`; it ends when the response closes, with
 * the status code, and as an error for a 5xx.
 */
export function traceServerRequests(
  listener: RequestListener,
  options: ServerSpanOptions = {},
): RequestListener {
  const prefixes = options.untracedPathPrefixes ?? [];
  const untraced = (path: string): boolean =>
    UNTRACED_PATHS.has(path) || prefixes.some((prefix) => path.startsWith(prefix));
  const untracedListener = untracedRequests(listener);
  // Asked of the provider registered now, not at wrapping: telemetry may be started (or restarted,
  // in tests) after the listener was made.
  let provider = trace.getTracerProvider();
  let tracer = provider.getTracer(TRACER_NAME);
  return (req, res) => {
    const path = requestPath(req.url);
    if (untraced(path)) {
      untracedListener(req, res);
      return;
    }
    if (trace.getTracerProvider() !== provider) {
      provider = trace.getTracerProvider();
      tracer = provider.getTracer(TRACER_NAME);
    }
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const method = req.method ?? 'GET';
    const knownMethod = KNOWN_METHODS.has(method) ? method : '_OTHER';
    const span = tracer.startSpan(
      knownMethod === '_OTHER' ? 'HTTP' : knownMethod,
      {
        kind: SpanKind.SERVER,
        attributes: { [ATTR_HTTP_REQUEST_METHOD]: knownMethod, [ATTR_URL_PATH]: path },
      },
      parent,
    );
    const metadata = { type: RPCType.HTTP as const, span, route: undefined as string | undefined };
    const active = setRPCMetadata(trace.setSpan(parent, span), metadata);
    if (span.isRecording()) {
      span.setAttributes(requestAttributes(req, method));
      res.on('error', (error) => span.recordException(error));
      res.once('close', () => endServerSpan(span, knownMethod, metadata.route, res));
    }
    try {
      context.with(active, listener, undefined, req, res);
    } catch (error) {
      // A listener that throws leaves the response to Node; the span says why it ended.
      if (span.isRecording()) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      throw error;
    }
  };
}

/**
 * Wraps the listener of a server whose requests are never traced (the ops port's probes and
 * scrapes): nothing done while answering them is traced either, so readiness checks that call
 * services or databases every few seconds leave no traces of their own.
 */
export function untracedRequests(listener: RequestListener): RequestListener {
  const suppressed = suppressTracing(ROOT_CONTEXT);
  return (req, res) => context.with(suppressed, listener, undefined, req, res);
}

/**
 * Binds the request's and the response's events to the active context (the request's span), so
 * that handlers continuing from them (body readers, stream drains) stay in the request's trace.
 */
export function bindToRequestContext(req: IncomingMessage, res: ServerResponse): void {
  const active = context.active();
  context.bind(active, req);
  context.bind(active, res);
}

function requestAttributes(req: IncomingMessage, method: string) {
  const host = req.headers.host;
  const colon = host === undefined ? -1 : host.lastIndexOf(':');
  // A bracketed IPv6 host without a port has its last colon inside the brackets.
  const hasPort = host !== undefined && colon > host.lastIndexOf(']');
  const scheme = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  return {
    [ATTR_URL_SCHEME]: scheme,
    ...(host === undefined
      ? {}
      : {
          [ATTR_SERVER_ADDRESS]: hasPort ? host.slice(0, colon) : host,
          ...(hasPort ? { [ATTR_SERVER_PORT]: Number(host.slice(colon + 1)) } : {}),
        }),
    // The socket's peer only: whom to believe in X-Forwarded-For is the server's own setting.
    ...(req.socket.remoteAddress === undefined
      ? {}
      : { [ATTR_NETWORK_PEER_ADDRESS]: req.socket.remoteAddress }),
    ...(req.socket.remotePort === undefined ? {} : { [ATTR_NETWORK_PEER_PORT]: req.socket.remotePort }),
    [ATTR_NETWORK_PROTOCOL_VERSION]: req.httpVersion,
    ...(req.headers['user-agent'] === undefined
      ? {}
      : { [ATTR_USER_AGENT_ORIGINAL]: req.headers['user-agent'] }),
    ...(KNOWN_METHODS.has(method) ? {} : { [ATTR_HTTP_REQUEST_METHOD_ORIGINAL]: method }),
  };
}

function endServerSpan(span: Span, method: string, route: string | undefined, res: ServerResponse): void {
  const status = res.statusCode;
  span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
  if (route !== undefined) {
    span.setAttribute(ATTR_HTTP_ROUTE, route);
    span.updateName(`${method === '_OTHER' ? 'HTTP' : method} ${route}`);
  }
  // A server's own failures are errors; a client's 4xx is not the server's.
  if (status >= 500) {
    span.setAttribute(ATTR_ERROR_TYPE, String(status));
    span.setStatus({ code: SpanStatusCode.ERROR });
  } else if (!res.writableFinished) {
    // Closed before the answer was complete: the client went away.
    span.setAttribute(ATTR_ERROR_TYPE, 'aborted');
  }
  span.end();
}
