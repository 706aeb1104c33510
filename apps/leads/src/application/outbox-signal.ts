import { Injectable } from '@nestjs/common';

/**
 * Says "something was queued in an outbox": use cases raise it after their transaction commits,
 * the dispatcher job listens, so a new delivery or message goes out at once rather than at the
 * next scheduled pass (use cases know nothing of jobs).
 */
@Injectable()
export class OutboxSignal {
  private readonly listeners = new Set<() => void>();

  raise(): void {
    for (const listener of this.listeners) listener();
  }

  /** Returns the unsubscribe function. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
