import { loadConfigOrExit } from '@lib/config';
import { createLogger } from '@lib/observability';
import { refusal, sandboxConfigSchema } from './sandbox.config';
import { startSandbox, StartupError } from './start-sandbox';

/** EX_CONFIG (sysexits.h): what a restart does not fix; `npm start` stops the stack on it. */
const EXIT_CONFIG = 78;

const refused = refusal(process.env);
if (refused) {
  process.stderr.write(`${refused}\n`);
  process.exit(EXIT_CONFIG);
}
const config = loadConfigOrExit(sandboxConfigSchema);
const logger = createLogger({ name: 'partner-sandbox', level: config.LOG_LEVEL });

startSandbox(config, process.env, logger).then(
  (sandbox) => {
    const shutdown = (signal: NodeJS.Signals) => {
      logger.info({ signal }, 'partner sandbox stopping');
      sandbox.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'partner sandbox did not stop cleanly');
          process.exit(1);
        },
      );
    };
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);
  },
  (error: unknown) => {
    if (error instanceof StartupError) {
      process.stderr.write(
        `partner-sandbox cannot start:\n${error.problems.map((p) => `  ${p}`).join('\n')}\n`,
      );
      process.exit(EXIT_CONFIG);
    }
    process.stderr.write(`partner-sandbox failed to start: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
