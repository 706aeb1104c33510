import {
  type Responder,
  ServerInterceptingCall,
  type ServerInterceptor,
  type ServerListener,
  status,
} from '@grpc/grpc-js';
import { HEALTH, rpcMethod, startRpcServerSpan, type RpcSpan } from '@lib/contracts';
import { context } from '@opentelemetry/api';

/** Probes call the health service every few seconds; tracing them would drown real calls. */
const UNTRACED_PREFIX = `/${HEALTH.package}.${HEALTH.service}/`;

/**
 * A grpc-js server interceptor that gives each call its server span (rpc-spans in @lib/contracts),
 * child of the trace the caller sent. The handler runs in the span's context, so everything it
 * does (queries, cache reads, log lines, the answer or the error NestJS makes of it) belongs to the
 * caller's trace. The span ends with the call's status, or as CANCELLED when the caller went away
 * first.
 */
export const traceServerCalls: ServerInterceptor = (descriptor, call) => {
  if (descriptor.path.startsWith(UNTRACED_PREFIX)) return new ServerInterceptingCall(call);
  const method = rpcMethod(descriptor.path);
  let span: RpcSpan | undefined;
  const end = (code: status, message?: string) => {
    span?.end(code, message);
    span = undefined;
  };
  // Plain listener and responder objects (what grpc-js's builders would make), per call.
  const listener: ServerListener = {
    onReceiveMetadata: (metadata, next) => {
      span = startRpcServerSpan(method, metadata);
      // A streaming request's handler starts here, a unary one's once the request is complete.
      context.with(span.context, next, undefined, metadata);
    },
    onReceiveHalfClose: (next) => {
      if (span) context.with(span.context, next);
      else next();
    },
    onCancel: () => end(status.CANCELLED, 'the caller cancelled the call'),
  };
  const responder: Responder = {
    start: (next) => next(listener),
    sendStatus: (sent, next) => {
      end(sent.code ?? status.UNKNOWN, sent.details);
      next(sent);
    },
  };
  return new ServerInterceptingCall(call, responder);
};
