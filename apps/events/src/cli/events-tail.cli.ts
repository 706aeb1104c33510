import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '@lib/config';
import { createDataSource, resolveDatabase, runningEmbeddedServer } from '@lib/database';
import { createLogger } from '@lib/observability';
import { startConsumerGroup } from '@lib/messaging';
import { TRACKING_TOPICS } from '@lib/tracking';
import { eventsConfigSchema } from '../events.config';
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
  --format json (default) prints the JSON form of events.v1.CleanTrackingEvent; line prints a short summary.`;

const POLL_MS = 1_000;

async function main(): Promise<number> {
  let values: { format?: string; 'from-beginning'?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        format: { type: 'string' },
        'from-beginning': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const format = values.format ?? 'json';
  if (format !== 'json' && format !== 'line') {
    process.stderr.write(`--format must be json or line\n${USAGE}\n`);
    return 2;
  }
  const print = (record: Record<string, unknown>) =>
    process.stdout.write(`${format === 'json' ? JSON.stringify(record) : describeCleanRecord(record)}\n`);
  const config = loadConfigOrExit(eventsConfigSchema);
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });

  if (config.KAFKA_BROKERS.length > 0) {
    const groupId = `events-tail-${randomUUID()}`;
    process.stderr.write(
      `tailing Kafka topic ${TRACKING_TOPICS.clean} at ${config.KAFKA_BROKERS.join(',')} (consumer group ${groupId}); Ctrl-C stops\n`,
    );
    const group = await startConsumerGroup(
      { brokers: config.KAFKA_BROKERS, clientId: 'events-tail' },
      {
        groupId,
        topics: [TRACKING_TOPICS.clean],
        fromBeginning: values['from-beginning'] === true,
        maxWaitMs: 500,
        handle: (batch) => {
          for (const message of batch.messages) {
            try {
              print(JSON.parse(message.value?.toString('utf8') ?? 'null') as Record<string, unknown>);
            } catch {
              process.stderr.write(
                `unreadable record at ${batch.topic}/${batch.partition}@${message.offset}\n`,
              );
            }
          }
          return Promise.resolve();
        },
      },
    );
    await stopped;
    await group.stop();
    return 0;
  }

  let url = config.DATABASE_URL;
  if (!url) {
    const embedded = await runningEmbeddedServer(config.DATA_DIR);
    if (!embedded) {
      process.stderr.write(
        'KAFKA_BROKERS is not set, so there is no Kafka stream to tail, and no PostgreSQL either: set DATABASE_URL, or start the stack with `npm start` first.\n',
      );
      return 1;
    }
    // Running, so this shares it (never starts one): the same resolution the services use.
    url = (
      await resolveDatabase({
        dataDir: config.DATA_DIR,
        embeddedPort: embedded.port,
        logger: createLogger({ name: 'events-tail', level: 'silent' }),
      })
    ).url;
  }
  process.stderr.write(
    `KAFKA_BROKERS is not set: no Kafka stream in this mode (the embedded default). Tailing the table events.tracking_events in PostgreSQL instead, every ${POLL_MS / 1000} s; Ctrl-C stops\n`,
  );
  const dataSource = createDataSource({
    url,
    schema: EVENTS_SCHEMA,
    entities: EVENTS_ENTITIES,
    migrations: [],
    poolMax: 2,
    applicationName: 'events-tail',
  });
  await dataSource.initialize();
  let cursor = {
    receivedAt: values['from-beginning'] ? new Date(0) : new Date(),
    ingestId: '00000000-0000-0000-0000-000000000000',
  };
  let running = true;
  void stopped.then(() => (running = false));
  while (running) {
    const stored = await storedEventsAfter(dataSource, cursor, 500);
    for (const event of stored) print(cleanRecordOf(event));
    const last = stored.at(-1);
    if (last) cursor = { receivedAt: last.receivedAt, ingestId: last.ingestId };
    if (stored.length < 500)
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, POLL_MS))]);
  }
  await dataSource.destroy();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`events:tail failed: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
