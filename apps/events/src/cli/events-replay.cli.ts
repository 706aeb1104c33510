import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '@lib/config';
import { ConsumerGroupActiveError, rewindConsumerGroup } from '@lib/messaging';
import { TRACKING_TOPICS } from '@lib/tracking';
import { eventsConfigSchema } from '../events.config';
import { describeRewinds, parseReplayFrom, REPLAY_USAGE } from './events-replay';

async function main(): Promise<number> {
  let values: { from?: string; 'dry-run'?: boolean; group?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        from: { type: 'string' },
        'dry-run': { type: 'boolean' },
        group: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${REPLAY_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${REPLAY_USAGE}\n`);
    return 0;
  }
  const from = parseReplayFrom(values.from, new Date());
  if (typeof from === 'string') {
    process.stderr.write(`${from}\n${REPLAY_USAGE}\n`);
    return 2;
  }
  const config = loadConfigOrExit(eventsConfigSchema);
  if (config.KAFKA_BROKERS.length === 0) {
    process.stderr.write('KAFKA_BROKERS is not set: without Kafka the gateway writes events straight to PostgreSQL and there is no stream to replay\n');
    return 2;
  }
  const groupId = values.group ?? config.EVENTS_CONSUMER_GROUP;
  const dryRun = values['dry-run'] === true;
  const topic = TRACKING_TOPICS.raw;
  try {
    const rewinds = await rewindConsumerGroup({ brokers: config.KAFKA_BROKERS, clientId: 'events-replay' }, { groupId, topic, from, dryRun });
    process.stdout.write(`consumer group ${groupId}, records received since ${from.toISOString()}:\n`);
    for (const line of describeRewinds(topic, rewinds, dryRun)) process.stdout.write(`  ${line}\n`);
    process.stdout.write(dryRun ? 'dry run: nothing changed\n' : 'done: start the events service to replay\n');
    return 0;
  } catch (error) {
    if (error instanceof ConsumerGroupActiveError) {
      process.stderr.write(`${error.message}\n`);
      return 3;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`events:replay failed: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
