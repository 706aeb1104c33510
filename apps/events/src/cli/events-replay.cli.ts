import { parseArgs } from 'node:util';
import { ConsumerGroupActiveError, rewindConsumerGroup } from '@lib/messaging';
import { CliFailure, CliUsageError, runCliProcess, type CliCommand } from '@lib/service-kit';
import { TRACKING_TOPICS } from '@lib/tracking';
import { eventsConfigSchema, type EventsConfig } from '../events.config';
import { describeRewinds, parseReplayFrom, REPLAY_USAGE } from './events-replay';

interface ReplayArgs {
  from: Date;
  dryRun: boolean;
  /** Unset: EVENTS_CONSUMER_GROUP. */
  group: string | undefined;
}

/** Rewinds the sink's consumer group on the raw topic to a time; `now` refuses a time in the future. */
export function eventsReplayCli(now: () => Date = () => new Date()): CliCommand<ReplayArgs, EventsConfig> {
  return {
    name: 'events:replay',
    usage: REPLAY_USAGE,
    parseArgs(argv) {
      const { values } = parseArgs({
        args: argv,
        options: { from: { type: 'string' }, 'dry-run': { type: 'boolean' }, group: { type: 'string' } },
      });
      const from = parseReplayFrom(values.from, now());
      if (typeof from === 'string') throw new CliUsageError(from);
      return { from, dryRun: values['dry-run'] === true, group: values.group };
    },
    env: eventsConfigSchema,
    async run({ args, config, io }) {
      if (config.KAFKA_BROKERS.length === 0) {
        throw new CliFailure(
          'KAFKA_BROKERS is not set: without Kafka the gateway writes events straight to PostgreSQL and there is no stream to replay',
          2,
        );
      }
      const groupId = args.group ?? config.EVENTS_CONSUMER_GROUP;
      const topic = TRACKING_TOPICS.raw;
      const { from, dryRun } = args;
      try {
        const rewinds = await rewindConsumerGroup(
          { brokers: config.KAFKA_BROKERS, clientId: 'events-replay' },
          { groupId, topic, from, dryRun },
        );
        io.out(`consumer group ${groupId}, records received since ${from.toISOString()}:`);
        for (const line of describeRewinds(topic, rewinds, dryRun)) io.out(`  ${line}`);
        io.out(dryRun ? 'dry run: nothing changed' : 'done: start the events service to replay');
        return 0;
      } catch (error) {
        if (error instanceof ConsumerGroupActiveError) throw new CliFailure(error.message, 3);
        throw new CliFailure(`events:replay failed: ${(error as Error).message}`);
      }
    },
  };
}

if (require.main === module) void runCliProcess(eventsReplayCli());
