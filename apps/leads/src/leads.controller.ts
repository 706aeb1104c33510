import { Controller } from '@nestjs/common';
import { leadsV1 } from '@lib/contracts';
import { contactMessageSchema } from '@lib/pl-validation';
import { GrpcService, parseRequest } from '@lib/service-kit';
import { ContactMessagesRepository } from './persistence/contact-messages.repository';

@Controller()
@GrpcService(leadsV1.LEADS_SERVICE_NAME)
export class LeadsController implements Pick<leadsV1.LeadsServiceController, 'submitContactMessage'> {
  constructor(private readonly contactMessages: ContactMessagesRepository) {}

  /**
   * Validates with the same rules the contact form shows (field violations carry the Polish
   * message for the visitor) and answers only once the message is stored.
   */
  async submitContactMessage(request: leadsV1.ContactMessage): Promise<leadsV1.SubmitContactMessageResponse> {
    const input = parseRequest(contactMessageSchema, request);
    const stored = await this.contactMessages.insert(input);
    return { id: stored.id, receivedAt: stored.receivedAt.toISOString() };
  }
}
