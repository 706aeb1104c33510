import { Injectable } from '@nestjs/common';
import { type leadsV1 } from '@lib/contracts';
import { type ContactMessageInput } from '@lib/pl-validation';
import { type Deadline, invalidArgument } from '@lib/service-kit';
import { ContactMessagesRepository } from '../persistence/contact-messages.repository';

/** A validated contact form submission with the key the form made for it. */
export interface ContactSubmission {
  message: ContactMessageInput;
  /** UUID v4 of this submission, the same on every retry; undefined when the caller sent none. */
  idempotencyKey: string | undefined;
}

/** Messages visitors send the site (SubmitContactMessage; SubmitPartnerEnquiry joins here when built). */
@Injectable()
export class ContactUseCases {
  constructor(private readonly contactMessages: ContactMessagesRepository) {}

  /**
   * Stores a validated message exactly once per idempotency key and acknowledges it only once it
   * is stored: the answer carries the stored id and time, and a repeat of the same submission gets
   * the same answer. Nothing is committed once the caller has given up (its deadline passed).
   */
  async submitContactMessage(submission: ContactSubmission, deadline: Deadline): Promise<leadsV1.SubmitContactMessageResponse> {
    const result = await this.contactMessages.insertOnce(submission.message, {
      key: submission.idempotencyKey,
      beforeCommit: () => deadline.assertTimeLeft(),
    });
    switch (result.outcome) {
      case 'stored':
      case 'repeated':
        return { id: result.answer.id, receivedAt: result.answer.receivedAt };
      case 'key-reused':
        throw invalidArgument([
          { field: 'idempotencyKey', description: 'was already used for a different message; a new submission needs a new key' },
        ]);
    }
  }
}
