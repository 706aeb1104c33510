// Loaded first by main.ts: OpenTelemetry must patch http, express and grpc before they load.
import { loadConfigOrExit } from '@lib/config';
import { startTelemetry } from '@lib/observability';
import { gatewayEnvSchema } from './config';

// React and Express pick their code paths from NODE_ENV when first loaded; unset means a real
// deployment, not React's development build (several times slower, with extra checks).
if (!process.env['NODE_ENV']) process.env['NODE_ENV'] = 'production';

const { OTEL_EXPORTER_OTLP_ENDPOINT } = loadConfigOrExit(gatewayEnvSchema);

export const telemetry = startTelemetry({
  serviceName: 'gateway',
  ...(OTEL_EXPORTER_OTLP_ENDPOINT ? { otlpEndpoint: OTEL_EXPORTER_OTLP_ENDPOINT } : {}),
});
