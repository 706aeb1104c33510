import { lenderDirectoryFileSchema } from '@lib/partner-delivery';
import { freePort } from '@lib/test-support';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { until } from './stalls';

const workspaceRoot = path.resolve(__dirname, '../../..');

/** The built partner sandbox (`npx nx run partner-sandbox:build`; a test target using it dependsOn that build). */
export const PARTNER_SANDBOX_SCRIPT = path.join(workspaceRoot, 'dist/apps/partner-sandbox/src/main.js');
/** The lender file the sandbox plays by default, the one leads reads in local runs. */
export const SANDBOX_LENDER_FILE = path.join(workspaceRoot, 'deploy/lenders/lender-delivery.sandbox.json');

/*
 * The sandbox's inspection API (apps/partner-sandbox/README.md, "Inspection API"), parsed strictly:
 * a field the sandbox adds, drops or renames fails the sandbox's own integration test here first.
 */
const decidedSchema = z.enum(['accepted', 'rejected']);

export const sandboxDeliverySchema = z.strictObject({
  deliveryId: z.string(),
  applicationId: z.string(),
  lender: z.string(),
  receivedAt: z.string(),
  fields: z.array(z.string()),
  decision: z.enum(['accepted', 'rejected', 'pending', 'timeout']),
  reason: z.string().nullable(),
  attempts: z.number().int(),
  repeats: z.number().int(),
  callback: z.enum(['none', 'pending', 'sent']),
  callbackDecision: decidedSchema.nullable(),
  callbackReason: z.string().nullable(),
  callbackStatus: z.number().int().nullable(),
});
export type SandboxDelivery = z.output<typeof sandboxDeliverySchema>;

const applicationAtLenderSchema = z.strictObject({
  applicationId: z.string(),
  lender: z.string(),
  deliveries: z.number().int(),
  deliveryIds: z.array(z.string()),
});

export const sandboxSummarySchema = z.strictObject({
  deliveries: z.number().int(),
  repeats: z.number().int(),
  lenders: z.record(
    z.string(),
    z.strictObject({
      deliveries: z.number().int(),
      repeats: z.number().int(),
      accepted: z.number().int(),
      rejected: z.number().int(),
      pending: z.number().int(),
      timeout: z.number().int(),
    }),
  ),
  applications: z.array(applicationAtLenderSchema),
  duplicates: z.array(applicationAtLenderSchema),
});
export type SandboxSummary = z.output<typeof sandboxSummarySchema>;

export interface PartnerSandboxOptions {
  /** Where the 'decide-later' lenders post their decisions (LEAD_STATUS_CALLBACK_URL). */
  callbackUrl: string;
  /** The lender file to play; a secret is generated for each of its lenders. Default: SANDBOX_LENDER_FILE. */
  lenderFile?: string;
  /** SANDBOX_LATER_MS: how long before a 'decide-later' lender posts its decision. */
  laterMs?: number;
  /** SANDBOX_TIMEOUT_HOLD_MS: how long the 'timeout' lender holds a request before dropping it. */
  timeoutHoldMs?: number;
  /** More of the sandbox's variables (they win over the ones above). */
  env?: Record<string, string>;
}

export interface PartnerSandbox {
  /** http://127.0.0.1:<port>, the same across restarts. */
  url: string;
  /** The generated secret of each lender, by its secretEnv (LENDER_SECRET_VIVUS → 64 hex digits). */
  secrets: Record<string, string>;
  /** What the sending side needs to reach the sandbox: PARTNER_SANDBOX_URL and every LENDER_SECRET_*. */
  env: Record<string, string>;
  /** The sandbox's state file (kept across restarts, removed by stop()). */
  stateFile: string;
  /** GET /deliveries (of one application when given). */
  deliveries(applicationId?: string): Promise<SandboxDelivery[]>;
  /** GET /deliveries/summary. */
  summary(): Promise<SandboxSummary>;
  /** Sends the signal (default SIGKILL) and resolves with how the process ended. */
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Starts it again (stopping it first with SIGTERM if it runs) on the same port, secrets and state file. */
  restart(): Promise<void>;
  /** SIGTERM, waits for the exit, removes the temporary folder. */
  stop(): Promise<void>;
  /** The process's output so far (stdout and stderr lines), for a failing test's message. */
  output(): readonly string[];
}

/**
 * Starts the built partner sandbox as a child process on a free loopback port with a fresh random
 * secret for every lender of the lender file, a state file in a temporary folder and the given
 * callback URL, and waits until /healthz answers.
 */
export async function startPartnerSandbox(options: PartnerSandboxOptions): Promise<PartnerSandbox> {
  if (!existsSync(PARTNER_SANDBOX_SCRIPT))
    throw new Error(`${PARTNER_SANDBOX_SCRIPT} is missing: run npx nx run partner-sandbox:build first`);
  const lenderFile = options.lenderFile ?? SANDBOX_LENDER_FILE;
  const lenders = lenderDirectoryFileSchema.parse(JSON.parse(readFileSync(lenderFile, 'utf8'))).lenders;
  // 32 random bytes as 64 hex digits, as `openssl rand -hex 32` makes them for a real lender.
  const secrets = Object.fromEntries(lenders.map((l) => [l.secretEnv, randomBytes(32).toString('hex')]));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const folder = await mkdtemp(path.join(tmpdir(), 'partner-sandbox-'));
  const stateFile = path.join(folder, 'deliveries.jsonl');
  const env = { PARTNER_SANDBOX_URL: url, ...secrets };
  const childEnv = {
    PATH: process.env['PATH'] ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PARTNER_SANDBOX_HOST: '127.0.0.1',
    PARTNER_SANDBOX_PORT: String(port),
    LENDER_DELIVERY_FILE: lenderFile,
    LEAD_STATUS_CALLBACK_URL: options.callbackUrl,
    SANDBOX_STATE_FILE: stateFile,
    ...(options.laterMs === undefined ? {} : { SANDBOX_LATER_MS: String(options.laterMs) }),
    ...(options.timeoutHoldMs === undefined
      ? {}
      : { SANDBOX_TIMEOUT_HOLD_MS: String(options.timeoutHoldMs) }),
    ...env,
    ...options.env,
  };

  const output: string[] = [];
  let child: ChildProcess | undefined;
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> = Promise.resolve({
    code: null,
    signal: null,
  });
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const killOnExit = () => child?.kill('SIGKILL');
  process.on('exit', killOnExit);

  const launch = async () => {
    const started = spawn(process.execPath, [PARTNER_SANDBOX_SCRIPT], {
      cwd: workspaceRoot,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    const keep = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    started.stdout.on('data', keep);
    started.stderr.on('data', keep);
    exited = new Promise((resolve) => started.once('exit', (code, signal) => resolve({ code, signal })));
    // Ready: /healthz answers; the test's timeout bounds the wait.
    await until(async () => {
      if (started.exitCode !== null || started.signalCode !== null)
        throw new Error(`the partner sandbox exited before it was ready:\n${output.slice(-20).join('\n')}`);
      return fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) })
        .then((res) => res.status === 200)
        .catch(() => false);
    });
  };
  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (running()) child?.kill(signal);
    return exited;
  };
  const stop = async () => {
    await kill('SIGTERM');
    process.removeListener('exit', killOnExit);
    await rm(folder, { recursive: true, force: true });
  };
  const getJson = async (pathAndQuery: string): Promise<unknown> => {
    const response = await fetch(`${url}${pathAndQuery}`, { signal: AbortSignal.timeout(5_000) });
    if (response.status !== 200)
      throw new Error(`GET ${pathAndQuery} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };

  await launch().catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return {
    url,
    secrets,
    env,
    stateFile,
    async deliveries(applicationId) {
      const query = applicationId === undefined ? '' : `?application_id=${encodeURIComponent(applicationId)}`;
      return z
        .strictObject({ deliveries: z.array(sandboxDeliverySchema) })
        .parse(await getJson(`/deliveries${query}`)).deliveries;
    },
    async summary() {
      return sandboxSummarySchema.parse(await getJson('/deliveries/summary'));
    },
    kill,
    async restart() {
      await kill('SIGTERM');
      await launch();
    },
    stop,
    output: () => output,
  };
}
