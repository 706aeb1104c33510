// Loaded first by main.ts: the environment is validated here, once for the whole process, and
// OpenTelemetry must patch http, express and grpc before anything requires them.
import { ConfigError, loadConfigOrUnready } from '@lib/config';
import { startTelemetry } from '@lib/observability';
import { gatewayEnvSchema } from '../kit/config/gateway-config';

// React and Express pick their code paths from NODE_ENV when first loaded; unset means a real
// deployment, not React's development build (several times slower, with extra checks).
if (!process.env['NODE_ENV']) process.env['NODE_ENV'] = 'production';

// In a deployment an invalid environment leaves the process up and unready (main.ts), not exiting;
// except without its public origin, with which no link or origin check could be right: exit 78.
export const config = loadConfigOrUnready(gatewayEnvSchema, process.env, { stopsOn: ['PUBLIC_ORIGIN'] });

// The server spans are made by the app's own listener (createGatewayApp).
export const telemetry =
  config instanceof ConfigError
    ? undefined
    : startTelemetry({ serviceName: 'gateway', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
