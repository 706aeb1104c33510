import { type Logger } from '@lib/observability';
import { type DataSource } from 'typeorm';
import { runExclusive } from './exclusive';

export interface ScheduledWorkOptions<T> {
  /** The work in words, for its log lines (`<name> failed; the next run tries again`). */
  name: string;
  /** Time between two runs of the schedule; its first run is one interval after `start()`. */
  everyMs: number;
  /** One run. Its failure is logged, never thrown: the next run is the retry. */
  work: () => Promise<T>;
  logger: Logger;
  /**
   * With both: each run takes this advisory lock through `runExclusive`, so one replica of those
   * sharing the database runs it at a time. Without a DataSource (unit tests) every run goes ahead;
   * work that is harmless when replicas repeat it needs no lock.
   */
  lockName?: string;
  dataSource?: DataSource;
  /** Replaces `<name> runs on another replica; skipped here`, to keep a wording logs are searched for. */
  skippedMessage?: string;
  /** Replaces `<name> failed; the next run tries again`, to keep a wording logs are searched for. */
  failedMessage?: string;
}

/**
 * Work repeated every `everyMs` inside a service, for as long as the service runs. Runs never
 * overlap in this process (a run asked for while one is going joins it) and, with a lock, nor
 * across replicas (a replica that does not get the lock skips the run and says so at debug: the
 * holder is doing the same work). A failed run is logged at warn with the error as `err` and the
 * schedule goes on. `stop()` ends the schedule and waits for the run going, so shutdown never
 * closes the database under it.
 */
export class ScheduledWork<T> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T | undefined> | undefined;
  private again = false;
  private stopped = false;

  constructor(private readonly options: ScheduledWorkOptions<T>) {}

  /** Starts the schedule; once started or stopped, later calls change nothing. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.runOnce(), this.options.everyMs);
    // The schedule alone never keeps the process alive.
    this.timer.unref();
  }

  /**
   * One run now, or the run already going: the work's value, or undefined when the run was skipped
   * (another replica holds the lock) or failed. `work` replaces the scheduled work for this run only
   * (e.g. a test's fixed clock); a run already going is joined as it is.
   */
  runOnce(work: () => Promise<T> = this.options.work): Promise<T | undefined> {
    this.running ??= this.run(work).finally(() => {
      this.running = undefined;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.runOnce();
      }
    });
    return this.running;
  }

  /**
   * Asks for a run soon after something was queued for the work: one starts now, or, when one is
   * going, one more follows it, since the run going may already have passed what was queued.
   * Several asks during one run make one more run, not several.
   */
  requestRun(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else void this.runOnce();
  }

  /** Ends the schedule (no more ticks nor requested runs) and waits for the run going, if any. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async run(work: () => Promise<T>): Promise<T | undefined> {
    const { name, lockName, dataSource, logger } = this.options;
    try {
      if (!lockName || !dataSource) return await work();
      const run = await runExclusive(dataSource, lockName, work);
      if (run.ran) return run.value;
      logger.debug(this.options.skippedMessage ?? `${name} runs on another replica; skipped here`);
    } catch (error) {
      logger.warn({ err: error }, this.options.failedMessage ?? `${name} failed; the next run tries again`);
    }
    return undefined;
  }
}
