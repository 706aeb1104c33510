import { Injectable } from '@nestjs/common';
import { type IngestionKind } from '../domain/ingestion-schedule';

interface Attempts {
  lastSuccessAt?: string;
  lastFailureAt?: string;
  lastError?: string;
}

/** What the scheduled fetches last did, per kind, for /readyz details and the staleness metric. */
@Injectable()
export class IngestionStatus {
  private readonly attempts = new Map<IngestionKind, Attempts>();
  /** Set once the schema is migrated and the shipped data loaded: the data lag can be read from then on. */
  dataLoaded = false;

  succeeded(kind: IngestionKind, at: Date): void {
    this.attempts.set(kind, { ...this.attempts.get(kind), lastSuccessAt: at.toISOString() });
  }

  failed(kind: IngestionKind, at: Date, error: unknown): void {
    this.attempts.set(kind, {
      ...this.attempts.get(kind),
      lastFailureAt: at.toISOString(),
      lastError: error instanceof Error ? error.message : String(error),
    });
  }

  of(kind: IngestionKind): Attempts {
    return { ...this.attempts.get(kind) };
  }
}
