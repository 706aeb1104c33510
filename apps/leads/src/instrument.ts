// Loaded first by main.ts: the environment is validated here, once for the whole process, and
// OpenTelemetry must patch grpc, http, pg and ioredis before anything requires them.
import { loadConfigOrExit } from '@lib/config';
import { startTelemetry } from '@lib/observability';
import { leadsConfigSchema } from './leads.config';

export const config = loadConfigOrExit(leadsConfigSchema);

startTelemetry({ serviceName: 'leads', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
