import { type Metadata, status } from '@grpc/grpc-js';
import {
  type Context,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type TextMapSetter,
  type Tracer,
  context,
  propagation,
  trace,
} from '@opentelemetry/api';

/*
 * The spans of our gRPC calls, made by our own client (createServiceClient) and server
 * (service-kit's call interceptor) instead of by OpenTelemetry's gRPC instrumentation.
 *
 * Why: the instrumentation does its whole work for every call whether the span is recorded or
 * not. On the server it reads every metadata entry into an object to extract the parent, splits
 * the method name, wraps the call's sendMetadata and the handler's callback per call and runs the
 * handler through two context switches; on the client it parses the channel's target per call.
 * Without an exporter no span is recorded, and on an uncached article that work was about a tenth
 * of the content service's CPU per call. Here an unrecorded call costs the parent's extraction or
 * injection, the span ids (log lines keep their trace_id, and the trace travels on) and the
 * context; the status is only set when the span is recorded. Span names and attributes are the
 * instrumentation's: `grpc.<package.Service>/<Method>`, rpc.system, rpc.service, rpc.method and
 * rpc.grpc.status_code.
 */

// The RPC attribute names of the semantic conventions, still in their incubating set (which
// OpenTelemetry asks users to copy rather than import).
const ATTR_RPC_SYSTEM = 'rpc.system';
const ATTR_RPC_SERVICE = 'rpc.service';
const ATTR_RPC_METHOD = 'rpc.method';
const ATTR_RPC_GRPC_STATUS_CODE = 'rpc.grpc.status_code';

const TRACER_NAME = '@lib/contracts/rpc-spans';

/** One RPC method as its spans name it; made once per method (rpcMethod). */
export interface RpcMethod {
  /** 'content.v1.ContentService/GetArticlePage' */
  readonly path: string;
  readonly spanName: string;
  readonly attributes: Readonly<Record<string, string>>;
}

/** A started span: the context the call runs in, and its end with the call's final status. */
export interface RpcSpan {
  readonly context: Context;
  end(code: status, message?: string): void;
}

const methods = new Map<string, RpcMethod>();

/**
 * The method of a gRPC path ('/content.v1.ContentService/GetArticlePage', with or without its
 * leading slash). Kept per path: a process has as many as its services have methods.
 */
export function rpcMethod(path: string): RpcMethod {
  const known = methods.get(path);
  if (known) return known;
  const bare = path.startsWith('/') ? path.slice(1) : path;
  const slash = bare.indexOf('/');
  const service = slash === -1 ? '' : bare.slice(0, slash);
  const method = slash === -1 ? bare : bare.slice(slash + 1);
  const made: RpcMethod = Object.freeze({
    path: bare,
    spanName: `grpc.${bare}`,
    attributes: Object.freeze({
      [ATTR_RPC_SYSTEM]: 'grpc',
      [ATTR_RPC_SERVICE]: service,
      [ATTR_RPC_METHOD]: method,
    }),
  });
  methods.set(path, made);
  return made;
}

const metadataGetter: TextMapGetter<Metadata> = {
  get: (carrier, key) => {
    const values = carrier.get(key);
    return values.length === 0 ? undefined : values.map(String);
  },
  keys: (carrier) => Object.keys(carrier.getMap()),
};

const metadataSetter: TextMapSetter<Metadata> = {
  set: (carrier, key, value) => carrier.set(key, value),
};

// Asked of the provider registered at each call, not at load: telemetry may be started (or
// restarted, in tests) after this module was loaded.
let provider = trace.getTracerProvider();
let tracer: Tracer = provider.getTracer(TRACER_NAME);

function currentTracer(): Tracer {
  const registered = trace.getTracerProvider();
  if (registered !== provider) {
    provider = registered;
    tracer = provider.getTracer(TRACER_NAME);
  }
  return tracer;
}

function started(span: Span, parent: Context): RpcSpan {
  return {
    context: trace.setSpan(parent, span),
    end(code, message) {
      if (span.isRecording()) {
        span.setAttribute(ATTR_RPC_GRPC_STATUS_CODE, code);
        if (code !== status.OK) {
          span.setStatus(
            message === undefined ? { code: SpanStatusCode.ERROR } : { code: SpanStatusCode.ERROR, message },
          );
        }
      }
      span.end();
    },
  };
}

/**
 * A client span for one attempt of a call, child of the active context; its trace is written into
 * `metadata` (traceparent) for the server.
 */
export function startRpcClientSpan(method: RpcMethod, metadata: Metadata): RpcSpan {
  const parent = context.active();
  const span = currentTracer().startSpan(
    method.spanName,
    { kind: SpanKind.CLIENT, attributes: method.attributes },
    parent,
  );
  const rpc = started(span, parent);
  propagation.inject(rpc.context, metadata, metadataSetter);
  return rpc;
}

/** A server span for one call, child of the caller's trace when its metadata carries one. */
export function startRpcServerSpan(method: RpcMethod, metadata: Metadata): RpcSpan {
  const parent = propagation.extract(ROOT_CONTEXT, metadata, metadataGetter);
  const span = currentTracer().startSpan(
    method.spanName,
    { kind: SpanKind.SERVER, attributes: method.attributes },
    parent,
  );
  return started(span, parent);
}
