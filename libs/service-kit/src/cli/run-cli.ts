import { ConfigError, loadConfig } from '@lib/config';
import { createLogger, type Logger } from '@lib/observability';
import {
  CLI_EXIT,
  CliFailure,
  CliUsageError,
  type CliCommand,
  type CliContext,
  type CliOutput,
} from './cli-command';

export interface CliRunOptions {
  argv: readonly string[];
  env: Record<string, string | undefined>;
  io: CliOutput;
  /** Default: JSON lines on stderr at the environment's LOG_LEVEL (`warn` when unset). */
  logger?: Logger;
  /** Aborted when the run is to stop (the process entry point wires SIGINT and SIGTERM to it). */
  interrupt?: AbortSignal;
}

const asksForHelp = (argv: readonly string[]) => {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
};

/**
 * node:util parseArgs rejects unknown options, missing values and stray positionals with these codes
 * (told by the code: its TypeError may come from another realm, as under Jest).
 */
const isParseArgsError = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS_');

/**
 * A command prints its own summary: its JSON log carries warnings only, unless LOG_LEVEL asks for
 * more (the services' default of `info` would bury the summary in start-up lines).
 */
const withQuietLogs = (env: CliRunOptions['env']) =>
  env['LOG_LEVEL']?.trim() ? env : { ...env, LOG_LEVEL: 'warn' };

const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });

/** A failure nobody expected is a bug: its stack says where. */
export const describeBug = (name: string, error: unknown) => {
  const stack = (error as { stack?: unknown } | null)?.stack;
  return `${name} failed: ${typeof stack === 'string' ? stack : String(error)}`;
};

const levelOf = (config: unknown) => {
  const level = (config as { LOG_LEVEL?: unknown } | undefined)?.LOG_LEVEL;
  return typeof level === 'string' ? level : 'warn';
};

/**
 * Runs one command: --help, its arguments, its environment, then its body, and resolves to the
 * exit code (never exits the process itself; see runCliProcess). 0 ok, 1 failed, 2 bad arguments,
 * 78 bad environment (one line naming each bad variable), 130 interrupted, or a code the command
 * documents. A CliFailure prints its message as one line; anything else thrown is a bug and prints
 * its stack.
 */
export async function runCli<A, C>(command: CliCommand<A, C>, options: CliRunOptions): Promise<number> {
  const { io } = options;
  if (asksForHelp(options.argv)) {
    io.out(command.usage);
    return CLI_EXIT.ok;
  }

  let args: A;
  try {
    args = command.parseArgs([...options.argv]);
  } catch (error) {
    if (!(error instanceof CliUsageError) && !isParseArgsError(error)) throw error;
    io.err((error as Error).message);
    io.err(command.usage);
    return CLI_EXIT.badArguments;
  }

  let config: C;
  try {
    config = loadConfig(command.env, withQuietLogs(options.env));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(error.message);
    return CLI_EXIT.badConfig;
  }

  return runBody(command, args, config, options);
}

/** The body, with what it opened closed afterwards, and the answer to an interruption. */
async function runBody<A, C>(
  command: CliCommand<A, C>,
  args: A,
  config: C,
  options: CliRunOptions,
): Promise<number> {
  const { io } = options;
  const processName = command.name.replace(/:/g, '-');
  const logger =
    options.logger ??
    createLogger({ name: processName, level: levelOf(config), destination: process.stderr });
  const cleanups: Array<() => unknown> = [];
  const stop = new AbortController();
  let answered = false;
  const ctx: CliContext<A, C> = {
    processName,
    args,
    config,
    logger,
    io,
    signal: stop.signal,
    interrupted: untilAborted(stop.signal),
    defer: (cleanup) => void cleanups.push(cleanup),
  };

  const report = (error: unknown): number => {
    // After an interruption the body may still fail on what was closed under it: nobody asked.
    if (answered) return CLI_EXIT.interrupted;
    if (error instanceof CliFailure) {
      io.err(error.message);
      if (error instanceof CliUsageError) io.err(command.usage);
      return error.exitCode;
    }
    io.err(describeBug(command.name, error));
    return CLI_EXIT.failed;
  };
  const finished = Promise.resolve()
    .then(() => command.run(ctx))
    .catch(report);

  const interrupted = options.interrupt ? untilAborted(options.interrupt) : new Promise<never>(() => {});
  let code = await Promise.race([finished, interrupted.then(() => undefined)]);
  if (code === undefined) {
    stop.abort(options.interrupt?.reason);
    if (command.stopsOnInterrupt) code = await finished;
    else {
      io.err(`${command.name} interrupted`);
      code = CLI_EXIT.interrupted;
    }
  }
  answered = true;
  await closeAll(cleanups, logger);
  return code;
}

async function closeAll(cleanups: Array<() => unknown>, logger: Logger): Promise<void> {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      // The command's answer stands; a connection that would not close is worth a warning only.
      logger.warn({ err: error }, 'a resource of the command did not close');
    }
  }
}
