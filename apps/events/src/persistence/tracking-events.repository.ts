import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ValidTrackingEvent } from '../domain/tracking-event';
import { TrackingEventEntity } from './tracking-event.entity';

export interface DayCount {
  day: string;
  eventId: number;
  count: number;
}

/** SQL for the tracking sink: one multi-row insert per batch, counting in PostgreSQL. */
@Injectable()
export class TrackingEventsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts a batch in one statement; returns the ingest ids that were new (the rest were duplicates). */
  async insertBatch(events: readonly ValidTrackingEvent[]): Promise<Set<string>> {
    if (events.length === 0) return new Set();
    const result = await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(TrackingEventEntity)
      .values(events.map((e) => ({ ...e })))
      .orIgnore()
      .returning(['ingestId'])
      .execute();
    return new Set((result.raw as { ingest_id: string }[]).map((row) => row.ingest_id));
  }

  /**
   * Counts per Warsaw calendar day (analysts read days as the site's visitors live them) and event id,
   * for days from..to inclusive.
   */
  async countByDay(from: string, to: string, eventId: number | undefined): Promise<DayCount[]> {
    const rows = await this.dataSource.query<{ day: string; event_id: number; count: string }[]>(
      `SELECT to_char(received_at AT TIME ZONE 'Europe/Warsaw', 'YYYY-MM-DD') AS day, event_id, count(*) AS count
         FROM events.tracking_events
        WHERE received_at >= ($1::date::timestamp AT TIME ZONE 'Europe/Warsaw')
          AND received_at <  (($2::date + 1)::timestamp AT TIME ZONE 'Europe/Warsaw')
          AND ($3::integer IS NULL OR event_id = $3)
        GROUP BY 1, 2
        ORDER BY 1, 2`,
      [from, to, eventId ?? null],
    );
    return rows.map((r) => ({ day: r.day, eventId: r.event_id, count: Number(r.count) }));
  }
}
