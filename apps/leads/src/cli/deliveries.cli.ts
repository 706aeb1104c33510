// `npm run leads:deliveries -- <command>`: what the operators read of the delivery and message
// outboxes, and the replay of failed deliveries. Reads ids, lender slugs, states, counts and the
// lenders' answers only (the outbox holds no personal data; nothing here opens the vault), so it
// needs no key. Exit codes: 0 done, 1 no such delivery (history), 2 bad arguments or the database,
// 78 a bad environment.
import 'reflect-metadata';
import { serviceEnvSchema, type ServiceEnv } from '@lib/config';
import { type CliCommand, CliFailure, CliUsageError, openCliDatabase, runCliProcess } from '@lib/service-kit';
import { parseArgs } from 'node:util';
import { type DeliveryStateValue } from '../domain/delivery-outcome';
import { LEADS_ENTITIES, LEADS_MIGRATIONS, LEADS_SCHEMA } from '../persistence/leads-schema';
import {
  DELIVERY_STATES,
  type DeliveryHistoryEvent,
  type DeliveryListing,
  OutboxReportRepository,
  type OutboxSummary,
  REPLAY_DETAIL,
  type ReplayFilter,
} from '../persistence/outbox-report.repository';

const USAGE = `usage: npm run leads:deliveries -- <command>
  summary                deliveries by lender and state, messages by channel and state
  list [--state S] [--lender L] [--limit N]
                         deliveries in state S (default failed; ${DELIVERY_STATES.join(', ')}),
                         the most recently changed first (N: default 50, at most 1000), with attempts,
                         next attempt and the last event's detail
  history <delivery id>  every event of one delivery, in order
  replay --lender L | --delivery ID | --application ID
                         queues failed deliveries again (attempts from 0, an event '${REPLAY_DETAIL}');
                         accepted, rejected and withdrawn ones are never sent again; prints the count
  Reads PostgreSQL (DATABASE_URL, or the embedded one of npm start). No personal data is shown.
exit codes: 0 done, 1 no such delivery (history), 2 bad arguments or the database, 78 a bad environment`;

export type DeliveriesCommand =
  | { command: 'summary' }
  | { command: 'list'; state: DeliveryStateValue; lender?: string; limit: number }
  | { command: 'history'; deliveryId: string }
  | { command: 'replay'; filter: ReplayFilter };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The id as PostgreSQL's uuid type will take it: a malformed one is a usage error, not a SQL error. */
function uuid(what: string, value: string | undefined): string {
  if (!value || !UUID.test(value)) throw new CliUsageError(`${what} must be a UUID, got "${value ?? ''}"`);
  return value.toLowerCase();
}

function slug(value: string): string {
  if (!SLUG.test(value))
    throw new CliUsageError(`--lender must be a lender slug (e.g. vivus), got "${value}"`);
  return value;
}

export function parseDeliveriesArgs(argv: string[]): DeliveriesCommand {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      state: { type: 'string' },
      lender: { type: 'string' },
      limit: { type: 'string' },
      delivery: { type: 'string' },
      application: { type: 'string' },
    },
    allowPositionals: true,
  });
  const [command, ...rest] = positionals;
  const allowed: Record<string, readonly string[]> = {
    summary: [],
    list: ['state', 'lender', 'limit'],
    history: [],
    replay: ['lender', 'delivery', 'application'],
  };
  if (command === undefined)
    throw new CliUsageError('a command is required: summary, list, history or replay');
  const options = allowed[command];
  if (!options) throw new CliUsageError(`unknown command "${command}"`);
  const given = Object.keys(values).filter((k) => values[k as keyof typeof values] !== undefined);
  const stray = given.filter((k) => !options.includes(k));
  if (stray.length > 0) throw new CliUsageError(`${command} takes no --${stray.join(', --')}`);
  if (command !== 'history' && rest.length > 0)
    throw new CliUsageError(`${command} takes no argument "${rest[0]}"`);

  switch (command) {
    case 'summary':
      return { command };
    case 'list': {
      const state = (values.state ?? 'failed') as DeliveryStateValue;
      if (!DELIVERY_STATES.includes(state))
        throw new CliUsageError(
          `--state must be one of ${DELIVERY_STATES.join(', ')}, got "${values.state}"`,
        );
      let limit = 50;
      if (values.limit !== undefined) {
        if (!/^\d+$/.test(values.limit) || Number(values.limit) < 1 || Number(values.limit) > 1000)
          throw new CliUsageError(`--limit must be a whole number from 1 to 1000, got "${values.limit}"`);
        limit = Number(values.limit);
      }
      return {
        command,
        state,
        limit,
        ...(values.lender === undefined ? {} : { lender: slug(values.lender) }),
      };
    }
    case 'history': {
      if (rest.length !== 1) throw new CliUsageError('history takes exactly one delivery id');
      return { command, deliveryId: uuid('the delivery id', rest[0]) };
    }
    default: {
      if (given.length !== 1)
        throw new CliUsageError('replay takes exactly one of --lender, --delivery or --application');
      const filter: ReplayFilter =
        values.lender !== undefined
          ? { lender: slug(values.lender) }
          : values.delivery !== undefined
            ? { deliveryId: uuid('--delivery', values.delivery) }
            : { applicationId: uuid('--application', values.application) };
      return { command: 'replay', filter };
    }
  }
}

const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
const oneLine = (text: string | null) => (text ?? '—').replace(/\s+/g, ' ');

/** Left-aligned columns separated by two spaces; the last column is not padded. */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

export function formatSummary(summary: OutboxSummary): string[] {
  const lines: string[] = [];
  const lenders = [...new Set(summary.deliveries.map((d) => d.lender))];
  const count = (lender: string, state: string) =>
    summary.deliveries.find((d) => d.lender === lender && d.state === state)?.count ?? 0;
  const total = (state: string) =>
    summary.deliveries.filter((d) => d.state === state).reduce((sum, d) => sum + d.count, 0);
  lines.push(`deliveries: ${summary.deliveries.reduce((sum, d) => sum + d.count, 0)}`);
  lines.push(
    ...table(
      ['lender', ...DELIVERY_STATES],
      [
        ...lenders.map((lender) => [lender, ...DELIVERY_STATES.map((s) => String(count(lender, s)))]),
        ['(all)', ...DELIVERY_STATES.map((s) => String(total(s)))],
      ],
    ).map((l) => `  ${l}`),
  );
  const channels = [...new Set(summary.messages.map((m) => m.channel))];
  const messageStates = ['queued', 'sent', 'failed', 'cancelled'];
  lines.push(`messages: ${summary.messages.reduce((sum, m) => sum + m.count, 0)}`);
  if (channels.length > 0)
    lines.push(
      ...table(
        ['channel', ...messageStates],
        channels.map((channel) => [
          channel,
          ...messageStates.map((state) =>
            String(summary.messages.find((m) => m.channel === channel && m.state === state)?.count ?? 0),
          ),
        ]),
      ).map((l) => `  ${l}`),
    );
  return lines;
}

export function formatList(
  filter: { state: DeliveryStateValue; lender?: string },
  rows: DeliveryListing[],
  limit: number,
): string[] {
  const what = (n: number) =>
    `${filter.state} ${n === 1 ? 'delivery' : 'deliveries'}${filter.lender ? ` to ${filter.lender}` : ''}`;
  if (rows.length === 0) return [`no ${what(0)}`];
  return [
    `${rows.length} ${what(rows.length)}${rows.length === limit ? ` (the first ${limit}; --limit shows more)` : ''}:`,
    ...table(
      ['delivery', 'application', 'lender', 'state', 'attempts', 'next attempt', 'last event'],
      rows.map((r) => [
        r.id,
        r.applicationId,
        r.lender,
        r.state,
        String(r.attempts),
        r.state === 'queued' ? iso(r.nextAttemptAt) : '—',
        oneLine(r.lastDetail),
      ]),
    ),
  ];
}

export function formatHistory(delivery: DeliveryListing, events: DeliveryHistoryEvent[]): string[] {
  return [
    `delivery ${delivery.id} of application ${delivery.applicationId} to ${delivery.lender}: ${delivery.state}, ${delivery.attempts} attempt(s)` +
      (delivery.state === 'queued' ? `, next ${iso(delivery.nextAttemptAt)}` : ''),
    ...table(
      ['at', 'state', 'attempt', 'http', 'detail'],
      events.map((e) => [
        iso(e.at),
        e.state,
        String(e.attempt),
        e.httpStatus === null ? '—' : String(e.httpStatus),
        oneLine(e.detail),
      ]),
    ),
  ];
}

const describeFilter = (filter: ReplayFilter) =>
  'lender' in filter
    ? `to ${filter.lender}`
    : 'deliveryId' in filter
      ? `with id ${filter.deliveryId}`
      : `of application ${filter.applicationId}`;

export const deliveriesCli: CliCommand<DeliveriesCommand, ServiceEnv> = {
  name: 'leads:deliveries',
  usage: USAGE,
  parseArgs: parseDeliveriesArgs,
  // The database variables only: the command reads no sealed field, so it needs none of the keys.
  env: serviceEnvSchema('leads'),
  async run(ctx) {
    const { args, io } = ctx;
    let report: OutboxReportRepository;
    try {
      report = new OutboxReportRepository(
        await openCliDatabase(ctx, {
          schema: LEADS_SCHEMA,
          entities: LEADS_ENTITIES,
          migrations: LEADS_MIGRATIONS,
        }),
      );
    } catch (error) {
      throw new CliFailure(`leads:deliveries cannot reach the database: ${(error as Error).message}`, 2);
    }
    try {
      switch (args.command) {
        case 'summary':
          for (const line of formatSummary(await report.summary())) io.out(line);
          return 0;
        case 'list': {
          const rows = await report.list(args);
          for (const line of formatList(args, rows, args.limit)) io.out(line);
          return 0;
        }
        case 'history': {
          const found = await report.history(args.deliveryId);
          if (!found) throw new CliFailure(`no delivery ${args.deliveryId}`, 1);
          for (const line of formatHistory(found.delivery, found.events)) io.out(line);
          return 0;
        }
        case 'replay': {
          const count = await report.replayFailed(args.filter, new Date());
          io.out(
            `replayed ${count} failed ${count === 1 ? 'delivery' : 'deliveries'} ${describeFilter(args.filter)}`,
          );
          if (count === 0 && 'deliveryId' in args.filter) {
            // Say why, since the id was given: it is unknown, or in a state a replay leaves alone.
            const found = await report.history(args.filter.deliveryId);
            io.out(
              found
                ? `  delivery ${args.filter.deliveryId} is ${found.delivery.state}: only failed deliveries are replayed`
                : `  no delivery ${args.filter.deliveryId}`,
            );
          }
          return 0;
        }
      }
    } catch (error) {
      if (error instanceof CliFailure) throw error;
      throw new CliFailure(`leads:deliveries ${args.command} failed: ${(error as Error).message}`, 2);
    }
  },
};

if (require.main === module) void runCliProcess(deliveriesCli);
