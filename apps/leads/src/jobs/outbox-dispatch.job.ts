import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit, Optional } from '@nestjs/common';
import { runExclusive } from '@lib/database';
import { type Logger } from '@lib/observability';
import { LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { DataSource } from 'typeorm';
import { DeliveryDispatch } from '../application/delivery-dispatch';
import { MessageOutbox } from '../application/message-outbox';
import { OutboxSignal } from '../application/outbox-signal';
import { type LeadsConfig } from '../leads.config';

/** The advisory lock that makes one dispatcher at a time across replicas. */
export const OUTBOX_DISPATCH_LOCK = 'leads:outbox-dispatch';

/**
 * Works the outboxes every LEADS_DISPATCH_INTERVAL_MS, and soon after a submit (`nudge`): due
 * deliveries to lenders, then due e-mails and SMS. One dispatcher in the deployment at a time (the
 * advisory lock; a replica that does not get it skips the pass); a pass already running is joined
 * and a nudge during it asks for one more pass, so nothing queued waits a full interval.
 */
@Injectable()
export class OutboxDispatchJob implements OnModuleInit, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private stopListening: (() => void) | undefined;

  constructor(
    private readonly deliveries: DeliveryDispatch,
    private readonly messages: MessageOutbox,
    private readonly queued: OutboxSignal,
    @Inject(SERVICE_CONFIG) private readonly config: LeadsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() @Inject(DataSource) private readonly dataSource?: DataSource,
  ) {}

  onModuleInit(): void {
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
        if (deliveries.attempted + messages.sent + messages.retried + messages.failed > 0)
          this.logger.debug({ deliveries, messages }, 'outbox pass');
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
