import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@lib/service-kit';
import { type LeadsConfig } from '../leads.config';
import { MailTransport, type SendOutcome } from './mail-transport';

/** One SMS from the outbox. */
export interface OutgoingSms {
  /** The outbox row's id (the Message-ID of the stand-in mail). */
  messageId: string;
  /** A Polish mobile number, +48 and nine digits. */
  to: string;
  text: string;
}

/** The domain the stand-in mails of SMS_TRANSPORT=mail-catcher go to (never a real one). */
export const SMS_MAIL_DOMAIN = 'sms.localhost';

const POLISH_MOBILE = /^\+48\d{9}$/;

/**
 * Sends SMS as SMS_TRANSPORT says:
 * - 'none' (the default): no SMS gateway; `available` is false and the outbox queues no SMS;
 * - 'mail-catcher' (local runs and tests, refused in production by the config schema): each SMS is
 *   a plain-text mail to `<digits>@sms.localhost`, subject `SMS do <number>`, through the mail
 *   transport, so it shows up in MailDev beside the mail.
 */
@Injectable()
export class SmsTransport {
  readonly available: boolean;

  constructor(
    @Inject(SERVICE_CONFIG) config: Pick<LeadsConfig, 'SMS_TRANSPORT'>,
    private readonly mail: MailTransport,
  ) {
    this.available = config.SMS_TRANSPORT === 'mail-catcher';
  }

  async send(sms: OutgoingSms): Promise<SendOutcome> {
    if (!this.available)
      return { sent: false, retryable: false, reason: 'no SMS transport is configured (SMS_TRANSPORT=none)' };
    if (!POLISH_MOBILE.test(sms.to))
      return { sent: false, retryable: false, reason: 'the number is not +48 and nine digits' };
    return this.mail.send({
      messageId: sms.messageId,
      to: `${sms.to.slice(1)}@${SMS_MAIL_DOMAIN}`,
      subject: `SMS do ${sms.to}`,
      text: sms.text,
    });
  }
}
