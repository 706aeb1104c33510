import { type CallHandler, type ExecutionContext, type NestInterceptor, type Type } from '@nestjs/common';
import { status } from '@grpc/grpc-js';
import { type Logger } from '@lib/observability';
import { type Histogram } from 'prom-client';
import { type Observable, tap } from 'rxjs';
import { CallDeadline } from './call-deadline';
import { ServiceError, unavailable } from './errors';
import { toGrpcError } from './grpc-error';

/**
 * Wraps every gRPC handler: does not start a call whose caller has already given up (deadline
 * passed while it waited in a queue or a stalled process, or cancelled): it answers
 * DEADLINE_EXCEEDED without running the handler, so a write the caller was told had failed is
 * never made behind its back. Refuses calls with UNAVAILABLE while the schema is not migrated yet
 * (so callers retry instead of reading a half-built database), and records call latency by method
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
    const end = this.histogram.startTimer({ method });
    const finish = (code: status) => {
      const seconds = end({ code: status[code] });
      this.logger.debug({ method, code: status[code], ms: Math.round(seconds * 1000) }, 'gRPC call');
    };
    // NestJS hands a gRPC handler (request, metadata, call); the call carries deadline and cancellation.
    const deadline = CallDeadline.of(context.getArgByIndex(2));
    if (deadline.expired) {
      const code = deadline.remainingMs() <= 0 ? status.DEADLINE_EXCEEDED : status.CANCELLED;
      finish(code);
      throw new ServiceError(code, 'the caller gave up before the call started: not run', {
        reason: status[code],
      });
    }
    if (!this.alwaysOpen.has(context.getClass()) && !this.isReady()) {
      finish(status.UNAVAILABLE);
      throw unavailable('service is starting: storage not ready yet');
    }
    return next.handle().pipe(
      tap({
        complete: () => finish(status.OK),
        error: (error: unknown) => finish(toGrpcError(error, this.domain).error.code),
      }),
    );
  }
}
