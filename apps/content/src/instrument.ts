// Loaded first by main.ts: the environment is validated here, once for the whole process, and
// OpenTelemetry must patch grpc, http, pg and ioredis before anything requires them.
import { ConfigError, loadConfigOrUnready } from '@lib/config';
import { startTelemetry } from '@lib/observability';
import { contentConfigSchema } from './content.config';

// In a deployment an invalid environment leaves the process up and unready (runService), not exiting.
export const config = loadConfigOrUnready(contentConfigSchema);

if (!(config instanceof ConfigError))
  startTelemetry({ serviceName: 'content', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
