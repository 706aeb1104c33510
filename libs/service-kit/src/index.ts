export { runService, startService, OPS_PORT_DEFAULTS, type ServiceDefinition, type RunningService } from './run-service';
export {
  ServiceError,
  invalidArgument,
  notFound,
  unavailable,
  resourceExhausted,
  failedPrecondition,
  type FieldViolation,
} from './errors';
export { parseRequest } from './request-validation';
export { toGrpcError, isDatabaseUnavailable } from './grpc-error';
export { HealthState, type ServingStatus } from './health';
export { CACHE, LOGGER, SERVICE_CONFIG, HEALTH_STATE } from './tokens';
export { GrpcService } from './grpc-service.decorator';
