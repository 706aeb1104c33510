export { loadConfig, loadConfigOrExit, ConfigError } from './load-config';
export { env } from './env-fields';
export { serviceEnvSchema, SERVICE_PORTS, type ServiceEnv } from './service-env';
