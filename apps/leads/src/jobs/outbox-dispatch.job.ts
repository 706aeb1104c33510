import { Inject, Injectable, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { runExclusive } from '@lib/database';
import { type Logger } from '@lib/observability';
import { LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { DataSource } from 'typeorm';
import { DeliveryDispatch } from '../application/delivery-dispatch';
import { MessageOutbox } from '../application/message-outbox';
import { OutboxSignal } from '../application/outbox-signal';
import { StreamEventDispatch } from '../application/stream-event-dispatch';
import { type LeadsConfig } from '../leads.config';

/** The advisory lock that makes one dispatcher at a time across replicas. */
export const OUTBOX_DISPATCH_LOCK = 'leads:outbox-dispatch';

/**
 * Works the outboxes every LEADS_DISPATCH_INTERVAL_MS, and soon after a submit (`nudge`): due
 * deliveries to lenders, then due e-mails and SMS, then the analysts' stream events (last, so the
 * events the deliveries of this pass recorded go out in it). One dispatcher in the deployment at a
 * time (the advisory lock; a replica that does not get it skips the pass); a pass already running
 * is joined and a nudge during it asks for one more pass, so nothing queued waits a full interval.
 */
@Injectable()
export class OutboxDispatchJob implements OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private stopListening: (() => void) | undefined;

  constructor(
    private readonly deliveries: DeliveryDispatch,
    private readonly messages: MessageOutbox,
    private readonly streamEvents: StreamEventDispatch,
    private readonly queued: OutboxSignal,
    @Inject(SERVICE_CONFIG) private readonly config: LeadsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() @Inject(DataSource) private readonly dataSource?: DataSource,
  ) {}

  /**
   * Starts the schedule and the wake-ups: called once the schema is migrated (onDatabaseReady), so
   * no pass looks for tables that are not there yet.
   */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.runOnce(), this.config.LEADS_DISPATCH_INTERVAL_MS);
    this.timer.unref();
    this.stopListening = this.queued.listen(() => this.nudge());
  }

  /** Asks for a pass now (after a write queued something). */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else void this.runOnce();
  }

  /** One pass (what tests call); a pass already going is joined. */
  runOnce(): Promise<void> {
    this.running ??= this.work().finally(() => {
      this.running = undefined;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.runOnce();
      }
    });
    return this.running;
  }

  private async work(): Promise<void> {
    try {
      const pass = async () => {
        const deliveries = await this.deliveries.dispatchDue();
        const messages = await this.messages.sendDue();
        const events = await this.streamEvents.publishDue();
        if (
          deliveries.attempted +
            messages.sent +
            messages.retried +
            messages.failed +
            events.published +
            events.retried +
            events.refused >
          0
        )
          this.logger.debug({ deliveries, messages, events }, 'outbox pass');
      };
      if (!this.dataSource) return await pass();
      const run = await runExclusive(this.dataSource, OUTBOX_DISPATCH_LOCK, pass);
      if (!run.ran) this.logger.debug('the outbox is dispatched by another replica; skipped here');
    } catch (error) {
      this.logger.warn({ err: error }, 'outbox pass failed; the next one tries again');
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.stopListening?.();
    clearInterval(this.timer);
    await this.running;
  }
}
