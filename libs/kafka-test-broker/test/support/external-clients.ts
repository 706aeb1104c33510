import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Kafka clients other than kafkajs, as installed from Debian (CI's apt list: kcat, which is
 * librdkafka, and python3-kafka, which is kafka-python). They run as child processes, never
 * synchronously: the broker under test answers from this very process.
 */

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `file args`, feeding `input` on stdin; resolves when it exits or is killed after `timeoutMs`. */
export function run(
  file: string,
  args: string[],
  options: { input?: string; env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      env: options.env ?? process.env,
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** The first executable `name` on PATH, or null. */
function onPath(name: string): string | null {
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

export const KCAT: string | null = onPath('kcat');

/**
 * A python3 that can import kafka-python: the one on PATH first, then Debian's /usr/bin/python3
 * (python3-kafka installs there, and a pyenv or venv python on PATH does not see it). Probed once
 * when the module loads, before any broker runs (Jest collects tests synchronously).
 */
export const PYTHON_WITH_KAFKA: string | null =
  [...new Set([onPath('python3'), '/usr/bin/python3'])].find(
    (python): python is string =>
      python !== null &&
      spawnSync(python, ['-c', 'import kafka'], { stdio: 'ignore', timeout: 20_000 }).status === 0,
  ) ?? null;

/**
 * `describe` when the tool is there; otherwise `describe.skip` under a title that says why, and one
 * note on stderr, so a run without it reports these tests as skipped (CI installs both and fails
 * on any skip), never as passed.
 */
export function describeWithTool(
  tool: string | null,
  missing: string,
  title: string,
  body: () => void,
): void {
  const suite: jest.Describe = tool !== null ? describe : describe.skip;
  if (tool === null) process.stderr.write(`[kafka-test-broker] skipping "${title}": ${missing}\n`);
  suite(tool !== null ? title : `${title} — skipped: ${missing}`, body);
}
