export {
  runService,
  startService,
  migrateStorage,
  MIGRATE_ONLY_FLAG,
  type ServiceDefinition,
  type RunningService,
} from './run-service';
export {
  ServiceError,
  invalidArgument,
  notFound,
  unavailable,
  resourceExhausted,
  failedPrecondition,
  unauthenticated,
  unimplemented,
  type FieldViolation,
} from './errors';
export { parseRequest } from './request-validation';
export { CallDeadline, deadlineExceeded, type Deadline } from './call-deadline';
export {
  slugField,
  optionalSlugField,
  pagePathField,
  optionalIdField,
  idField,
  pageRequestField,
  idempotencyKeyField,
  toPageInfo,
  MAX_PAGE_NUMBER,
  type PageSlice,
} from './request-fields';
export { toGrpcError, isDatabaseUnavailable } from './grpc-error';
export { HealthState, LIVENESS_SERVICE, type ServingStatus } from './health';
export { CACHE, LOGGER, SERVICE_CONFIG, HEALTH_STATE, METRICS_REGISTRY } from './tokens';
export { runUnconfigured, serveUnconfigured, type UnconfiguredService } from './unconfigured';
export {
  CLI_EXIT,
  CliFailure,
  CliUsageError,
  noArguments,
  type CliCommand,
  type CliContext,
  type CliOutput,
} from './cli/cli-command';
export { runCli, type CliRunOptions } from './cli/run-cli';
export { runCliProcess, type CliProcess } from './cli/run-cli-process';
export { openCliDatabase } from './cli/cli-database';
