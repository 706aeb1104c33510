import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createDataSource, resolveDatabase, runningEmbeddedServer } from '@lib/database';
import { startConsumerGroup } from '@lib/messaging';
import { CliFailure, CliUsageError, runCliProcess, type CliCommand, type CliContext } from '@lib/service-kit';
import { TRACKING_TOPICS } from '@lib/tracking';
import { eventsConfigSchema, type EventsConfig } from '../events.config';
import { EVENTS_ENTITIES, EVENTS_SCHEMA } from '../persistence/events-schema';
import { storedEventsAfter } from '../persistence/tracking-events.repository';
import { cleanRecordOf } from '../domain/stream-records';
import { describeCleanRecord } from './events-tail';

const USAGE = `usage: npm run events:tail -- [--format json|line] [--from-beginning]
Prints the analysts' clean event stream live, one record per line, until Ctrl-C.
  With KAFKA_BROKERS: a Kafka consumer of tracking.events.v1 in a consumer group of its own (new records only,
  or every retained record with --from-beginning).
  Without KAFKA_BROKERS (the embedded default of npm start there is no Kafka): rows of events.tracking_events
  in PostgreSQL as they are stored (DATABASE_URL, or the embedded database of a running npm start), in the
  same JSON form.
  --format json (default) prints the JSON form of events.v1.CleanTrackingEvent; line prints a short summary.
exit codes: 0 stopped with Ctrl-C, 1 no stream to tail or it failed, 2 bad arguments, 78 a bad environment`;

const POLL_MS = 1_000;

interface TailArgs {
  format: 'json' | 'line';
  fromBeginning: boolean;
}

type TailContext = CliContext<TailArgs, EventsConfig>;
type Print = (record: Record<string, unknown>) => void;

async function tailKafka({ args, config, io, interrupted, defer }: TailContext, print: Print): Promise<void> {
  const groupId = `events-tail-${randomUUID()}`;
  io.err(
    `tailing Kafka topic ${TRACKING_TOPICS.clean} at ${config.KAFKA_BROKERS.join(',')} (consumer group ${groupId}); Ctrl-C stops`,
  );
  const group = await startConsumerGroup(
    { brokers: config.KAFKA_BROKERS, clientId: 'events-tail' },
    {
      groupId,
      topics: [TRACKING_TOPICS.clean],
      fromBeginning: args.fromBeginning,
      maxWaitMs: 500,
      handle: (batch) => {
        for (const message of batch.messages) {
          try {
            print(JSON.parse(message.value?.toString('utf8') ?? 'null') as Record<string, unknown>);
          } catch {
            io.err(`unreadable record at ${batch.topic}/${batch.partition}@${message.offset}`);
          }
        }
        return Promise.resolve();
      },
    },
  );
  defer(() => group.stop());
  await interrupted;
}

async function tailTable(
  { args, config, io, signal, interrupted, defer, logger, processName }: TailContext,
  print: Print,
): Promise<void> {
  let url = config.DATABASE_URL;
  if (!url) {
    const embedded = await runningEmbeddedServer(config.DATA_DIR);
    if (!embedded) {
      throw new CliFailure(
        'KAFKA_BROKERS is not set, so there is no Kafka stream to tail, and no PostgreSQL either: set DATABASE_URL, or start the stack with `npm start` first.',
      );
    }
    // Running, so this shares it (never starts one): the same resolution the services use.
    url = (await resolveDatabase({ dataDir: config.DATA_DIR, embeddedPort: embedded.port, logger })).url;
  }
  io.err(
    `KAFKA_BROKERS is not set: no Kafka stream in this mode (the embedded default). Tailing the table events.tracking_events in PostgreSQL instead, every ${POLL_MS / 1000} s; Ctrl-C stops`,
  );
  const dataSource = createDataSource({
    url,
    schema: EVENTS_SCHEMA,
    entities: EVENTS_ENTITIES,
    migrations: [],
    poolMax: 2,
    applicationName: processName,
    logger,
  });
  defer(async () => {
    if (dataSource.isInitialized) await dataSource.destroy();
  });
  await dataSource.initialize();
  let cursor = {
    receivedAt: args.fromBeginning ? new Date(0) : new Date(),
    ingestId: '00000000-0000-0000-0000-000000000000',
  };
  while (!signal.aborted) {
    const stored = await storedEventsAfter(dataSource, cursor, 500);
    for (const event of stored) print(cleanRecordOf(event));
    const last = stored.at(-1);
    if (last) cursor = { receivedAt: last.receivedAt, ingestId: last.ingestId };
    if (stored.length < 500)
      await Promise.race([interrupted, new Promise((resolve) => setTimeout(resolve, POLL_MS))]);
  }
}

export const eventsTailCli: CliCommand<TailArgs, EventsConfig> = {
  name: 'events:tail',
  usage: USAGE,
  parseArgs(argv) {
    const { values } = parseArgs({
      args: argv,
      options: { format: { type: 'string' }, 'from-beginning': { type: 'boolean' } },
    });
    const format = values.format ?? 'json';
    if (format !== 'json' && format !== 'line') throw new CliUsageError('--format must be json or line');
    return { format, fromBeginning: values['from-beginning'] === true };
  },
  env: eventsConfigSchema,
  stopsOnInterrupt: true,
  async run(ctx) {
    const print: Print = (record) =>
      ctx.io.out(ctx.args.format === 'json' ? JSON.stringify(record) : describeCleanRecord(record));
    try {
      await (ctx.config.KAFKA_BROKERS.length > 0 ? tailKafka(ctx, print) : tailTable(ctx, print));
      return 0;
    } catch (error) {
      if (error instanceof CliFailure) throw error;
      throw new CliFailure(`events:tail failed: ${(error as Error).message}`);
    }
  },
};

if (require.main === module) void runCliProcess(eventsTailCli);
