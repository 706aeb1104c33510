import { Controller } from '@nestjs/common';
import { leadsV1 } from '@lib/contracts';
import { CallDeadline, parseRequest } from '@lib/service-kit';
import { ApplicationsUseCases } from '../application/applications.use-cases';
import { ContactUseCases } from '../application/contact.use-cases';
import { DeliveryStatusUseCases } from '../application/delivery-status.use-cases';
import { PrivacyUseCases } from '../application/privacy.use-cases';
import { SelfServiceUseCases } from '../application/self-service.use-cases';
import {
  contactMessageRequest,
  eraseSelfServiceDataRequest,
  getApplicationStatusRequest,
  openSelfServiceRequest,
  previewDeliveryRequest,
  recordDeliveryStatusRequest,
  requestSelfServiceLinkRequest,
  selfServiceSessionRequest,
  withdrawSelfServiceConsentsRequest,
  evaluateEligibilityRequest,
  getApplicationRequest,
  getErasureRequestRequest,
  partnerEnquiryRequest,
  requestErasureRequest,
  submitApplicationRequest,
  unsubscribeRequest,
  withdrawConsentRequest,
} from './requests';

/**
 * leads.v1.LeadsService in full: the generated interface and decorator make a new RPC in the proto
 * a type error here until it is built.
 */
@Controller()
@leadsV1.LeadsServiceControllerMethods()
export class LeadsController implements leadsV1.LeadsServiceController {
  constructor(
    private readonly contact: ContactUseCases,
    private readonly applications: ApplicationsUseCases,
    private readonly privacy: PrivacyUseCases,
    private readonly status: DeliveryStatusUseCases,
    private readonly selfService: SelfServiceUseCases,
  ) {}

  // NestJS passes (request, metadata, call); the call carries the caller's deadline.
  async submitContactMessage(
    request: leadsV1.ContactMessage,
    _metadata?: unknown,
    call?: unknown,
  ): Promise<leadsV1.SubmitContactMessageResponse> {
    return this.contact.submitContactMessage(
      parseRequest(contactMessageRequest, request),
      CallDeadline.of(call),
    );
  }

  async submitPartnerEnquiry(
    request: leadsV1.PartnerEnquiry,
    _metadata?: unknown,
    call?: unknown,
  ): Promise<leadsV1.SubmitPartnerEnquiryResponse> {
    return this.contact.submitPartnerEnquiry(
      parseRequest(partnerEnquiryRequest, request),
      CallDeadline.of(call),
    );
  }

  async submitApplication(
    request: leadsV1.SubmitApplicationRequest,
    _metadata?: unknown,
    call?: unknown,
  ): Promise<leadsV1.SubmitApplicationResponse> {
    return this.applications.submitApplication(
      parseRequest(submitApplicationRequest, request),
      CallDeadline.of(call),
    );
  }

  async getApplication(request: leadsV1.GetApplicationRequest): Promise<leadsV1.Application> {
    return this.applications.getApplication(parseRequest(getApplicationRequest, request).applicationId);
  }

  async withdrawConsent(request: leadsV1.WithdrawConsentRequest): Promise<leadsV1.Application> {
    const { applicationId, key } = parseRequest(withdrawConsentRequest, request);
    return this.applications.withdrawConsent(applicationId, key);
  }

  evaluateEligibility(request: leadsV1.EvaluateEligibilityRequest): leadsV1.EvaluateEligibilityResponse {
    return this.applications.evaluateEligibility(parseRequest(evaluateEligibilityRequest, request));
  }

  async unsubscribe(
    request: leadsV1.UnsubscribeRequest,
    _metadata?: unknown,
    call?: unknown,
  ): Promise<leadsV1.UnsubscribeResponse> {
    return this.privacy.unsubscribe(parseRequest(unsubscribeRequest, request), CallDeadline.of(call));
  }

  async requestErasure(
    request: leadsV1.RequestErasureRequest,
    _metadata?: unknown,
    call?: unknown,
  ): Promise<leadsV1.ErasureRequest> {
    return this.privacy.requestErasure(parseRequest(requestErasureRequest, request), CallDeadline.of(call));
  }

  async getErasureRequest(request: leadsV1.GetErasureRequestRequest): Promise<leadsV1.ErasureRequest> {
    return this.privacy.getErasureRequest(parseRequest(getErasureRequestRequest, request).requestId);
  }

  async previewDelivery(
    request: leadsV1.PreviewDeliveryRequest,
    _metadata?: unknown,
    call?: unknown,
  ): Promise<leadsV1.DeliveryPreview> {
    return this.applications.previewDelivery(
      parseRequest(previewDeliveryRequest, request).applicationId,
      CallDeadline.of(call),
    );
  }

  async getApplicationLimits(
    _request: leadsV1.GetApplicationLimitsRequest,
    _metadata?: unknown,
    call?: unknown,
  ): Promise<leadsV1.ApplicationLimits> {
    return this.applications.applicationLimits(CallDeadline.of(call));
  }

  async getApplicationStatus(
    request: leadsV1.GetApplicationStatusRequest,
  ): Promise<leadsV1.ApplicationStatusView> {
    return this.status.getApplicationStatus(parseRequest(getApplicationStatusRequest, request).statusToken);
  }

  async recordDeliveryStatus(
    request: leadsV1.RecordDeliveryStatusRequest,
  ): Promise<leadsV1.RecordDeliveryStatusResponse> {
    const { signature, body } = parseRequest(recordDeliveryStatusRequest, request);
    return this.status.recordDeliveryStatus(signature, body);
  }

  async requestSelfServiceLink(
    request: leadsV1.RequestSelfServiceLinkRequest,
    _metadata?: unknown,
    call?: unknown,
  ): Promise<leadsV1.RequestSelfServiceLinkResponse> {
    const { subject, idempotencyKey } = parseRequest(requestSelfServiceLinkRequest, request);
    return this.selfService.requestLink(subject, idempotencyKey, CallDeadline.of(call));
  }

  async openSelfService(request: leadsV1.OpenSelfServiceRequest): Promise<leadsV1.SelfServiceSession> {
    return this.selfService.openSession(parseRequest(openSelfServiceRequest, request).linkToken);
  }

  async getSelfServiceOverview(
    request: leadsV1.SelfServiceSessionRequest,
  ): Promise<leadsV1.SelfServiceOverview> {
    return this.selfService.overview(parseRequest(selfServiceSessionRequest, request).sessionToken);
  }

  async withdrawSelfServiceConsents(
    request: leadsV1.WithdrawSelfServiceConsentsRequest,
  ): Promise<leadsV1.SelfServiceOverview> {
    const { sessionToken, types } = parseRequest(withdrawSelfServiceConsentsRequest, request);
    return this.selfService.withdraw(sessionToken, types);
  }

  async exportSelfServiceData(
    request: leadsV1.SelfServiceSessionRequest,
  ): Promise<leadsV1.PersonalDataExport> {
    return this.selfService.export(parseRequest(selfServiceSessionRequest, request).sessionToken);
  }

  async eraseSelfServiceData(
    request: leadsV1.EraseSelfServiceDataRequest,
    _metadata?: unknown,
    call?: unknown,
  ): Promise<leadsV1.ErasureRequest> {
    const { sessionToken, confirmed } = parseRequest(eraseSelfServiceDataRequest, request);
    return this.selfService.erase(sessionToken, confirmed, CallDeadline.of(call));
  }
}
