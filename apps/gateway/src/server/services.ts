import { SERVICE_NAMES, type ServiceName, createServiceClient } from '@lib/contracts';
import { type GatewayServices } from '../app/services';
import { type GatewayConfig } from './config';

const ADDRESS_VARIABLE: Record<ServiceName, keyof GatewayConfig> = {
  content: 'CONTENT_SERVICE_ADDR',
  offers: 'OFFERS_SERVICE_ADDR',
  rates: 'RATES_SERVICE_ADDR',
  leads: 'LEADS_SERVICE_ADDR',
  events: 'EVENTS_SERVICE_ADDR',
};

/** One client per service, each call with GRPC_DEADLINE_MS and one retry on UNAVAILABLE. */
export function createGatewayServices(config: GatewayConfig): GatewayServices {
  const client = <N extends ServiceName>(name: N) =>
    createServiceClient(name, {
      target: String(config[ADDRESS_VARIABLE[name]]),
      deadlineMs: config.GRPC_DEADLINE_MS,
      retryUnavailable: true,
    });
  return {
    content: client('content'),
    offers: client('offers'),
    rates: client('rates'),
    leads: client('leads'),
    events: client('events'),
  };
}

export function closeGatewayServices(services: GatewayServices): void {
  for (const name of SERVICE_NAMES) services[name].close();
}
