import { EventEmitter } from 'node:events';
import { parseArgs } from 'node:util';
import { env } from '@lib/config';
import { createLogger } from '@lib/observability';
import { z } from 'zod';
import {
  CLI_EXIT,
  CliFailure,
  CliUsageError,
  noArguments,
  type CliCommand,
  type CliContext,
} from './cli-command';
import { runCli } from './run-cli';
import { runCliProcess } from './run-cli-process';

const silent = createLogger({ name: 'test', level: 'silent' });

const greetEnv = z.object({
  GREETING_ADDR: env.hostPort('127.0.0.1:50051'),
  GREETING_TOKEN: z.string().min(8, 'must be at least 8 characters'),
  LOG_LEVEL: env.logLevel,
});
type GreetEnv = z.output<typeof greetEnv>;

/** A command like the real ones: an option, a positional, a validated environment and a body. */
function greetCommand(
  body: (ctx: CliContext<{ name: string; loud: boolean }, GreetEnv>) => Promise<number>,
  extra: Partial<CliCommand<{ name: string; loud: boolean }, GreetEnv>> = {},
): CliCommand<{ name: string; loud: boolean }, GreetEnv> {
  return {
    name: 'greet:say',
    usage: 'usage: npm run greet:say -- [--loud] <name>',
    parseArgs(argv) {
      const { values, positionals } = parseArgs({
        args: argv,
        allowPositionals: true,
        options: { loud: { type: 'boolean' } },
      });
      const [name, ...rest] = positionals;
      if (!name || rest.length > 0) throw new CliUsageError('exactly one name is required');
      return { name, loud: values.loud === true };
    },
    env: greetEnv,
    run: body,
    ...extra,
  };
}

const GOOD_ENV = { GREETING_TOKEN: 'secret-token' };

function recorder() {
  const lines: string[] = [];
  return { lines, io: { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`ERR ${l}`) } };
}

describe('runCli', () => {
  it('runs the body with the parsed arguments and the validated environment, and answers its code', async () => {
    const { lines, io } = recorder();
    const seen: unknown[] = [];
    const command = greetCommand(({ args, config, io: out, processName }) => {
      seen.push(args, config, processName);
      out.out(`hello ${args.name}`);
      return Promise.resolve(args.loud ? 0 : 4);
    });

    await expect(
      runCli(command, { argv: ['--loud', 'Ola'], env: GOOD_ENV, io, logger: silent }),
    ).resolves.toBe(0);
    expect(lines).toEqual(['hello Ola']);
    // A command's log carries warnings only unless LOG_LEVEL asks for more.
    expect(seen).toEqual([
      { name: 'Ola', loud: true },
      { GREETING_ADDR: '127.0.0.1:50051', GREETING_TOKEN: 'secret-token', LOG_LEVEL: 'warn' },
      'greet-say',
    ]);
    await expect(
      runCli(command, { argv: ['Ola'], env: { ...GOOD_ENV, LOG_LEVEL: 'debug' }, io, logger: silent }),
    ).resolves.toBe(4);
    expect(seen.at(-2)).toMatchObject({ LOG_LEVEL: 'debug' });
  });

  it('prints the usage for --help or -h and exits 0 without reading the environment or running the body', async () => {
    const body = jest.fn(() => Promise.resolve(0));
    for (const argv of [['--help'], ['Ola', '-h']]) {
      const { lines, io } = recorder();
      await expect(
        runCli(greetCommand(body), { argv, env: { GREETING_ADDR: 'nonsense' }, io, logger: silent }),
      ).resolves.toBe(0);
      expect(lines).toEqual(['usage: npm run greet:say -- [--loud] <name>']);
    }
    // After `--` a "-h" is an argument like any other.
    const { io } = recorder();
    await expect(
      runCli(greetCommand(body), { argv: ['--', '-h'], env: GOOD_ENV, io, logger: silent }),
    ).resolves.toBe(0);
    expect(body).toHaveBeenCalledTimes(1);
  });

  it('exits 2 with the problem and the usage on bad arguments, before the environment is checked', async () => {
    const body = jest.fn(() => Promise.resolve(0));
    const cases: Array<[string[], string]> = [
      [['--shout', 'Ola'], "ERR Unknown option '--shout'"],
      [['Ola', 'Ela'], 'ERR exactly one name is required'],
    ];
    for (const [argv, problem] of cases) {
      const { lines, io } = recorder();
      await expect(runCli(greetCommand(body), { argv, env: {}, io, logger: silent })).resolves.toBe(
        CLI_EXIT.badArguments,
      );
      expect(lines[0]).toContain(problem);
      expect(lines.slice(1)).toEqual(['ERR usage: npm run greet:say -- [--loud] <name>']);
    }
    expect(body).not.toHaveBeenCalled();
  });

  it('refuses any argument to a command that takes none', async () => {
    const { lines, io } = recorder();
    const command: CliCommand<void, GreetEnv> = {
      name: 'greet:all',
      usage: 'usage: npm run greet:all',
      parseArgs: noArguments,
      env: greetEnv,
      run: () => Promise.resolve(0),
    };
    await expect(runCli(command, { argv: [], env: GOOD_ENV, io, logger: silent })).resolves.toBe(0);
    await expect(runCli(command, { argv: ['--force'], env: GOOD_ENV, io, logger: silent })).resolves.toBe(2);
    await expect(runCli(command, { argv: ['now'], env: GOOD_ENV, io, logger: silent })).resolves.toBe(2);
    expect(lines.filter((line) => line.startsWith('ERR usage:'))).toHaveLength(2);
  });

  it('exits 78 with one line naming each bad or missing variable, as the services do, and never runs the body', async () => {
    const body = jest.fn(() => Promise.resolve(0));
    const { lines, io } = recorder();
    await expect(
      runCli(greetCommand(body), { argv: ['Ola'], env: { GREETING_ADDR: 'http://x' }, io, logger: silent }),
    ).resolves.toBe(78);
    expect(lines).toEqual([
      'ERR Invalid configuration: GREETING_ADDR="http://x" must be host:port, e.g. 127.0.0.1:50051; GREETING_TOKEN Invalid input: expected string, received undefined',
    ]);
    expect(body).not.toHaveBeenCalled();
  });

  it('prints an expected failure as its one-line message with its own code, and a bug with its stack and 1', async () => {
    const { lines, io } = recorder();
    const failing = greetCommand(() =>
      Promise.reject(new CliFailure('the greeting service refused: busy', 3)),
    );
    await expect(runCli(failing, { argv: ['Ola'], env: GOOD_ENV, io, logger: silent })).resolves.toBe(3);
    expect(lines).toEqual(['ERR the greeting service refused: busy']);

    lines.length = 0;
    const usage = greetCommand(() => Promise.reject(new CliUsageError('Ola is not greeted on Sundays')));
    await expect(runCli(usage, { argv: ['Ola'], env: GOOD_ENV, io, logger: silent })).resolves.toBe(2);
    expect(lines).toEqual([
      'ERR Ola is not greeted on Sundays',
      'ERR usage: npm run greet:say -- [--loud] <name>',
    ]);

    lines.length = 0;
    const buggy = greetCommand(() => {
      throw new TypeError('x is undefined');
    });
    await expect(runCli(buggy, { argv: ['Ola'], env: GOOD_ENV, io, logger: silent })).resolves.toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ERR greet:say failed: TypeError: x is undefined\n\s+at /);
  });

  it('closes what the body deferred, last first, whether it succeeded or failed', async () => {
    const { io } = recorder();
    const closed: string[] = [];
    const body = ({ defer }: CliContext<unknown, unknown>, fail: boolean) => {
      defer(() => closed.push('database'));
      defer(() => {
        closed.push('cache');
        throw new Error('cache would not close');
      });
      return fail ? Promise.reject(new CliFailure('stopped')) : Promise.resolve(0);
    };
    await expect(
      runCli(
        greetCommand((ctx) => body(ctx, false)),
        { argv: ['Ola'], env: GOOD_ENV, io, logger: silent },
      ),
    ).resolves.toBe(0);
    await expect(
      runCli(
        greetCommand((ctx) => body(ctx, true)),
        { argv: ['Ola'], env: GOOD_ENV, io, logger: silent },
      ),
    ).resolves.toBe(1);
    expect(closed).toEqual(['cache', 'database', 'cache', 'database']);
  });

  it('on an interruption ends a body that does not watch for it with 130, after closing what it deferred', async () => {
    const { lines, io } = recorder();
    const interrupt = new AbortController();
    const closed: string[] = [];
    const never = greetCommand(({ defer }) => {
      defer(() => closed.push('connection'));
      setImmediate(() => interrupt.abort('SIGINT'));
      return new Promise<number>((_resolve, reject) =>
        setTimeout(() => reject(new Error('connection closed')), 50),
      );
    });
    await expect(
      runCli(never, { argv: ['Ola'], env: GOOD_ENV, io, logger: silent, interrupt: interrupt.signal }),
    ).resolves.toBe(130);
    expect(closed).toEqual(['connection']);
    await new Promise((resolve) => setTimeout(resolve, 80));
    // The body's own failure afterwards, on what was closed under it, is not reported.
    expect(lines).toEqual(['ERR greet:say interrupted']);
  });

  it('lets a body that stops on an interruption answer for itself (a tail: 0 after Ctrl-C)', async () => {
    const { lines, io } = recorder();
    const interrupt = new AbortController();
    const tail = greetCommand(
      async ({ interrupted, signal, io: out }) => {
        setImmediate(() => interrupt.abort('SIGINT'));
        await interrupted;
        out.out(`stopped: ${String(signal.reason)}`);
        return 0;
      },
      { stopsOnInterrupt: true },
    );
    await expect(
      runCli(tail, { argv: ['Ola'], env: GOOD_ENV, io, logger: silent, interrupt: interrupt.signal }),
    ).resolves.toBe(0);
    expect(lines).toEqual(['stopped: SIGINT']);
  });
});

describe('runCliProcess', () => {
  /** A stand-in for `process`: arguments, environment, captured stdio, signals on demand, the exit code. */
  function fakeProcess(argv: string[], environment: Record<string, string>) {
    const signals = new EventEmitter();
    let stdout = '';
    let stderr = '';
    const exits: number[] = [];
    return {
      proc: {
        argv: ['node', 'greet.cli.js', ...argv],
        env: environment,
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: (text: string) => (stderr += text) },
        on: (signal: 'SIGINT' | 'SIGTERM', listener: () => void) => signals.on(signal, listener),
        exit: (code: number) => void exits.push(code),
      },
      send: (signal: 'SIGINT' | 'SIGTERM') => signals.emit(signal),
      output: () => ({ stdout, stderr, exits }),
    };
  }

  it('exits with the command code, the results on stdout and problems on stderr', async () => {
    const ok = fakeProcess(['Ola'], GOOD_ENV);
    await runCliProcess(
      greetCommand(({ args, io }) => {
        io.out(`hello ${args.name}`);
        return Promise.resolve(0);
      }),
      ok.proc,
    );
    expect(ok.output()).toEqual({ stdout: 'hello Ola\n', stderr: '', exits: [0] });

    const badConfig = fakeProcess(['Ola'], { GREETING_TOKEN: 'short' });
    await runCliProcess(
      greetCommand(() => Promise.resolve(0)),
      badConfig.proc,
    );
    expect(badConfig.output()).toEqual({
      stdout: '',
      stderr: 'Invalid configuration: GREETING_TOKEN="short" must be at least 8 characters\n',
      exits: [78],
    });
  });

  it('interrupts the command on the first Ctrl-C and exits at once on the second', async () => {
    const run = fakeProcess(['Ola'], GOOD_ENV);
    const tail = greetCommand(
      async ({ interrupted }) => {
        run.send('SIGINT');
        await interrupted;
        run.send('SIGINT');
        return 0;
      },
      { stopsOnInterrupt: true },
    );
    await runCliProcess(tail, run.proc);
    expect(run.output().exits).toEqual([130, 0]);
  });
});
