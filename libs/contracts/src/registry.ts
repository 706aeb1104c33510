import path from 'node:path';
import type { Options } from '@grpc/proto-loader';

/**
 * Absolute path of the proto/ directory. The build copies proto/ to dist/proto, and
 * this file sits three levels below the workspace (or dist) root in both layouts:
 * libs/contracts/src -> proto, dist/libs/contracts/src -> dist/proto.
 */
export const PROTO_ROOT: string = path.resolve(__dirname, '../../../proto');

/**
 * How every server and client in the project turns protobuf messages into objects.
 * The generated interfaces (ts-proto, see tools/proto/buf.gen.services.yaml) describe
 * exactly this shape: camelCase keys, int64 as number, enums as numbers, every scalar
 * and repeated field present, unset sub-messages as null.
 */
export const LOADER_OPTIONS: Options = {
  keepCase: false,
  longs: Number,
  enums: Number,
  defaults: true,
  arrays: true,
  objects: true,
  oneofs: true,
  includeDirs: [PROTO_ROOT],
};

export type ServiceName = 'content' | 'offers' | 'rates' | 'leads' | 'events';

export interface ServiceDescriptor {
  /** protobuf package, e.g. 'rates.v1' */
  package: string;
  /** service name inside the package, e.g. 'RatesService' */
  service: string;
  /** proto file relative to PROTO_ROOT */
  protoFile: string;
}

export const SERVICES: Record<ServiceName, ServiceDescriptor> = {
  content: {
    package: 'content.v1',
    service: 'ContentService',
    protoFile: 'content/v1/content.proto',
  },
  offers: {
    package: 'offers.v1',
    service: 'OffersService',
    protoFile: 'offers/v1/offers.proto',
  },
  rates: {
    package: 'rates.v1',
    service: 'RatesService',
    protoFile: 'rates/v1/rates.proto',
  },
  leads: {
    package: 'leads.v1',
    service: 'LeadsService',
    protoFile: 'leads/v1/leads.proto',
  },
  events: {
    package: 'events.v1',
    service: 'EventsService',
    protoFile: 'events/v1/events.proto',
  },
};

export const HEALTH = {
  package: 'grpc.health.v1',
  service: 'Health',
  protoFile: 'grpc/health/v1/health.proto',
} as const;

export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

/** Fully qualified service name, e.g. 'rates.v1.RatesService' (also the name used in health checks). */
export function fullServiceName(name: ServiceName): string {
  const { package: pkg, service } = SERVICES[name];
  return `${pkg}.${service}`;
}

/** Absolute proto files a server of `name` must load: its own contract and grpc.health.v1. */
export function protoPathsFor(name: ServiceName): string[] {
  const descriptor = SERVICES[name] as ServiceDescriptor | undefined;
  if (!descriptor) {
    throw new Error(`unknown service '${String(name)}'; expected one of ${SERVICE_NAMES.join(', ')}`);
  }
  return [path.join(PROTO_ROOT, descriptor.protoFile), path.join(PROTO_ROOT, HEALTH.protoFile)];
}
