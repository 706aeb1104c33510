export {
  setHttpRoute,
  startTelemetry,
  shutdownTelemetry,
  type Telemetry,
  type TelemetryOptions,
} from './telemetry';
export {
  bindToRequestContext,
  requestPath,
  traceServerRequests,
  untracedRequests,
  type RequestListener,
  type ServerSpanOptions,
} from './server-spans';
export { createLogger, REDACTED_PATHS, type Logger, type LoggerOptions } from './logger';
export { NestPinoLogger } from './nest-logger';
export { createMetricsRegistry } from './metrics';
export {
  runCheck,
  runChecks,
  DEFAULT_CHECK_TIMEOUT_MS,
  type ReadinessCheck,
  type CheckOutcome,
} from './readiness';
export { startOpsServer, type OpsServer, type OpsServerOptions } from './ops-server';
export { startUnreadyServer, type UnreadyServer, type UnreadyServerOptions } from './unready-server';
export { listenHttp, type ListeningHttpServer } from './listen-http';
