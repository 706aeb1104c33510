import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './ports';

/** An address as MailDev reports it. */
export interface CaughtAddress {
  address: string;
  name: string;
}

/** One mail as MailDev's REST API lists it (`GET /email`), the fields tests read. */
export interface CaughtMail {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  from: CaughtAddress[];
  to: CaughtAddress[];
  /** The Message-ID without its angle brackets, e.g. `3f0c…@localhost`. */
  messageId?: string;
  /** Header names in lower case, e.g. `headers['message-id']` with its angle brackets. */
  headers: Record<string, unknown>;
  /** What the SMTP client said: MAIL FROM and RCPT TO. */
  envelope: { from: { address: string }; to: Array<{ address: string }> };
  date?: string;
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  smtpUrl: string;
  /** MailDev's web UI and REST API, `http://127.0.0.1:<port>`. */
  webUrl: string;
  /** Every mail caught so far, oldest first. */
  messages(): Promise<CaughtMail[]>;
  /** The first caught mail that matches, waiting for it up to timeoutMs (default 10 s). */
  waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  /** Forgets every caught mail. */
  clear(): Promise<void>;
  /** Stops both servers and removes the mail directory. Close SMTP clients first: MailDev waits up to 2 s for them. */
  stop(): Promise<void>;
}

// ---- the part of maildev's programmatic API used here (the package ships no types) ------------

interface MailDevOptions {
  smtp: number;
  web: number;
  ip: string;
  silent: boolean;
  mailDirectory: string;
}

interface SmtpServerLike {
  on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
  removeListener(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
  options: { closeTimeout?: number };
}

interface MailDevServer {
  store: unknown[];
  smtp: SmtpServerLike;
  onSmtpError: (error: NodeJS.ErrnoException) => void;
  listen(): Promise<void>;
  close(callback: () => void): void;
  removeAllListeners(): void;
}

interface MailDevWeb {
  server: { on(event: 'error', listener: (error: Error) => void): unknown } | null;
}

/** MailDev keeps its servers in module state: one catcher at a time per module registry. */
let running: MailCatcher | undefined;

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * MailDev in this process on free loopback ports: its SMTP server catches what a test sends and
 * its REST API (`GET /email`) reads it back. One at a time (MailDev is a singleton); stop() it
 * before starting another.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  if (running) throw new Error('a mail catcher is already running in this test file; stop() it first');
  let lastError: unknown;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      running = await startOnce();
      return running;
    } catch (error) {
      // Another process took a port between freePort() and listen(): try new ones.
      lastError = error;
    }
  }
  throw new Error(`MailDev did not start: ${String(lastError)}`);
}

async function startOnce(): Promise<MailCatcher> {
  const [smtpPort, webPort] = [await freePort(), await freePort()];
  const mailDirectory = mkdtempSync(path.join(tmpdir(), 'mail-catcher-'));
  const signalListeners = SIGNALS.map((signal) => new Set(process.listeners(signal)));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const MailDev = require('maildev') as new (options: MailDevOptions) => MailDevServer;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const web = require('maildev/lib/web') as MailDevWeb;
  const server = new MailDev({ smtp: smtpPort, web: webPort, ip: '127.0.0.1', silent: true, mailDirectory });
  // MailDev's CLI exits the process on SIGTERM/SIGINT; a test process keeps its own handling.
  SIGNALS.forEach((signal, i) => {
    for (const listener of process.listeners(signal))
      if (!signalListeners[i]!.has(listener)) process.removeListener(signal, listener);
  });
  // Its own SMTP error handler throws (an uncaught exception); failures are reported here instead.
  let failure: Error | undefined;
  const failed = new Promise<never>((_, reject) => {
    const fail = (error: Error) => {
      failure = error;
      reject(error);
    };
    server.smtp.removeListener('error', server.onSmtpError);
    server.smtp.on('error', (error) => {
      if (error.code !== 'ECONNRESET') fail(error);
    });
    web.server?.on('error', fail);
  });
  failed.catch(() => undefined);
  // A client left connected holds the SMTP server's close this long (its default is 30 s).
  server.smtp.options.closeTimeout = 2_000;
  server.store.length = 0;

  const smtpUrl = `smtp://127.0.0.1:${smtpPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await new Promise<void>((resolve) => server.close(resolve));
    server.removeAllListeners();
    server.store.length = 0;
    rmSync(mailDirectory, { recursive: true, force: true });
    if (running === catcher) running = undefined;
  };

  // What the tests read back goes through MailDev's REST API, as a developer's browser would see it.
  const messages = async (): Promise<CaughtMail[]> => {
    const response = await fetch(`${webUrl}/email`, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`MailDev GET /email answered ${response.status}`);
    return (await response.json()) as CaughtMail[];
  };

  const catcher: MailCatcher = {
    smtpUrl,
    webUrl,
    messages,
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const caught = await messages();
        const found = caught.find(predicate);
        if (found) return found;
        if (Date.now() >= deadline) {
          const subjects = caught.map((m) => JSON.stringify(m.subject)).join(', ') || 'none';
          throw new Error(
            `no matching mail within ${timeoutMs} ms; caught: ${subjects}${failure ? `; MailDev failed: ${failure.message}` : ''}`,
          );
        }
        await sleep(100);
      }
    },
    // Emptied here, at once, rather than through MailDev's DELETE /email/all: that one lists the
    // directory after it has answered, and when a stop() came first (a test that sent nothing
    // after it), the listing found the directory gone and threw an uncaught ENOENT.
    clear() {
      server.store.length = 0;
      for (const entry of readdirSync(mailDirectory))
        rmSync(path.join(mailDirectory, entry), { recursive: true, force: true });
      return Promise.resolve();
    },
    stop,
  };

  try {
    await Promise.race([server.listen(), failed]);
    // The web server listens on its own; ready once it answers.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const ok = await Promise.race([
        fetch(`${webUrl}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
          (r) => r.ok,
          () => false,
        ),
        failed,
      ]);
      if (ok) break;
      if (Date.now() >= deadline) throw new Error(`MailDev's web server did not answer on ${webUrl}`);
      await sleep(50);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return catcher;
}
