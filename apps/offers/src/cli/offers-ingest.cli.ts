import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { status } from '@grpc/grpc-js';
import { env, SERVICE_PORTS } from '@lib/config';
import { createServiceClient, GrpcCallError, offersV1 } from '@lib/contracts';
import { CliFailure, runCliProcess, type CliCommand } from '@lib/service-kit';
import { z } from 'zod';

const USAGE = `usage: npm run offers:ingest -- [feed key…]
  Fetches the given feeds now (pl, es, mx, vn, ph, my, za, kz_ru, ua_ru, ua_ua; none = all) and waits for the outcome.
The offers service is reached at OFFERS_SERVICE_ADDR (default 127.0.0.1:${SERVICE_PORTS.offers.grpc}).
exit codes: 0 every feed stored, 1 a feed failed (or the service did), 2 an unknown feed key or bad arguments, 78 a bad environment`;

/** What the command reads from the environment. */
const ingestEnvSchema = z.object({
  OFFERS_SERVICE_ADDR: env.hostPort(`127.0.0.1:${SERVICE_PORTS.offers.grpc}`),
});
type IngestEnv = z.output<typeof ingestEnvSchema>;

const STATE_NAMES: Record<number, string> = {
  [offersV1.FeedIngestionState.IDLE]: 'idle',
  [offersV1.FeedIngestionState.RUNNING]: 'running',
  [offersV1.FeedIngestionState.SUCCEEDED]: 'stored',
  [offersV1.FeedIngestionState.FAILED]: 'FAILED',
};

/** Counts of a stored feed, its left-out offers when any, and a warning when it is sample data. */
function outcome(f: offersV1.FeedIngestionStatus): string {
  const counts = `${f.offersReceived} received, ${f.offersStored} listed, ${f.offersDropped} dropped`;
  const leftOut = f.offersLeftOut > 0 ? `, ${f.offersLeftOut} left out as invalid` : '';
  const sample = f.sample ? `; SAMPLE DATA from ${f.sourceUrl}` : '';
  return `${counts}${leftOut}${sample}`;
}

/** One line per named left-out offer, and how many more there were. */
function leftOutLines(f: offersV1.FeedIngestionStatus): string[] {
  const indent = ' '.repeat(8);
  const lines = f.leftOut.map(
    (o) =>
      `${indent}left out: ${o.offerId > 0 ? `offer ${o.offerId}` : 'an offer without a readable id'} (item ${o.index} of the feed): ${o.reason}`,
  );
  const unnamed = f.offersLeftOut - f.leftOut.length;
  if (unnamed > 0) lines.push(`${indent}and ${unnamed} more left out`);
  return lines;
}

/** Waiting between two status questions while feeds are being fetched. */
export type Pause = () => Promise<void>;

/** Status questions before the CLI stops waiting (with 250 ms pauses: 2.5 minutes). */
export const MAX_POLLS = 600;

/** Triggers an ingestion and prints each feed's outcome, asking for the status after each `pause`. */
export function offersIngestCli(pause: Pause = () => delay(250)): CliCommand<string[], IngestEnv> {
  return {
    name: 'offers:ingest',
    usage: USAGE,
    parseArgs: (argv) => parseArgs({ args: argv, allowPositionals: true, options: {} }).positionals,
    env: ingestEnvSchema,
    async run({ args: feedKeys, config, io, defer }) {
      const client = createServiceClient('offers', {
        target: config.OFFERS_SERVICE_ADDR,
        deadlineMs: 10_000,
      });
      defer(() => client.close());
      try {
        let { feeds } = await client.triggerFeedIngestion({ feedKeys });
        const keys = feeds.map((f) => f.feedKey);
        for (let polls = 0; feeds.some((f) => f.state === offersV1.FeedIngestionState.RUNNING); polls += 1) {
          if (polls === MAX_POLLS) {
            io.err(
              `still running after ${MAX_POLLS} status checks: ${feeds
                .filter((f) => f.state === offersV1.FeedIngestionState.RUNNING)
                .map((f) => f.feedKey)
                .join(', ')}`,
            );
            return 1;
          }
          await pause();
          ({ feeds } = await client.getFeedIngestionStatus({ feedKeys: keys }));
        }
        for (const f of feeds) {
          const failed = f.state === offersV1.FeedIngestionState.FAILED;
          io.out(
            `${f.feedKey.padEnd(6)} ${STATE_NAMES[f.state] ?? 'unknown'}  ${failed ? f.errorMessage : outcome(f)}`,
          );
          if (!failed) for (const line of leftOutLines(f)) io.out(line);
        }
        return feeds.some((f) => f.state === offersV1.FeedIngestionState.FAILED) ? 1 : 0;
      } catch (error) {
        if (!(error instanceof GrpcCallError)) throw error;
        const unknownFeed = error.code === status.NOT_FOUND || error.code === status.INVALID_ARGUMENT;
        throw new CliFailure(`ingestion failed: ${error.details || error.message}`, unknownFeed ? 2 : 1);
      }
    },
  };
}

if (require.main === module) void runCliProcess(offersIngestCli());
