// Loaded first by main.ts: the environment is validated here, once for the whole process, and
// OpenTelemetry must patch grpc, http, pg and ioredis before anything requires them.
import { loadConfigOrExit } from '@lib/config';
import { startTelemetry } from '@lib/observability';
import { contentConfigSchema } from './content.config';

export const config = loadConfigOrExit(contentConfigSchema);

startTelemetry({ serviceName: 'content', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
