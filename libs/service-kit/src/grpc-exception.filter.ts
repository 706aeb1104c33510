import { type ArgumentsHost, Catch, type RpcExceptionFilter } from '@nestjs/common';
import { type Logger } from '@lib/observability';
import { type Observable, throwError } from 'rxjs';
import { toGrpcError } from './grpc-error';

@Catch()
export class GrpcExceptionFilter implements RpcExceptionFilter<unknown> {
  constructor(
    private readonly logger: Logger,
    private readonly domain: string,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): Observable<never> {
    const { error, unexpected } = toGrpcError(exception, this.domain);
    const method = host.getArgByIndex<{ operationId?: string }>(2)?.operationId;
    if (unexpected)
      this.logger.error({ err: exception, grpcCode: error.code, method }, 'gRPC handler failed');
    else this.logger.debug({ grpcCode: error.code, method, message: error.message }, 'gRPC call rejected');
    return throwError(() => error);
  }
}
