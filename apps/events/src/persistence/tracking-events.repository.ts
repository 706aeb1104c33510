import { Injectable } from '@nestjs/common';
import { eventDefinition, FUNNEL_STEPS, NON_VISIT_EVENT_IDS } from '@lib/tracking';
import { DataSource } from 'typeorm';
import { type EnrichedTrackingEvent } from '../domain/enrichment';

export interface DayCount {
  day: string;
  eventId: number;
  count: number;
}

export interface PageViewRow {
  day: string;
  pagePath: string;
  pageType: string;
  views: number;
  sessions: number;
}

export interface DailyClientsRow {
  day: string;
  clients: number;
  sessions: number;
}

export interface SourceSessionsRow {
  utmSource: string;
  sessions: number;
  events: number;
}

/** Columns of a stored event: name, PostgreSQL type, the event's property. */
const COLUMNS: readonly [string, string, keyof EnrichedTrackingEvent][] = [
  ['ingest_id', 'uuid', 'ingestId'],
  ['received_at', 'timestamptz', 'receivedAt'],
  ['event_id', 'int4', 'eventId'],
  ['provider_id', 'varchar', 'providerId'],
  ['sub1', 'varchar', 'sub1'],
  ['sub3', 'varchar', 'sub3'],
  ['sub4', 'varchar', 'sub4'],
  ['sub5', 'varchar', 'sub5'],
  ['sub6', 'varchar', 'sub6'],
  ['sub7', 'varchar', 'sub7'],
  ['sub8', 'varchar', 'sub8'],
  ['utm_source', 'varchar', 'utmSource'],
  ['utm_medium', 'varchar', 'utmMedium'],
  ['utm_campaign', 'varchar', 'utmCampaign'],
  ['utm_content', 'varchar', 'utmContent'],
  ['utm_term', 'varchar', 'utmTerm'],
  ['session_id', 'uuid', 'sessionId'],
  ['client_id', 'uuid', 'clientId'],
  ['domain', 'varchar', 'domain'],
  ['referer', 'varchar', 'referer'],
  ['page_path', 'varchar', 'pagePath'],
  ['page_type', 'varchar', 'pageType'],
  ['user_agent', 'varchar', 'userAgent'],
  ['device_class', 'varchar', 'deviceClass'],
  ['is_bot', 'bool', 'isBot'],
  ['ip_hash', 'varchar', 'ipHash'],
  ['consent', 'varchar', 'consent'],
];
const NAMES = COLUMNS.map(([name]) => `"${name}"`).join(', ');

/**
 * One statement per batch, whatever its size: the batch travels as one JSON parameter (the events
 * as they are, property names as keys), the ids go into the ledger first, and only the events whose
 * id was new go into the partitioned table, in the same statement and transaction. A concurrent
 * writer of the same id waits on the ledger's key and then skips it, so an event is stored once
 * however often it is delivered.
 */
const INSERT_SQL = `WITH input AS (
    SELECT * FROM json_to_recordset($1::json) AS t(${COLUMNS.map(([, type, property]) => `"${property}" ${type}`).join(', ')})
  ), fresh AS (
    INSERT INTO "events"."tracking_event_ids" ("ingest_id", "received_at")
    SELECT "ingestId", "receivedAt" FROM input
    ON CONFLICT ("ingest_id") DO NOTHING
    RETURNING "ingest_id"
  )
  INSERT INTO "events"."tracking_events" (${NAMES})
  SELECT ${COLUMNS.map(([, , property]) => `"${property}"`).join(', ')} FROM input WHERE "ingestId" IN (SELECT "ingest_id" FROM fresh)
  RETURNING "ingest_id"`;

/** Calendar days from..to inclusive, as Warsaw days ($1, $2). */
const IN_RANGE = `received_at >= ($1::date::timestamp AT TIME ZONE 'Europe/Warsaw')
          AND received_at <  (($2::date + 1)::timestamp AT TIME ZONE 'Europe/Warsaw')`;
const WARSAW_DAY = `to_char(received_at AT TIME ZONE 'Europe/Warsaw', 'YYYY-MM-DD')`;
/**
 * The reports about visitors (clients, sessions, sources, funnel) count the events of visits only:
 * a delivery, consent or erasure event's session_id is the key of an application or an erasure
 * request, not a visit, and would add a "direct" session per application. The offer click is a
 * server event of the visit itself (its session is the visitor's) and counts. CountEvents still
 * counts everything (raw volume).
 */
const VISITOR_EVENTS = `event_id <> ALL('{${NON_VISIT_EVENT_IDS.join(',')}}'::int[])`;

/** PostgreSQL's "no partition of relation … found for row" (check_violation on a partitioned table). */
const isMissingPartition = (error: unknown) =>
  (error as { code?: string }).code === '23514' && /no partition/i.test((error as Error).message ?? '');

/**
 * True when PostgreSQL refused a statement for the data it carried (SQLSTATE class 22, data
 * exception: a value it cannot store; class 23 other than the handled missing partition), as
 * opposed to being unreachable or busy: retrying such a record can never succeed.
 */
export function isRecordRefusedByDatabase(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return code.startsWith('22') || (code.startsWith('23') && !isMissingPartition(error));
}

const DAY_MS = 86_400_000;

/** SQL of the tracking sink (a day-partitioned table behind a key ledger) and the analysts' queries. */
@Injectable()
export class TrackingEventsRepository {
  /** UTC days whose partition this process has made sure of. */
  private readonly knownDays = new Set<string>();

  constructor(private readonly dataSource: DataSource) {}

  /** Creates the daily partitions first..last (UTC days, inclusive) that do not exist yet; answers how many it made. */
  async createPartitions(firstDay: string, lastDay: string): Promise<number> {
    const [row] = await this.dataSource.query<{ created: number }[]>(
      `SELECT "events"."create_tracking_event_partitions"($1::date, $2::date) AS created`,
      [firstDay, lastDay],
    );
    return row?.created ?? 0;
  }

  /**
   * Retention: drops the day partitions that end on or before `firstKeptDay` (UTC) and prunes the
   * dedupe ledger below it, under a transaction-scoped advisory lock so replicas never run it at once
   * (a replica that does not get the lock skips this run). Answers the partitions dropped, or null
   * when another replica held the lock.
   */
  async dropPartitionsBefore(firstKeptDay: string): Promise<string[] | null> {
    return this.dataSource.transaction(async (manager) => {
      const [lock] = await manager.query<{ locked: boolean }[]>(
        `SELECT pg_try_advisory_xact_lock(hashtext('events.tracking_events retention')) AS locked`,
      );
      if (!lock?.locked) return null;
      const parts = await manager.query<{ name: string }[]>(
        `SELECT c.relname AS name
           FROM pg_inherits i
           JOIN pg_class c ON c.oid = i.inhrelid
           JOIN pg_class p ON p.oid = i.inhparent
           JOIN pg_namespace n ON n.oid = p.relnamespace
          WHERE n.nspname = 'events' AND p.relname = 'tracking_events'
            AND c.relname ~ '^tracking_events_p[0-9]{8}$'
            AND to_date(substring(c.relname from 18), 'YYYYMMDD') < $1::date
          ORDER BY 1`,
        [firstKeptDay],
      );
      for (const { name } of parts) {
        // The name comes from the catalogue and matched the pattern above: safe to quote as an identifier.
        await manager.query(`DROP TABLE "events"."${name}"`);
      }
      await manager.query(
        `DELETE FROM "events"."tracking_event_ids" WHERE "received_at" < ($1::date)::timestamp AT TIME ZONE 'UTC'`,
        [firstKeptDay],
      );
      if (parts.length > 0) this.knownDays.clear();
      return parts.map((part) => part.name);
    });
  }

  private async ensurePartitions(events: readonly EnrichedTrackingEvent[]): Promise<void> {
    // Days as numbers first: a batch is nearly always one day, and formatting every event's date is not free.
    const days = new Set(events.map((e) => Math.floor(e.receivedAt.getTime() / DAY_MS)));
    for (const dayNumber of days) {
      const day = new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
      if (this.knownDays.has(day)) continue;
      await this.createPartitions(day, day);
      this.knownDays.add(day);
    }
  }

  /**
   * Stores a batch (ingest ids unique within it) in one statement and one transaction; returns the
   * ingest ids that were new (the rest were stored before). `beforeCommit` runs inside the
   * transaction after the write (a gRPC caller's deadline check): throwing there stores nothing.
   */
  async insertBatch(
    events: readonly EnrichedTrackingEvent[],
    beforeCommit?: () => void,
  ): Promise<Set<string>> {
    if (events.length === 0) return new Set();
    await this.ensurePartitions(events);
    // JSON.stringify writes receivedAt as RFC 3339 (UTC) and null as null: what json_to_recordset reads.
    const parameters = [JSON.stringify(events)];

    const write = () =>
      this.dataSource.transaction(async (manager) => {
        const rows = await manager.query<{ ingest_id: string }[]>(INSERT_SQL, parameters);
        beforeCommit?.();
        return rows;
      });
    let rows: { ingest_id: string }[];
    try {
      rows = await write();
    } catch (error) {
      if (!isMissingPartition(error)) throw error;
      // A partition this process knew of was dropped (retention): make the days again, once.
      this.knownDays.clear();
      await this.ensurePartitions(events);
      rows = await write();
    }
    return new Set(rows.map((row) => row.ingest_id));
  }

  /** Counts per Warsaw calendar day and event id, for days from..to inclusive (bots included: raw volume). */
  async countByDay(from: string, to: string, eventId: number | undefined): Promise<DayCount[]> {
    const rows = await this.dataSource.query<{ day: string; event_id: number; count: string }[]>(
      `SELECT ${WARSAW_DAY} AS day, event_id, count(*) AS count
         FROM events.tracking_events
        WHERE ${IN_RANGE}
          AND ($3::integer IS NULL OR event_id = $3)
        GROUP BY 1, 2
        ORDER BY 1, 2`,
      [from, to, eventId ?? null],
    );
    return rows.map((r) => ({ day: r.day, eventId: r.event_id, count: Number(r.count) }));
  }

  /** Page views (event 5, no bots) per Warsaw day and page path, most viewed first within a day; and the range's total. */
  async pageViewsByDay(
    from: string,
    to: string,
    pagePath: string | undefined,
    limit: number,
  ): Promise<{ rows: PageViewRow[]; total: number }> {
    const where = `WHERE ${IN_RANGE} AND event_id = 5 AND NOT is_bot AND page_path IS NOT NULL AND ($3::varchar IS NULL OR page_path = $3)`;
    const rows = await this.dataSource.query<
      { day: string; page_path: string; page_type: string; views: string; sessions: string }[]
    >(
      `SELECT ${WARSAW_DAY} AS day, page_path, min(page_type) AS page_type, count(*) AS views, count(DISTINCT session_id) AS sessions
         FROM events.tracking_events
        ${where}
        GROUP BY 1, 2
        ORDER BY 1, views DESC, 2
        LIMIT $4`,
      [from, to, pagePath ?? null, limit],
    );
    const [total] = await this.dataSource.query<{ total: string }[]>(
      `SELECT count(*) AS total FROM events.tracking_events ${where}`,
      [from, to, pagePath ?? null],
    );
    return {
      rows: rows.map((r) => ({
        day: r.day,
        pagePath: r.page_path,
        pageType: r.page_type,
        views: Number(r.views),
        sessions: Number(r.sessions),
      })),
      total: Number(total?.total ?? 0),
    };
  }

  /** Distinct client ids and sessions (no bots, no server events) per Warsaw day, and over the range. */
  async uniqueClients(
    from: string,
    to: string,
  ): Promise<{ days: DailyClientsRow[]; totalClients: number; totalSessions: number }> {
    const where = `WHERE ${IN_RANGE} AND NOT is_bot AND ${VISITOR_EVENTS}`;
    const days = await this.dataSource.query<{ day: string; clients: string; sessions: string }[]>(
      `SELECT ${WARSAW_DAY} AS day, count(DISTINCT client_id) AS clients, count(DISTINCT session_id) AS sessions
         FROM events.tracking_events ${where}
        GROUP BY 1 ORDER BY 1`,
      [from, to],
    );
    const [totals] = await this.dataSource.query<{ clients: string; sessions: string }[]>(
      `SELECT count(DISTINCT client_id) AS clients, count(DISTINCT session_id) AS sessions FROM events.tracking_events ${where}`,
      [from, to],
    );
    return {
      days: days.map((d) => ({ day: d.day, clients: Number(d.clients), sessions: Number(d.sessions) })),
      totalClients: Number(totals?.clients ?? 0),
      totalSessions: Number(totals?.sessions ?? 0),
    };
  }

  /**
   * Sessions (no bots, no server events) per traffic source: a session's source is the utm_source
   * of its first event in the range ('' = direct). Most sessions first; the total counts every
   * session in the range.
   */
  async sessionsBySource(
    from: string,
    to: string,
    limit: number,
  ): Promise<{ rows: SourceSessionsRow[]; totalSessions: number }> {
    const rows = await this.dataSource.query<
      { source: string; sessions: string; events: string; total: string }[]
    >(
      `WITH per_session AS (
         SELECT session_id,
                (array_agg(coalesce(utm_source, '') ORDER BY received_at, ingest_id))[1] AS source,
                count(*) AS events
           FROM events.tracking_events
          WHERE ${IN_RANGE} AND NOT is_bot AND ${VISITOR_EVENTS}
          GROUP BY session_id
       )
       SELECT source, count(*) AS sessions, sum(events) AS events, sum(count(*)) OVER () AS total
         FROM per_session
        GROUP BY source
        ORDER BY sessions DESC, source
        LIMIT $3`,
      [from, to, limit],
    );
    let totalSessions = Number(rows[0]?.total ?? 0);
    if (rows.length === 0) totalSessions = 0;
    return {
      rows: rows.map((r) => ({
        utmSource: r.source,
        sessions: Number(r.sessions),
        events: Number(r.events),
      })),
      totalSessions,
    };
  }

  /**
   * Distinct sessions (no bots, no server events) that reached each step of FUNNEL_STEPS and every
   * step before it, within the range; `utmSource` keeps only sessions whose first event came from
   * that source.
   */
  async funnel(from: string, to: string, utmSource: string | undefined): Promise<number[]> {
    const parameters: unknown[] = [from, to, utmSource ?? null];
    const reached = FUNNEL_STEPS.map((step) => {
      parameters.push(step.eventId);
      let condition = `event_id = $${parameters.length}`;
      if (step.pageType) {
        parameters.push(step.pageType);
        condition += ` AND page_type = $${parameters.length}`;
      }
      return `bool_or(${condition})`;
    });
    const counts = FUNNEL_STEPS.map(
      (_, i) =>
        `count(*) FILTER (WHERE ${FUNNEL_STEPS.slice(0, i + 1)
          .map((__, j) => `s${j}`)
          .join(' AND ')}) AS c${i}`,
    );
    const [row] = await this.dataSource.query<Record<string, string>[]>(
      `WITH per_session AS (
         SELECT session_id,
                (array_agg(coalesce(utm_source, '') ORDER BY received_at, ingest_id))[1] AS source,
                ${reached.map((r, i) => `${r} AS s${i}`).join(', ')}
           FROM events.tracking_events
          WHERE ${IN_RANGE} AND NOT is_bot AND ${VISITOR_EVENTS}
          GROUP BY session_id
       )
       SELECT ${counts.join(', ')} FROM per_session WHERE $3::varchar IS NULL OR source = $3`,
      parameters,
    );
    return FUNNEL_STEPS.map((_, i) => Number(row?.[`c${i}`] ?? 0));
  }
}

/**
 * Stored events after a (received_at, ingest_id) cursor, in that order: what `npm run events:tail`
 * prints without Kafka.
 */
export async function storedEventsAfter(
  dataSource: DataSource,
  after: { receivedAt: Date; ingestId: string },
  limit: number,
): Promise<EnrichedTrackingEvent[]> {
  const rows = await dataSource.query<Record<string, unknown>[]>(
    `SELECT ${NAMES} FROM events.tracking_events
      WHERE (received_at, ingest_id) > ($1::timestamptz, $2::uuid)
      ORDER BY received_at, ingest_id
      LIMIT $3`,
    [after.receivedAt.toISOString(), after.ingestId, limit],
  );
  return rows.map((row) => {
    const event = Object.fromEntries(
      COLUMNS.map(([column, , property]) => [property, row[column]]),
    ) as unknown as EnrichedTrackingEvent;
    return {
      ...event,
      receivedAt: new Date(event.receivedAt),
      eventName: eventDefinition(event.eventId)?.name ?? '',
    };
  });
}
