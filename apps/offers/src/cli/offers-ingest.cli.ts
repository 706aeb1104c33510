import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { status } from '@grpc/grpc-js';
import { createServiceClient, GrpcCallError, offersV1, type ServiceClient } from '@lib/contracts';

const USAGE = `usage: npm run offers:ingest -- [feed key…]
  Fetches the given feeds now (pl, es, mx, vn, ph, my, za, kz_ru, ua_ru, ua_ua; none = all) and waits for the outcome.
The offers service is reached at OFFERS_SERVICE_ADDR (default 127.0.0.1:50052).`;

const STATE_NAMES: Record<number, string> = {
  [offersV1.FeedIngestionState.IDLE]: 'idle',
  [offersV1.FeedIngestionState.RUNNING]: 'running',
  [offersV1.FeedIngestionState.SUCCEEDED]: 'stored',
  [offersV1.FeedIngestionState.FAILED]: 'FAILED',
};

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** Waiting between two status questions while feeds are being fetched. */
export type Pause = () => Promise<void>;

/** Status questions before the CLI stops waiting (with 250 ms pauses: 2.5 minutes). */
export const MAX_POLLS = 600;

/** Triggers an ingestion and prints each feed's outcome; returns the exit code (0 all stored, 1 any failed, 2 usage). */
export async function runIngestCli(argv: string[], client: ServiceClient<'offers'>, io: Output, pause: Pause): Promise<number> {
  let feedKeys: string[];
  try {
    const parsed = parseArgs({ args: argv, allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
    if (parsed.values.help) {
      io.out(USAGE);
      return 0;
    }
    feedKeys = parsed.positionals;
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  try {
    let { feeds } = await client.triggerFeedIngestion({ feedKeys });
    const keys = feeds.map((f) => f.feedKey);
    for (let polls = 0; feeds.some((f) => f.state === offersV1.FeedIngestionState.RUNNING); polls += 1) {
      if (polls === MAX_POLLS) {
        io.err(`still running after ${MAX_POLLS} status checks: ${feeds.filter((f) => f.state === offersV1.FeedIngestionState.RUNNING).map((f) => f.feedKey).join(', ')}`);
        return 1;
      }
      await pause();
      ({ feeds } = await client.getFeedIngestionStatus({ feedKeys: keys }));
    }
    for (const f of feeds) {
      const counts = `${f.offersReceived} received, ${f.offersStored} listed, ${f.offersDropped} dropped`;
      io.out(`${f.feedKey.padEnd(6)} ${STATE_NAMES[f.state] ?? 'unknown'}  ${f.state === offersV1.FeedIngestionState.FAILED ? f.errorMessage : counts}`);
    }
    return feeds.some((f) => f.state === offersV1.FeedIngestionState.FAILED) ? 1 : 0;
  } catch (error) {
    if (error instanceof GrpcCallError) {
      io.err(`ingestion failed: ${error.details || error.message}`);
      return error.code === status.NOT_FOUND || error.code === status.INVALID_ARGUMENT ? 2 : 1;
    }
    throw error;
  }
}

if (require.main === module) {
  const client = createServiceClient('offers', { target: process.env['OFFERS_SERVICE_ADDR'] || '127.0.0.1:50052', deadlineMs: 10_000 });
  runIngestCli(process.argv.slice(2), client, { out: (l) => console.log(l), err: (l) => console.error(l) }, () => delay(250))
    .then((code) => {
      client.close();
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      client.close();
      console.error(error);
      process.exitCode = 1;
    });
}
