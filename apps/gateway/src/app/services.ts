import type { ServiceClient, ServiceName } from '@lib/contracts';

/** The gRPC clients route loaders call, one per backend service. */
export type GatewayServices = { [N in ServiceName]: ServiceClient<N> };
