/** Nest token of the ViewCounter the service counts with (view-counter.provider.ts picks it). */
export const VIEW_COUNTER = Symbol('VIEW_COUNTER');

export interface RecordedView {
  /** False when this session's visit to the article was already counted. */
  counted: boolean;
  /** Views counted here and not yet written to PostgreSQL. */
  pending: number;
}

/** Writes a batch of counts (slug → views to add) to the store of record; rejects to keep them pending. */
export type FlushWriter = (counts: ReadonlyMap<string, number>) => Promise<void>;

/**
 * Counts article views between flushes to PostgreSQL: Redis when configured (shared by every replica),
 * otherwise this process's memory. Counting is cheap and never touches the database.
 */
export interface ViewCounter {
  readonly kind: 'redis' | 'memory';
  record(slug: string, sessionId: string | undefined): Promise<RecordedView>;
  /** Hands all pending counts to write; counts it fails to write stay pending for the next flush. */
  flush(write: FlushWriter): Promise<number>;
  close(): Promise<void>;
}
