import { Inject, Injectable, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import { SERVICE_CONFIG } from '@lib/service-kit';
import { type LeadsConfig, mailboxAddress } from '../leads.config';

/** One e-mail from the outbox, its content ready (domain/messages.ts). */
export interface OutgoingMail {
  /** The outbox row's id: the Message-ID becomes `<messageId@<MAIL_FROM's domain>>`, the same on every attempt. */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  /** Omitted: a plain-text mail (the SMS stand-in of SmsTransport). */
  html?: string;
}

/**
 * What an attempt came to, as a value: the dispatcher decides from `retryable` whether the message
 * waits for another attempt or fails for good. `reason` carries no address (it may be stored).
 */
export type SendOutcome = { sent: true } | { sent: false; retryable: boolean; reason: string };

/** Bounds of one delivery, in milliseconds. */
export interface MailTimeouts {
  /** Until the TCP (and smtps TLS) connection is open. */
  connectionMs: number;
  /** Until the server's 220 greeting. */
  greetingMs: number;
  /** Of silence on an open connection. */
  socketMs: number;
  /** Of one send as a whole (a server trickling its replies never trips the socket timeout). */
  sendMs: number;
}

export const DEFAULT_MAIL_TIMEOUTS: MailTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 30_000,
  sendMs: 60_000,
};

/** Nest token of optional MailTimeouts overrides (tests shorten them). */
export const MAIL_TIMEOUTS = Symbol('MAIL_TIMEOUTS');

/** Our outbox ids (UUIDs); anything else would not make a valid Message-ID. */
const MESSAGE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Whatever looks like an address (a recipient in a server's reply, a Message-ID) is left out of reasons. */
const redact = (text: string) => text.replace(/[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+/g, '<address>');

interface SmtpFailure {
  code?: unknown;
  command?: unknown;
  responseCode?: unknown;
  response?: unknown;
  message?: unknown;
}

/**
 * Sorts a failed send:
 * - 5xx to RCPT TO or DATA (the recipient or the message refused), or a message nodemailer itself
 *   refuses (no reply: a malformed recipient, too large): permanent, the same would fail again;
 * - everything else is retryable: 4xx, no connection, timeouts, TLS, and 5xx at the greeting,
 *   EHLO, AUTH or MAIL FROM, which refuse us (credentials, the sender) rather than this message,
 *   so the outbox keeps it until the configuration is fixed instead of dropping it.
 */
export function classifySendError(error: unknown): { retryable: boolean; reason: string } {
  const failure: SmtpFailure =
    typeof error === 'object' && error !== null ? error : { message: String(error) };
  const code = typeof failure.code === 'string' ? failure.code : undefined;
  const command = typeof failure.command === 'string' ? failure.command : undefined;
  const responseCode = typeof failure.responseCode === 'number' ? failure.responseCode : undefined;
  const text =
    typeof failure.response === 'string'
      ? failure.response
      : typeof failure.message === 'string'
        ? failure.message
        : 'unknown error';
  const detail = redact(text).replace(/\s+/g, ' ').trim().slice(0, 300);
  const where = [code, command].filter(Boolean).join(' at ');
  const reason = responseCode
    ? `SMTP ${responseCode}${where ? ` (${where})` : ''}: ${detail}`
    : `${where || 'send failed'}: ${detail}`;
  const refusedByServer =
    responseCode !== undefined &&
    responseCode >= 500 &&
    responseCode !== 503 &&
    (command === 'RCPT TO' || command === 'DATA');
  const refusedByClient =
    responseCode === undefined && (code === 'EENVELOPE' || code === 'EMESSAGE') && command !== 'CONN';
  return { retryable: !(refusedByServer || refusedByClient), reason };
}

/**
 * Sends mail through SMTP_URL: smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from
 * the first byte), credentials in the URL. One pooled transport for the process, connecting on the
 * first send and closed on shutdown. A send never throws: it answers a SendOutcome.
 */
@Injectable()
export class MailTransport implements OnApplicationShutdown {
  /** The domain of MAIL_FROM, after `@` in every Message-ID. */
  readonly domain: string;
  private readonly from: string;
  private readonly timeouts: MailTimeouts;
  private readonly pool: ReturnType<typeof createPool>;
  private closed = false;

  constructor(
    @Inject(SERVICE_CONFIG) config: Pick<LeadsConfig, 'SMTP_URL' | 'MAIL_FROM'>,
    @Optional() @Inject(MAIL_TIMEOUTS) timeouts?: Partial<MailTimeouts>,
  ) {
    const mailbox = mailboxAddress(config.MAIL_FROM);
    if (!mailbox) throw new Error('MAIL_FROM is not an address (the config schema checks it)');
    this.domain = mailbox.domain;
    this.from = config.MAIL_FROM;
    this.timeouts = { ...DEFAULT_MAIL_TIMEOUTS, ...timeouts };
    this.pool = createPool(config.SMTP_URL, this.timeouts);
  }

  async send(message: OutgoingMail): Promise<SendOutcome> {
    if (this.closed) return { sent: false, retryable: true, reason: 'the mail transport is shut down' };
    if (!MESSAGE_ID.test(message.messageId))
      return {
        sent: false,
        retryable: false,
        reason: 'messageId is not a plain id (letters, digits, . _ -)',
      };
    try {
      await this.pool.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        messageId: `<${message.messageId}@${this.domain}>`,
        // RFC 3834: sent by a program; auto-responders stay silent.
        headers: { 'Auto-Submitted': 'auto-generated' },
        signal: AbortSignal.timeout(this.timeouts.sendMs),
      });
      return { sent: true };
    } catch (error) {
      return { sent: false, ...classifySendError(error) };
    }
  }

  /** Idle connections close at once; a delivery in progress finishes first. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.pool.close();
  }

  onApplicationShutdown(): void {
    this.close();
  }
}

function createPool(smtpUrl: string, timeouts: MailTimeouts) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const user = decodeURIComponent(url.username);
  return createTransport({
    pool: true,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    maxConnections: 2,
    // Our messages are text we wrote: nothing is ever read from a file or fetched from a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}
