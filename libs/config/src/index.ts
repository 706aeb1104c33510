export { backoffDelay, type BackoffPolicy } from './backoff';
export {
  loadConfig,
  loadConfigOrExit,
  loadConfigOrUnready,
  exitsOnBadConfig,
  portOr,
  ConfigError,
} from './load-config';
export { env } from './env-fields';
export { serviceEnvSchema, SERVICE_PORTS, type ServiceEnv } from './service-env';
