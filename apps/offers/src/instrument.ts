// Loaded first by main.ts: the environment is validated here, once for the whole process, and
// OpenTelemetry must patch grpc, http, pg and ioredis before anything requires them.
import { ConfigError, loadConfigOrUnready } from '@lib/config';
import { startTelemetry } from '@lib/observability';
import { offersConfigSchema } from './offers.config';

// In a deployment an invalid environment leaves the process up and unready (runService), not exiting.
export const config = loadConfigOrUnready(offersConfigSchema);

if (!(config instanceof ConfigError))
  startTelemetry({ serviceName: 'offers', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
