// Loaded first by main.ts: OpenTelemetry must patch grpc, http, pg and ioredis before they are required.
import { startTelemetry } from '@lib/observability';

startTelemetry({ serviceName: 'events', otlpEndpoint: process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] || undefined });
