import { type Logger } from '@lib/observability';
import { type AddressInfo } from 'node:net';
import { SandboxUseCases } from './application/sandbox.use-cases';
import { Ledger, LedgerError } from './domain/ledger';
import { assembleLenders } from './domain/sandbox-lenders';
import { CallbackDispatcher } from './jobs/callback-dispatcher';
import { postCallback } from './persistence/callback-client';
import { DeliveryLogError, FileDeliveryLog } from './persistence/delivery-log';
import { readSandboxFiles } from './persistence/sandbox-files';
import { type SandboxConfig } from './sandbox.config';
import { createSandboxServer } from './transport/http-server';

/** What stops a start and no restart fixes: a file to correct first (exit code 78). */
export class StartupError extends Error {
  override name = 'StartupError';
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}

export interface RunningSandbox {
  url: string;
  /** Stops intake, drops held requests, lets answers in progress finish (at most `graceMs`), closes the state file. */
  stop(graceMs?: number): Promise<void>;
}

/** Reads the files and the state, then listens. Throws StartupError for a problem with the files. */
export async function startSandbox(
  config: SandboxConfig,
  env: Readonly<Record<string, string | undefined>>,
  logger: Logger,
): Promise<RunningSandbox> {
  const files = await readSandboxFiles({
    lenderFile: config.LENDER_DELIVERY_FILE,
    feed: config.PARTNER_SANDBOX_FEED,
    behaviourFile: config.SANDBOX_BEHAVIOUR_FILE,
  });
  if ('problems' in files) throw new StartupError(files.problems);
  const ownUrl = `http://${config.PARTNER_SANDBOX_HOST}:${config.PARTNER_SANDBOX_PORT}`;
  const assembled = assembleLenders({
    ...files.ok,
    // The lender file's endpoints name the sandbox's own address; the sandbox itself needs none of them.
    env: { PARTNER_SANDBOX_URL: ownUrl, ...env },
    day: new Date().toISOString().slice(0, 10),
  });
  if ('problems' in assembled) throw new StartupError(assembled.problems);
  const lenders = assembled.ok;

  const ledger = new Ledger();
  let opened: Awaited<ReturnType<typeof FileDeliveryLog.open>>;
  try {
    opened = await FileDeliveryLog.open(config.SANDBOX_STATE_FILE);
    for (const event of opened.events) ledger.apply(event);
  } catch (error) {
    if (error instanceof DeliveryLogError || error instanceof LedgerError)
      throw new StartupError([
        `state file ${config.SANDBOX_STATE_FILE}: ${error.message} (delete the file to start with no deliveries)`,
      ]);
    throw error;
  }
  const log = opened.log;

  const secrets = new Map(lenders.map((l) => [l.slug, l.secret]));
  // The use cases schedule callbacks and the dispatcher records their end through the use cases.
  const useCases = new SandboxUseCases({
    lenders,
    ledger,
    log,
    callbacks: { schedule: (job) => dispatcher.schedule(job) },
    laterMs: config.SANDBOX_LATER_MS,
    now: () => new Date(),
  });
  const dispatcher = new CallbackDispatcher({
    send: (callback, signal) => postCallback(config.LEAD_STATUS_CALLBACK_URL, callback, signal),
    done: (deliveryId, status) => useCases.callbackDone(deliveryId, status),
    secretOf: (lender) => secrets.get(lender),
    onAttempt: (job, attempt, outcome) =>
      logger.info(
        { deliveryId: job.deliveryId, lender: job.lender, attempt, outcome },
        'lead status callback attempt',
      ),
  });
  const pending = useCases.pendingCallbacks();
  for (const job of pending) dispatcher.schedule(job);

  const http = createSandboxServer({
    useCases,
    lenders: new Map(lenders.map((l) => [l.slug, l])),
    holdMs: config.SANDBOX_TIMEOUT_HOLD_MS,
    nowSeconds: () => Date.now() / 1000,
    logger,
  });
  const server = http.server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PARTNER_SANDBOX_PORT, config.PARTNER_SANDBOX_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  logger.info(
    {
      url,
      lenders: Object.fromEntries(lenders.map((l) => [l.slug, l.enabled ? l.behaviour : 'disabled'])),
      stateFile: config.SANDBOX_STATE_FILE,
      deliveries: ledger.all().length,
      pendingCallbacks: pending.length,
    },
    'partner sandbox listening',
  );

  let stopping: Promise<void> | undefined;
  const stop = (graceMs = 5_000) =>
    (stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      http.releaseHeld();
      server.closeIdleConnections();
      const grace = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearTimeout(grace);
      dispatcher.stop();
      await log.close();
    })());
  return { url, stop };
}
