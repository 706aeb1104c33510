import { Injectable } from '@nestjs/common';
import { type leadsV1 } from '@lib/contracts';
import { type ContactMessageInput } from '@lib/pl-validation';
import { ContactMessagesRepository } from '../persistence/contact-messages.repository';

/** Messages visitors send the site (SubmitContactMessage; SubmitPartnerEnquiry joins here when built). */
@Injectable()
export class ContactUseCases {
  constructor(private readonly contactMessages: ContactMessagesRepository) {}

  /** Acknowledges a validated message only once it is stored: the answer carries the stored id and time. */
  async submitContactMessage(message: ContactMessageInput): Promise<leadsV1.SubmitContactMessageResponse> {
    const stored = await this.contactMessages.insert(message);
    return { id: stored.id, receivedAt: stored.receivedAt.toISOString() };
  }
}
