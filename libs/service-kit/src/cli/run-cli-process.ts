import { CLI_EXIT, type CliCommand, type CliOutput } from './cli-command';
import { describeBug, runCli } from './run-cli';

/** The part of `process` a command's entry point uses; tests pass a stand-in. */
export interface CliProcess {
  argv: readonly string[];
  env: Record<string, string | undefined>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  on(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  exit(code: number): void;
}

/**
 * A command's process entry point (`if (require.main === module) runCliProcess(command)`): runs it
 * on the process's arguments, environment and stdio and exits with its code. The first Ctrl-C (or
 * SIGTERM) interrupts the command, a second one exits at once.
 */
export async function runCliProcess<A, C>(
  command: CliCommand<A, C>,
  proc: CliProcess = process,
): Promise<void> {
  const io: CliOutput = {
    out: (line) => proc.stdout.write(`${line}\n`),
    err: (line) => proc.stderr.write(`${line}\n`),
  };
  const interrupt = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => () => {
    if (interrupt.signal.aborted) proc.exit(CLI_EXIT.interrupted);
    else interrupt.abort(signal);
  };
  proc.on('SIGINT', onSignal('SIGINT'));
  proc.on('SIGTERM', onSignal('SIGTERM'));
  let code: number;
  try {
    code = await runCli(command, {
      argv: proc.argv.slice(2),
      env: proc.env,
      io,
      interrupt: interrupt.signal,
    });
  } catch (error) {
    // Only a bug gets here (runCli answers every expected failure with a code): its stack helps.
    io.err(describeBug(command.name, error));
    code = CLI_EXIT.failed;
  }
  proc.exit(code);
}
