import { Injectable } from '@nestjs/common';
import { type leadsV1 } from '@lib/contracts';
import { type ContactMessageInput } from '@lib/pl-validation';
import { type Deadline, invalidArgument } from '@lib/service-kit';
import { randomUUID } from 'node:crypto';
import { contactConfirmation } from '../domain/messages';
import { ContactMessagesRepository } from '../persistence/contact-messages.repository';
import { PersonalDataVault } from '../persistence/personal-data-vault';
import { MessageOutbox } from './message-outbox';
import { OutboxSignal } from './outbox-signal';

/** A validated contact form submission with the key the form made for it. */
export interface ContactSubmission {
  message: ContactMessageInput;
  /** UUID v4 of this submission, the same on every retry; undefined when the caller sent none. */
  idempotencyKey: string | undefined;
}

/** A validated partner programme enquiry. */
export interface PartnerEnquiryInput {
  company: string;
  name: string;
  email: string;
  phone: string | undefined;
  website: string | undefined;
  trafficSources: string | undefined;
  message: string;
}

export interface PartnerEnquirySubmission {
  enquiry: PartnerEnquiryInput;
  idempotencyKey: string | undefined;
}

const keyReused = () =>
  invalidArgument([
    {
      field: 'idempotencyKey',
      description: 'was already used for a different message; a new submission needs a new key',
    },
  ]);

/** Messages visitors send the site: SubmitContactMessage and SubmitPartnerEnquiry. Name, e-mail and phone are stored sealed. */
@Injectable()
export class ContactUseCases {
  constructor(
    private readonly contactMessages: ContactMessagesRepository,
    private readonly vault: PersonalDataVault,
    private readonly outbox: MessageOutbox,
    private readonly queued: OutboxSignal,
  ) {}

  /**
   * Stores a validated message exactly once per idempotency key and acknowledges it only once it
   * is stored: the answer carries the stored id and time, and a repeat of the same submission gets
   * the same answer. Nothing is committed once the caller has given up (its deadline passed).
   */
  async submitContactMessage(
    submission: ContactSubmission,
    deadline: Deadline,
  ): Promise<leadsV1.SubmitContactMessageResponse> {
    const { name, email, phone, message } = submission.message;
    const id = randomUUID();
    const now = new Date();
    const emailIndex = this.vault.index('email', email)!;
    const confirmation = await this.outbox.prepare(
      'contact-confirmation',
      { channel: 'email', to: email, ...contactConfirmation({ name, receivedAt: now }) },
      emailIndex,
    );
    const result = await this.contactMessages.insertOnce(
      {
        id,
        message,
        sealed: await this.vault.seal(`contact_messages/${id}`, { name, email, ...(phone ? { phone } : {}) }),
        emailIndex,
        phoneIndex: this.vault.index('phone', phone),
      },
      {
        key: submission.idempotencyKey,
        request: this.vault.fingerprint(submission.message),
        beforeCommit: () => deadline.assertTimeLeft(),
        // The confirmation goes out only with the message it confirms (and once per submission).
        alsoWrite: (manager) => this.outbox.queue(manager, [confirmation], now),
      },
    );
    if (result.outcome === 'key-reused') throw keyReused();
    if (result.outcome === 'stored') this.queued.raise();
    return {
      id: result.answer.id,
      receivedAt: result.answer.receivedAt,
      duplicate: result.outcome === 'repeated',
    };
  }

  /** Stores a partner programme enquiry, exactly once per idempotency key. */
  async submitPartnerEnquiry(
    submission: PartnerEnquirySubmission,
    deadline: Deadline,
  ): Promise<leadsV1.SubmitPartnerEnquiryResponse> {
    const { company, name, email, phone, website, trafficSources, message } = submission.enquiry;
    const id = randomUUID();
    const result = await this.contactMessages.insertEnquiryOnce(
      {
        id,
        company,
        website: website ?? null,
        trafficSources: trafficSources ?? null,
        message,
        sealed: await this.vault.seal(`partner_enquiries/${id}`, {
          name,
          email,
          ...(phone ? { phone } : {}),
        }),
        emailIndex: this.vault.index('email', email)!,
        phoneIndex: this.vault.index('phone', phone),
      },
      {
        key: submission.idempotencyKey,
        request: this.vault.fingerprint(submission.enquiry),
        beforeCommit: () => deadline.assertTimeLeft(),
      },
    );
    if (result.outcome === 'key-reused') throw keyReused();
    return {
      id: result.answer.id,
      receivedAt: result.answer.receivedAt,
      duplicate: result.outcome === 'repeated',
    };
  }
}
