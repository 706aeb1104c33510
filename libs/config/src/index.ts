export { loadConfig, loadConfigOrExit, ConfigError } from './load-config';
export { env } from './env-fields';
export { serviceEnvSchema, type ServiceEnv } from './service-env';
