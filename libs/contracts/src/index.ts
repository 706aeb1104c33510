// gRPC contracts of the five services: ts-proto types generated from proto/ (see
// tools/proto/generate.mjs), the loader settings every server and client shares, every RPC's kind
// (read or write, and how a write may be repeated), and a promise-based client factory with
// deadlines, one retry on UNAVAILABLE where that cannot store twice, and rich errors; the spans of
// gRPC calls, made by that client and by the services' call interceptor.
export * as commonV1 from './generated/common/v1/common';
export * as contentV1 from './generated/content/v1/content';
export * as offersV1 from './generated/offers/v1/offers';
export * as ratesV1 from './generated/rates/v1/rates';
export * as leadsV1 from './generated/leads/v1/leads';
export * as eventsV1 from './generated/events/v1/events';
export * as healthV1 from './generated/grpc/health/v1/health';

export {
  LOADER_OPTIONS,
  PROTO_ROOT,
  SERVICES,
  SERVICE_NAMES,
  HEALTH,
  fullServiceName,
  protoPathsFor,
  type ServiceName,
  type ServiceDescriptor,
} from './registry';
export {
  createServiceClient,
  DEFAULT_DEADLINE_MS,
  CHANNEL_OPTIONS,
  type CallGate,
  type CallOptions,
  type ClientLifecycle,
  type ControllerOf,
  type HealthStatus,
  type PromiseClient,
  type ServiceClient,
  type ServiceClientOptions,
} from './client';
export { RPC_KINDS, mayRepeat, writeRpcs, type RpcKind, type RpcKindsOf } from './rpc-kinds';
export { GrpcCallError, statusName } from './grpc-call-error';
export { rpcMethod, startRpcClientSpan, startRpcServerSpan, type RpcMethod, type RpcSpan } from './rpc-spans';
export {
  richStatusMetadata,
  parseRichStatus,
  STATUS_DETAILS_KEY,
  type ErrorDetailsInfo,
  type FieldViolation,
  type ResourceDetails,
  type RichStatus,
  type RichStatusInput,
} from './rich-status';
