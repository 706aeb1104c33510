import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ScheduledWork } from '@lib/database';
import { type Logger } from '@lib/observability';
import { LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { CLOCK, type Clock } from '../application/event-ingestion.use-cases';
import { type EventsConfig } from '../events.config';
import { TrackingEventsRepository } from '../persistence/tracking-events.repository';

const DAY_MS = 86_400_000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Keeps daily partitions of events.tracking_events ready: yesterday to EVENTS_PARTITION_DAYS_AHEAD
 * days ahead (UTC), at start (before the service reports ready) and every EVENTS_PARTITION_JOB_MS.
 * The sink also makes the day of any event it writes, so an event is never refused for its day.
 * Each run also applies EVENTS_RETENTION_DAYS (one replica at a time: see dropPartitionsBefore).
 * The schedule itself takes no lock: replicas creating the same partitions is harmless.
 */
@Injectable()
export class TrackingPartitionsJob implements OnApplicationShutdown {
  private readonly schedule: ScheduledWork<number>;

  constructor(
    private readonly events: TrackingEventsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: EventsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.schedule = new ScheduledWork({
      name: 'tracking event partitions',
      failedMessage: 'creating or retiring tracking event partitions failed; retried at the next run',
      everyMs: config.EVENTS_PARTITION_JOB_MS,
      logger,
      work: () => this.runOnce(),
    });
  }

  /** Creates the partitions now; answers how many were new. */
  async runOnce(): Promise<number> {
    const now = this.clock().getTime();
    const created = await this.events.createPartitions(
      utcDay(new Date(now - DAY_MS)),
      utcDay(new Date(now + this.config.EVENTS_PARTITION_DAYS_AHEAD * DAY_MS)),
    );
    if (created > 0) this.logger.info({ created }, 'tracking event partitions created');
    const firstKeptDay = utcDay(new Date(now - this.config.EVENTS_RETENTION_DAYS * DAY_MS));
    const dropped = await this.events.dropPartitionsBefore(firstKeptDay);
    if (dropped && dropped.length > 0) {
      this.logger.info({ dropped, firstKeptDay }, 'tracking event partitions past retention dropped');
    }
    return created;
  }

  /**
   * The first run is the start-up's own, outside the schedule: readiness waits for it, and its failure
   * fails the start instead of being logged and retried an interval later.
   */
  async start(): Promise<void> {
    await this.runOnce();
    this.schedule.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.schedule.stop();
  }
}
