import { Controller } from '@nestjs/common';
import { leadsV1 } from '@lib/contracts';
import { CallDeadline, parseRequest, unimplemented } from '@lib/service-kit';
import { ContactUseCases } from '../application/contact.use-cases';
import { contactMessageRequest } from './requests';

/**
 * leads.v1.LeadsService in full: the generated interface and decorator make a new RPC in the proto
 * a type error here until it is built or listed below as not built yet.
 */
@Controller()
@leadsV1.LeadsServiceControllerMethods()
export class LeadsController implements leadsV1.LeadsServiceController {
  constructor(private readonly contact: ContactUseCases) {}

  // NestJS passes (request, metadata, call); the call carries the caller's deadline.
  async submitContactMessage(request: leadsV1.ContactMessage, _metadata?: unknown, call?: unknown): Promise<leadsV1.SubmitContactMessageResponse> {
    return this.contact.submitContactMessage(parseRequest(contactMessageRequest, request), CallDeadline.of(call));
  }

  // Not built yet: callers get UNIMPLEMENTED.
  submitApplication(): never { throw unimplemented('SubmitApplication'); }
  getApplication(): never { throw unimplemented('GetApplication'); }
  evaluateEligibility(): never { throw unimplemented('EvaluateEligibility'); }
  submitPartnerEnquiry(): never { throw unimplemented('SubmitPartnerEnquiry'); }
  unsubscribe(): never { throw unimplemented('Unsubscribe'); }
  requestErasure(): never { throw unimplemented('RequestErasure'); }
  getErasureRequest(): never { throw unimplemented('GetErasureRequest'); }
}
