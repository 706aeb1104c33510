import { type CallHandler, type ExecutionContext, type NestInterceptor, type Type } from '@nestjs/common';
import { status } from '@grpc/grpc-js';
import { type Logger } from '@lib/observability';
import { type Histogram } from 'prom-client';
import { type Observable, tap } from 'rxjs';
import { unavailable } from './errors';
import { toGrpcError } from './grpc-error';

/**
 * Wraps every gRPC handler: refuses calls with UNAVAILABLE while the schema is not migrated yet
 * (so callers retry instead of reading a half-built database) and records call latency by method
 * and final status code for Prometheus (and a debug log line, which carries the call's trace id).
 */
export class GrpcCallInterceptor implements NestInterceptor {
  constructor(
    private readonly histogram: Histogram<'method' | 'code'>,
    private readonly isReady: () => boolean,
    private readonly alwaysOpen: ReadonlySet<Type<unknown>>,
    private readonly domain: string,
    private readonly logger: Logger,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const method = `${context.getClass().name}.${context.getHandler().name}`;
    if (!this.alwaysOpen.has(context.getClass()) && !this.isReady()) {
      throw unavailable('service is starting: storage not ready yet');
    }
    const end = this.histogram.startTimer({ method });
    const finish = (code: status) => {
      const seconds = end({ code: status[code] });
      this.logger.debug({ method, code: status[code], ms: Math.round(seconds * 1000) }, 'gRPC call');
    };
    return next.handle().pipe(
      tap({
        complete: () => finish(status.OK),
        error: (error: unknown) => finish(toGrpcError(error, this.domain).error.code),
      }),
    );
  }
}
