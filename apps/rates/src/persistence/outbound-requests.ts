import { Injectable } from '@nestjs/common';

/** The service is stopping: an outbound request (or its pause before a retry) ended unfinished. */
export class OutboundStoppedError extends Error {
  constructor() {
    super('outbound requests stopped: the service is shutting down');
    this.name = 'OutboundStoppedError';
  }
}

/**
 * The one switch that ends the service's outbound HTTP (NBP, the banks' sources) when it stops. A
 * fetch retrying an unreachable source can take longer than the shutdown deadline; stopped here,
 * it ends at once and the scheduler's wait for its runs is short.
 */
@Injectable()
export class OutboundRequests {
  private readonly controller = new AbortController();

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  stop(): void {
    this.controller.abort(new OutboundStoppedError());
  }
}
