import { LRUCache } from 'lru-cache';
import { VISIT_WINDOW_MS } from '../domain/article-views';
import { type FlushWriter, type RecordedView, type ViewCounter } from './view-counter';

/** Without Redis: pending counts and recent visits in this process (lost only if it is killed before a flush). */
export class MemoryViewCounter implements ViewCounter {
  readonly kind = 'memory' as const;
  private pending = new Map<string, number>();
  private readonly visits: LRUCache<string, true>;

  /**
   * `now` (milliseconds) is the clock the visit window is measured with; tests pass their own, read
   * on every check (lru-cache otherwise caches its clock for a millisecond).
   */
  constructor(opts: { now?: () => number } = {}) {
    const now = opts.now;
    this.visits = new LRUCache({
      max: 100_000,
      ttl: VISIT_WINDOW_MS,
      ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
    });
  }

  record(slug: string, sessionId: string | undefined): Promise<RecordedView> {
    if (sessionId !== undefined) {
      const visit = `${slug}\n${sessionId}`;
      if (this.visits.has(visit))
        return Promise.resolve({ counted: false, pending: this.pending.get(slug) ?? 0 });
      this.visits.set(visit, true);
    }
    const pending = (this.pending.get(slug) ?? 0) + 1;
    this.pending.set(slug, pending);
    return Promise.resolve({ counted: true, pending });
  }

  async flush(write: FlushWriter): Promise<number> {
    if (this.pending.size === 0) return 0;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await write(batch);
    } catch (error) {
      for (const [slug, count] of batch) this.pending.set(slug, (this.pending.get(slug) ?? 0) + count);
      throw error;
    }
    let total = 0;
    for (const count of batch.values()) total += count;
    return total;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
