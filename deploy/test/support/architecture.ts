/** Ports of ARCHITECTURE.md: gRPC 50051-50055, metrics/health 9464 + n, gateway 3000 (ops 9464). */
export const SERVICE_PORTS = {
  content: { grpc: 50051, ops: 9465 },
  offers: { grpc: 50052, ops: 9466 },
  rates: { grpc: 50053, ops: 9467 },
  leads: { grpc: 50054, ops: 9468 },
  events: { grpc: 50055, ops: 9469 },
} as const;

export type ServiceName = keyof typeof SERVICE_PORTS;
export const SERVICE_NAMES = Object.keys(SERVICE_PORTS) as ServiceName[];
export const APP_NAMES = [...SERVICE_NAMES, 'gateway'] as const;
export const GATEWAY_PORT = 3000;
/** The gateway's ops port: /metrics and the detailed /readyz, never on the public port. */
export const GATEWAY_OPS_PORT = 9464;
