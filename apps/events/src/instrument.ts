// Loaded first by main.ts: the environment is validated here, once for the whole process, and
// OpenTelemetry must patch grpc, http, pg and ioredis before anything requires them.
import { loadConfigOrExit } from '@lib/config';
import { startTelemetry } from '@lib/observability';
import { eventsConfigSchema } from './events.config';

export const config = loadConfigOrExit(eventsConfigSchema);

startTelemetry({ serviceName: 'events', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
