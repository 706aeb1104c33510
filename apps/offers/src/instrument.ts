// Loaded first by main.ts: the environment is validated here, once for the whole process, and
// OpenTelemetry must patch grpc, http, pg and ioredis before anything requires them.
import { loadConfigOrExit } from '@lib/config';
import { startTelemetry } from '@lib/observability';
import { offersConfigSchema } from './offers.config';

export const config = loadConfigOrExit(offersConfigSchema);

startTelemetry({ serviceName: 'offers', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
