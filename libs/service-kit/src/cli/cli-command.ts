import { parseArgs } from 'node:util';
import { type Logger } from '@lib/observability';
import { type z } from 'zod';

/** Where a command writes, one line per call: its results on `out`, problems on `err`. */
export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

/**
 * The exit codes every command shares (README, "Other scripts"). A command may document more of
 * its own through CliFailure (events:replay exits 3 while the consumer group is active).
 */
export const CLI_EXIT = {
  ok: 0,
  failed: 1,
  badArguments: 2,
  /** EX_CONFIG from sysexits.h, as the services exit on an invalid environment. */
  badConfig: 78,
  /** 128 + SIGINT, as a shell reports a process stopped by Ctrl-C. */
  interrupted: 130,
} as const;

/** What a command's body is given: its checked arguments and environment, and the run's means. */
export interface CliContext<A, C> {
  /** The command's name without colons (`content-import`): its logger's and its connections' name. */
  processName: string;
  args: A;
  config: C;
  /** JSON lines on stderr (stdout is the command's output), at LOG_LEVEL, `warn` by default. */
  logger: Logger;
  io: CliOutput;
  /** Aborted on Ctrl-C (SIGINT) or SIGTERM. */
  signal: AbortSignal;
  /** Resolves when `signal` aborts: for a body that waits for Ctrl-C (stopsOnInterrupt). */
  interrupted: Promise<void>;
  /**
   * Registers what to close once the body has ended, failed or been interrupted; the last one
   * registered runs first, so a resource closes before what it was opened on.
   */
  defer: (cleanup: () => unknown) => void;
}

export interface CliCommand<A, C> {
  /** The npm script (`content:import`): it starts the line printed when the command fails unexpectedly. */
  name: string;
  /** Printed for --help (exit 0) and after a bad argument (exit 2). */
  usage: string;
  /**
   * The arguments, checked (node:util parseArgs and the command's own rules): an error thrown by
   * parseArgs or a CliUsageError means bad arguments. --help and -h never reach it.
   */
  parseArgs(argv: string[]): A;
  /** The variables the command reads, validated like a service's (one line naming each bad one, exit 78). */
  env: z.ZodType<C>;
  /**
   * Whether the body watches `signal` and returns on its own when interrupted (a tail that runs until
   * Ctrl-C). Otherwise an interruption closes what the body deferred and ends the run with 130.
   */
  stopsOnInterrupt?: boolean;
  /** The command itself; resolves to the exit code. */
  run(ctx: CliContext<A, C>): Promise<number>;
}

/** An expected failure: printed as its message alone, one line without a stack, exiting with `exitCode`. */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number = CLI_EXIT.failed,
  ) {
    super(message);
    this.name = 'CliFailure';
  }
}

/** Arguments the command cannot work with: the message, then the usage, exit 2. */
export class CliUsageError extends CliFailure {
  constructor(message: string) {
    super(message, CLI_EXIT.badArguments);
    this.name = 'CliUsageError';
  }
}

/** CliCommand.parseArgs of a command that takes no arguments: anything given is refused (exit 2). */
export const noArguments = (argv: string[]): void => {
  parseArgs({ args: argv, options: {}, allowPositionals: false });
};
