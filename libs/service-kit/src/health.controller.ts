import { Controller, Inject } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { healthV1 } from '@lib/contracts';
import { map, type Observable, of } from 'rxjs';
import { notFound } from './errors';
import { HealthState, LIVENESS_SERVICE, type ServingStatus } from './health';
import { HEALTH_STATE } from './tokens';

const { HealthCheckResponse_ServingStatus: Serving } = healthV1;

/** grpc.health.v1.Health, as Kubernetes gRPC probes and grpc-health-probe expect it. */
@Controller()
export class HealthController {
  constructor(@Inject(HEALTH_STATE) private readonly health: HealthState) {}

  @GrpcMethod('Health', 'Check')
  check(request: healthV1.HealthCheckRequest): healthV1.HealthCheckResponse {
    const service = request.service ?? '';
    if (!this.health.knows(service)) throw notFound('service', service);
    return { status: toServing(service === LIVENESS_SERVICE ? 'SERVING' : this.health.current) };
  }

  @GrpcMethod('Health', 'Watch')
  watch(request: healthV1.HealthCheckRequest): Observable<healthV1.HealthCheckResponse> {
    const service = request.service ?? '';
    if (!this.health.knows(service)) return of({ status: Serving.SERVICE_UNKNOWN });
    if (service === LIVENESS_SERVICE) return of({ status: Serving.SERVING });
    return this.health.watch().pipe(map((s) => ({ status: toServing(s) })));
  }
}

const toServing = (s: ServingStatus) => (s === 'SERVING' ? Serving.SERVING : Serving.NOT_SERVING);
