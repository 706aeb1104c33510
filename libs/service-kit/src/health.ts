import { type ReadinessCheck, type Logger } from '@lib/observability';
import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';

export type ServingStatus = 'SERVING' | 'NOT_SERVING';

/**
 * The grpc.health.v1 service name of the process itself: SERVING whenever the gRPC server answers,
 * whatever the dependencies do. Liveness and startup probes ask for it (a PostgreSQL outage must
 * make pods unready, never restart them); readiness probes ask for '' or the service's full name.
 */
export const LIVENESS_SERVICE = 'liveness';

/**
 * The serving status reported by grpc.health.v1 for the whole server ('') and for the service's own
 * full name. It is NOT_SERVING until every dependency check passes, follows them while running, and
 * is pinned to NOT_SERVING once shutdown begins so balancers drain us first.
 */
export class HealthState {
  private readonly status$ = new BehaviorSubject<ServingStatus>('NOT_SERVING');
  private timer: NodeJS.Timeout | undefined;
  private draining = false;
  private lastFailure = '';

  constructor(
    readonly serviceNames: readonly string[],
    private readonly checks: readonly ReadinessCheck[],
    private readonly logger: Logger,
  ) {}

  get current(): ServingStatus {
    return this.status$.value;
  }

  knows(service: string): boolean {
    return service === '' || service === LIVENESS_SERVICE || this.serviceNames.includes(service);
  }

  watch(): Observable<ServingStatus> {
    return this.status$.pipe(distinctUntilChanged());
  }

  /** Runs every check once (each with its own timeout) and updates the status. */
  async probe(): Promise<ServingStatus> {
    if (this.draining) return 'NOT_SERVING';
    const results = await Promise.allSettled(
      this.checks.map((c) => withTimeout(c.check(), c.timeoutMs ?? 1000, c.name)),
    );
    const failures = results.flatMap((r, i) =>
      r.status === 'rejected'
        ? [`${this.checks[i]?.name}: ${String((r.reason as Error)?.message ?? r.reason)}`]
        : [],
    );
    const next: ServingStatus = failures.length === 0 ? 'SERVING' : 'NOT_SERVING';
    const failure = failures.join('; ');
    if (next !== this.status$.value || failure !== this.lastFailure) {
      if (next === 'SERVING') this.logger.info('dependencies reachable: SERVING');
      else this.logger.warn({ failures }, 'dependency check failed: NOT_SERVING');
    }
    this.lastFailure = failure;
    if (!this.draining) this.status$.next(next);
    return next;
  }

  start(intervalMs: number): void {
    const tick = () => {
      void this.probe().finally(() => {
        if (!this.draining) this.timer = setTimeout(tick, intervalMs);
      });
    };
    tick();
  }

  drain(): void {
    this.draining = true;
    if (this.timer) clearTimeout(this.timer);
    this.status$.next('NOT_SERVING');
  }

  stop(): void {
    this.drain();
    this.status$.complete();
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
