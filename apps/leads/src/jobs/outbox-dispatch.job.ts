import { Inject, Injectable, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { ScheduledWork } from '@lib/database';
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
  private readonly schedule: ScheduledWork<void>;
  private stopped = false;
  private stopListening: (() => void) | undefined;

  constructor(
    private readonly deliveries: DeliveryDispatch,
    private readonly messages: MessageOutbox,
    private readonly streamEvents: StreamEventDispatch,
    private readonly queued: OutboxSignal,
    @Inject(SERVICE_CONFIG) config: LeadsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() @Inject(DataSource) dataSource?: DataSource,
  ) {
    this.schedule = new ScheduledWork({
      name: 'outbox pass',
      skippedMessage: 'the outbox is dispatched by another replica; skipped here',
      failedMessage: 'outbox pass failed; the next one tries again',
      lockName: OUTBOX_DISPATCH_LOCK,
      dataSource,
      everyMs: config.LEADS_DISPATCH_INTERVAL_MS,
      logger,
      work: () => this.pass(),
    });
  }

  /**
   * Starts the schedule and the wake-ups: called once the schema is migrated (onDatabaseReady), so
   * no pass looks for tables that are not there yet.
   */
  start(): void {
    if (this.stopListening || this.stopped) return;
    this.schedule.start();
    this.stopListening = this.queued.listen(() => this.nudge());
  }

  /** Asks for a pass now (after a write queued something). */
  nudge(): void {
    this.schedule.requestRun();
  }

  /** One pass (what tests call); a pass already going is joined. */
  runOnce(): Promise<void> {
    return this.schedule.runOnce();
  }

  private async pass(): Promise<void> {
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
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.stopListening?.();
    await this.schedule.stop();
  }
}
