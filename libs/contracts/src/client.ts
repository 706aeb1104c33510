import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { Observable } from 'rxjs';
import { HealthCheckResponse_ServingStatus } from './generated/grpc/health/v1/health';
import { GrpcCallError } from './grpc-call-error';
import {
  HEALTH,
  LOADER_OPTIONS,
  SERVICES,
  fullServiceName,
  protoPathsFor,
  type ServiceName,
} from './registry';
import { type ControllerOf, mayRepeat, RPC_KINDS, type RpcKind } from './rpc-kinds';
import { type RpcMethod, rpcMethod, startRpcClientSpan } from './rpc-spans';

export type { ControllerOf };

export interface CallOptions {
  /** overrides the client's default deadline for this call (a retry shares it) */
  deadlineMs?: number;
  /** request metadata; the client adds the trace context (traceparent) of each attempt */
  metadata?: grpc.Metadata;
}

// A unary handler may answer with a Promise, an Observable or a value; a server-streaming
// one only with an Observable, and a client-streaming one takes an Observable. Only unary
// methods have a one-shot promise form, so the others are left out of the client.
type UnaryCall<M> = M extends (request: infer Req, ...rest: never[]) => infer Res
  ? Req extends Observable<unknown>
    ? never
    : [Extract<Res, Promise<unknown>>] extends [never]
      ? never
      : (request: Req, options?: CallOptions) => Extract<Res, Promise<unknown>>
  : never;

/** Promise-returning client derived from a ts-proto controller interface (unary methods only). */
export type PromiseClient<Controller> = {
  [K in keyof Controller as UnaryCall<Controller[K]> extends never ? never : K]: UnaryCall<Controller[K]>;
};

export type HealthStatus = 'SERVING' | 'NOT_SERVING' | 'UNKNOWN' | 'SERVICE_UNKNOWN';

export interface ClientLifecycle {
  /** closes the channel; later calls fail */
  close(): void;
  /** resolves once the channel is connected; rejects with DEADLINE_EXCEEDED otherwise */
  waitForReady(deadlineMs: number): Promise<void>;
  /**
   * grpc.health.v1 Check of this service's fully qualified name (e.g. 'rates.v1.RatesService').
   * A server that does not know the name (NOT_FOUND) yields 'SERVICE_UNKNOWN'; an unreachable
   * server rejects with GrpcCallError (UNAVAILABLE or DEADLINE_EXCEEDED).
   */
  healthCheck(deadlineMs?: number): Promise<HealthStatus>;
}

export type ServiceClient<N extends ServiceName> = PromiseClient<ControllerOf<N>> & ClientLifecycle;

export interface ServiceClientOptions {
  /** 'host:port' (any grpc-js target) */
  target: string;
  /** default deadline of every call, in ms; 2000 when omitted */
  deadlineMs?: number;
  /**
   * retry a call exactly once when it fails with UNAVAILABLE, as far as RPC_KINDS allows (reads
   * always, writes only with their idempotency key); true when omitted. false: never retry.
   */
  retryUnavailable?: boolean;
  /** channel credentials; insecure (plaintext) when omitted */
  credentials?: grpc.ChannelCredentials;
  /**
   * admits each unary call before it is sent (a concurrency limit); none when omitted. Health
   * checks and waitForReady bypass it.
   */
  gate?: CallGate;
  /**
   * replaces the decoder of every read method's answer (RPC_KINDS): given the method's proto
   * decoder, returns the one the client uses. Writes' answers are always decoded as they are.
   */
  readAnswerDecoder?: (decode: (bytes: Buffer) => object) => (bytes: Buffer) => object;
}

/**
 * Decides when a call may be sent. `enter` resolves with a release function once the call may go
 * (the client calls it exactly once when the call, retry included, is over), or rejects, ideally
 * with a GrpcCallError: the call is then never sent and fails with that error.
 */
export interface CallGate {
  /** `deadline`: the call's absolute deadline (epoch ms); waiting for admission spends it. */
  enter(method: string, deadline: number): Promise<() => void>;
}

export const DEFAULT_DEADLINE_MS = 2000;

/**
 * Channel settings for calls between our own processes. gRPC's default reconnect backoff grows to
 * two minutes, so a gateway that once found a service down would keep failing long after the
 * service came back; capping it at 2 s lets callers recover within a few page loads. Keepalive
 * pings during calls notice a dead peer (a killed pod) without waiting for a TCP timeout; none are
 * sent on idle channels, which servers' default ping policy would punish.
 *
 * All calls to one service share one HTTP/2 connection, whose receive window is 64 KiB by default:
 * a few page answers (an article is tens of kilobytes) fill it, and the service then waits for the
 * caller's WINDOW_UPDATE, which a busy caller sends only when its event loop comes round. A window
 * of FLOW_CONTROL_WINDOW_BYTES lets a service send every answer of a busy moment at once; it bounds
 * what one connection may buffer unread.
 */
export const FLOW_CONTROL_WINDOW_BYTES = 8 * 1024 * 1024;

export const CHANNEL_OPTIONS: grpc.ChannelOptions = {
  'grpc.initial_reconnect_backoff_ms': 250,
  'grpc.max_reconnect_backoff_ms': 2_000,
  'grpc.keepalive_time_ms': 30_000,
  'grpc.keepalive_timeout_ms': 5_000,
  'grpc-node.flow_control_window': FLOW_CONTROL_WINDOW_BYTES,
};

type UnaryCallback = (error: grpc.ServiceError | null, response?: unknown) => void;
type RawUnaryMethod = (
  request: unknown,
  metadata: grpc.Metadata,
  options: grpc.CallOptions,
  callback: UnaryCallback,
) => grpc.ClientUnaryCall;

const packageDefinitions = new Map<ServiceName, protoLoader.PackageDefinition>();

function packageDefinition(name: ServiceName): protoLoader.PackageDefinition {
  let definition = packageDefinitions.get(name);
  if (!definition) {
    definition = protoLoader.loadSync(protoPathsFor(name), LOADER_OPTIONS);
    packageDefinitions.set(name, definition);
  }
  return definition;
}

/** The definition with each read method's answer decoded by what `decoderFor` makes of its own. */
function withReadAnswerDecoder(
  name: ServiceName,
  definition: protoLoader.PackageDefinition,
  decoderFor: NonNullable<ServiceClientOptions['readAnswerDecoder']>,
): protoLoader.PackageDefinition {
  const service = definition[fullServiceName(name)] as protoLoader.ServiceDefinition;
  const kinds = RPC_KINDS[name] as Partial<Record<string, RpcKind>>;
  const methods: protoLoader.ServiceDefinition = {};
  for (const [rpcName, method] of Object.entries(service)) {
    methods[rpcName] =
      kinds[rpcName] === 'read' && !method.responseStream
        ? {
            ...method,
            responseDeserialize: decoderFor(method.responseDeserialize),
          }
        : method;
  }
  return { ...definition, [fullServiceName(name)]: methods };
}

function lookupConstructor(root: grpc.GrpcObject, qualifiedName: string): grpc.ServiceClientConstructor {
  let node: unknown = root;
  for (const part of qualifiedName.split('.')) {
    node = (node as Record<string, unknown> | undefined)?.[part];
  }
  if (typeof node !== 'function' || !('service' in node)) {
    throw new Error(`service ${qualifiedName} is not defined by the loaded proto files`);
  }
  return node as grpc.ServiceClientConstructor;
}

function assertPositive(value: number, what: string): void {
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${what} must be a positive number of milliseconds, got ${value}`);
  }
}

function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

function servingStatusName(status: number): HealthStatus {
  switch (status as HealthCheckResponse_ServingStatus) {
    case HealthCheckResponse_ServingStatus.SERVING:
      return 'SERVING';
    case HealthCheckResponse_ServingStatus.NOT_SERVING:
      return 'NOT_SERVING';
    case HealthCheckResponse_ServingStatus.SERVICE_UNKNOWN:
      return 'SERVICE_UNKNOWN';
    case HealthCheckResponse_ServingStatus.UNKNOWN:
      return 'UNKNOWN';
    default:
      return 'UNKNOWN';
  }
}

/**
 * One attempt of a unary call. With `traced`, the attempt has a client span of that method and
 * carries its trace in `metadata`; health checks have none (probes every few seconds would drown
 * real calls in traces).
 */
function callOnce(
  client: grpc.Client,
  method: RawUnaryMethod,
  request: unknown,
  metadata: grpc.Metadata,
  deadline: number,
  traced?: RpcMethod,
): Promise<unknown> {
  const span = traced === undefined ? undefined : startRpcClientSpan(traced, metadata);
  return new Promise((resolve, reject) => {
    try {
      method.call(client, request, metadata, { deadline }, (error, response) => {
        if (error) {
          span?.end(error.code, error.details);
          reject(error);
        } else {
          span?.end(grpc.status.OK);
          resolve(response);
        }
      });
    } catch (error) {
      // grpc-js throws synchronously for a closed channel or an unserialisable request.
      span?.end(grpc.status.INTERNAL, error instanceof Error ? error.message : String(error));
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

function isUnavailable(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === grpc.status.UNAVAILABLE;
}

/**
 * Creates a promise-based client for one of the five services. Methods are lowerCamelCase
 * (getPage, listOffers, ...) and take (request, callOptions?). Every call has a deadline
 * (default 2000 ms). A call that fails with UNAVAILABLE is sent once more within that same
 * deadline when repeating it cannot store anything twice (RPC_KINDS): reads always, writes only
 * when they carry their idempotency key (IngestEvents: an ingest id on every event), other writes
 * never. Failures reject with GrpcCallError. Each attempt has a client span (rpc-spans.ts), child
 * of the caller's active context, and carries its trace to the server in its metadata. With
 * `gate`, a call first waits for admission (within its deadline) and is not sent at all when the
 * gate refuses it.
 */
export function createServiceClient<N extends ServiceName>(
  name: N,
  opts: ServiceClientOptions,
): ServiceClient<N> {
  const descriptor = SERVICES[name] as (typeof SERVICES)[ServiceName] | undefined;
  if (!descriptor) throw new Error(`unknown service '${String(name)}'`);
  if (!opts.target) throw new Error(`createServiceClient('${name}'): target is required`);
  const defaultDeadlineMs = opts.deadlineMs ?? DEFAULT_DEADLINE_MS;
  assertPositive(defaultDeadlineMs, `createServiceClient('${name}'): deadlineMs`);
  const retryUnavailable = opts.retryUnavailable ?? true;
  const credentials = opts.credentials ?? grpc.credentials.createInsecure();

  const root = grpc.loadPackageDefinition(
    opts.readAnswerDecoder
      ? withReadAnswerDecoder(name, packageDefinition(name), opts.readAnswerDecoder)
      : packageDefinition(name),
  );
  const Service = lookupConstructor(root, fullServiceName(name));
  const Health = lookupConstructor(root, `${HEALTH.package}.${HEALTH.service}`);
  const client = new Service(opts.target, credentials, CHANNEL_OPTIONS);
  const healthClient = new Health(opts.target, credentials, { channelOverride: client.getChannel() });

  const api: Record<string, unknown> = {};
  for (const [rpcName, definition] of Object.entries(Service.service)) {
    if (definition.requestStream || definition.responseStream) continue;
    const method = (client as unknown as Record<string, RawUnaryMethod>)[rpcName];
    if (typeof method !== 'function') continue;
    const methodPath = definition.path.replace(/^\//, '');
    const traced = rpcMethod(methodPath);
    const kind = (RPC_KINDS[name] as Partial<Record<string, RpcKind>>)[rpcName];
    api[lowerFirst(rpcName)] = async (request: unknown, callOptions?: CallOptions): Promise<unknown> => {
      const deadlineMs = callOptions?.deadlineMs ?? defaultDeadlineMs;
      assertPositive(deadlineMs, `${methodPath}: deadlineMs`);
      const deadline = Date.now() + deadlineMs;
      // Each attempt gets metadata of its own (its span's trace is written into it); a
      // caller's is copied, never changed, and without one no copy is made at all.
      const metadataOfAttempt = () => callOptions?.metadata?.clone() ?? new grpc.Metadata();
      let release: (() => void) | undefined;
      try {
        release = await opts.gate?.enter(methodPath, deadline);
      } catch (error) {
        throw GrpcCallError.from(error, methodPath);
      }
      try {
        try {
          return await callOnce(client, method, request, metadataOfAttempt(), deadline, traced);
        } catch (error) {
          if (
            !retryUnavailable ||
            !isUnavailable(error) ||
            Date.now() >= deadline ||
            !mayRepeat(kind, request)
          ) {
            throw GrpcCallError.from(error, methodPath);
          }
        }
        // The retry keeps the admission of the first attempt: it replaces that call, it adds none.
        try {
          return await callOnce(client, method, request, metadataOfAttempt(), deadline, traced);
        } catch (error) {
          throw GrpcCallError.from(error, methodPath);
        }
      } finally {
        release?.();
      }
    };
  }

  const lifecycle: ClientLifecycle = {
    close: () => client.close(),
    waitForReady: (deadlineMs) =>
      new Promise<void>((resolve, reject) => {
        assertPositive(deadlineMs, 'waitForReady deadlineMs');
        client.waitForReady(Date.now() + deadlineMs, (error) => {
          if (!error) {
            resolve();
            return;
          }
          reject(
            new GrpcCallError({
              code: grpc.status.DEADLINE_EXCEEDED,
              details: `${opts.target} not ready within ${deadlineMs} ms (${error.message})`,
              method: fullServiceName(name),
              cause: error,
            }),
          );
        });
      }),
    healthCheck: async (deadlineMs = defaultDeadlineMs) => {
      assertPositive(deadlineMs, 'healthCheck deadlineMs');
      const check = (healthClient as unknown as Record<string, RawUnaryMethod>)['Check'];
      if (!check) throw new Error('grpc.health.v1.Health/Check is missing from the loaded proto');
      try {
        const response = await callOnce(
          healthClient,
          check,
          { service: fullServiceName(name) },
          new grpc.Metadata(),
          Date.now() + deadlineMs,
        );
        return servingStatusName((response as { status: number }).status);
      } catch (error) {
        if ((error as { code?: unknown }).code === grpc.status.NOT_FOUND) return 'SERVICE_UNKNOWN';
        throw GrpcCallError.from(error, `${HEALTH.package}.${HEALTH.service}/Check`);
      }
    },
  };

  return Object.assign(api, lifecycle) as unknown as ServiceClient<N>;
}
