import { Inject, Injectable } from '@nestjs/common';
import { backoffDelay, type BackoffPolicy } from '@lib/config';
import { type Logger } from '@lib/observability';
import { LOGGER } from '@lib/service-kit';
import { type EntityManager } from 'typeorm';
import { type MessageChannel } from '../persistence/outbound-message.entity';
import {
  newMessageId,
  OutboundMessagesRepository,
  outboundScope,
  type QueuedMessage,
} from '../persistence/outbound-messages.repository';
import { MailTransport, type SendOutcome } from '../persistence/mail-transport';
import { PersonalDataVault } from '../persistence/personal-data-vault';
import { SmsTransport } from '../persistence/sms-transport';

/** A message's content as composed (domain/messages.ts) for one recipient. */
export type MessageContent =
  | { channel: 'email'; to: string; subject: string; text: string; html: string }
  | { channel: 'sms'; to: string; text: string };

const MESSAGE_BACKOFF: BackoffPolicy = { initialMs: 10_000, maxMs: 60 * 60_000, jitter: 'full' };
/** About a day of tries before a message is given up. */
export const MAX_MESSAGE_ATTEMPTS = 30;
const BATCH = 20;

/**
 * The e-mail and SMS outbox: `prepare` seals a message so the caller queues it in its own
 * transaction (it goes out only with what it tells about); `sendDue` sends what is due, through
 * the transports, outside any request.
 */
@Injectable()
export class MessageOutbox {
  constructor(
    private readonly messages: OutboundMessagesRepository,
    private readonly vault: PersonalDataVault,
    private readonly mail: MailTransport,
    private readonly sms: SmsTransport,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Seals a message for the outbox; `recipientIndex` is the blind index of its address. */
  async prepare(kind: string, content: MessageContent, recipientIndex: string): Promise<QueuedMessage> {
    const id = newMessageId();
    const fields: Record<string, string> =
      content.channel === 'email'
        ? { to: content.to, subject: content.subject, text: content.text, html: content.html }
        : { to: content.to, text: content.text };
    return {
      id,
      channel: content.channel,
      kind,
      recipientIndex,
      sealed: await this.vault.seal(outboundScope(id), fields),
    };
  }

  /** Queues prepared messages inside the caller's transaction. */
  queue(manager: EntityManager, messages: readonly QueuedMessage[], now: Date): Promise<void> {
    return this.messages.queue(manager, messages, now);
  }

  get smsAvailable(): boolean {
    return this.sms.available;
  }

  async sendDue(
    now: () => Date = () => new Date(),
  ): Promise<{ sent: number; retried: number; failed: number }> {
    const out = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const claimed = await this.messages.claimDue(BATCH, now());
      for (const message of claimed) {
        const outcome = await this.sendOne(message.id, message.channel, message.dataKeyId, message.sealed);
        if (outcome.sent) {
          await this.messages.markSent(message, now());
          out.sent++;
        } else if (outcome.retryable && message.attempts < MAX_MESSAGE_ATTEMPTS) {
          await this.messages.markRetry(
            message,
            new Date(now().getTime() + backoffDelay(message.attempts, MESSAGE_BACKOFF)),
            outcome.reason,
          );
          out.retried++;
        } else {
          await this.messages.markFailed(message, outcome.reason);
          out.failed++;
          this.logger.error(
            { messageId: message.id, kind: message.kind, reason: outcome.reason },
            'message given up',
          );
        }
      }
      if (claimed.length < BATCH) return out;
    }
  }

  private async sendOne(
    id: string,
    channel: MessageChannel,
    dataKeyId: string | null,
    sealed: Buffer | null,
  ): Promise<SendOutcome> {
    if (!dataKeyId || !sealed) return { sent: false, retryable: false, reason: 'no content (erased)' };
    const fields = await this.vault.open(outboundScope(id), dataKeyId, sealed);
    if (channel === 'sms') {
      if (!this.sms.available) return { sent: false, retryable: false, reason: 'no SMS provider configured' };
      return this.sms.send({ messageId: id, to: fields['to']!, text: fields['text']! });
    }
    return this.mail.send({
      messageId: id,
      to: fields['to']!,
      subject: fields['subject']!,
      text: fields['text']!,
      html: fields['html']!,
    });
  }
}
