import { Module } from '@nestjs/common';
import { ApplicationsUseCases } from './application/applications.use-cases';
import { ContactUseCases } from './application/contact.use-cases';
import { DeliveryDispatch } from './application/delivery-dispatch';
import { DeliveryStatusUseCases } from './application/delivery-status.use-cases';
import { FormLimitsSource } from './application/form-limits';
import { LenderMatching } from './application/lender-matching';
import { MessageOutbox } from './application/message-outbox';
import { OutboxSignal } from './application/outbox-signal';
import { PrivacyUseCases } from './application/privacy.use-cases';
import { SelfServiceUseCases } from './application/self-service.use-cases';
import { StreamEventDispatch } from './application/stream-event-dispatch';
import { OutboxDispatchJob } from './jobs/outbox-dispatch.job';
import { DeliveriesRepository } from './persistence/deliveries.repository';
import { LenderClient } from './persistence/lender-client';
import { lenderDirectoryProvider } from './persistence/lender-directory.provider';
import { MailTransport } from './persistence/mail-transport';
import { OutboundMessagesRepository } from './persistence/outbound-messages.repository';
import { SelfServiceRepository } from './persistence/self-service.repository';
import { SmsTransport } from './persistence/sms-transport';
import { StreamEventsRepository } from './persistence/stream-events.repository';
import { LeadsMaintenanceJob } from './jobs/leads-maintenance.job';
import { ApplicationsRepository } from './persistence/applications.repository';
import { ContactMessagesRepository } from './persistence/contact-messages.repository';
import { PeerServices } from './persistence/peer-services';
import { PersonalDataVault } from './persistence/personal-data-vault';
import { PrivacyRepository } from './persistence/privacy.repository';
import { SubmitRateLimiter } from './persistence/submit-rate-limiter';
import { LeadsController } from './transport/leads.controller';

/** Nest wiring only: the controller, its use cases and their adapters. */
@Module({
  controllers: [LeadsController],
  providers: [
    ContactUseCases,
    ApplicationsUseCases,
    PrivacyUseCases,
    ContactMessagesRepository,
    ApplicationsRepository,
    PrivacyRepository,
    PersonalDataVault,
    SubmitRateLimiter,
    PeerServices,
    LeadsMaintenanceJob,
    DeliveryStatusUseCases,
    SelfServiceUseCases,
    LenderMatching,
    FormLimitsSource,
    DeliveryDispatch,
    MessageOutbox,
    OutboxSignal,
    OutboxDispatchJob,
    StreamEventDispatch,
    StreamEventsRepository,
    DeliveriesRepository,
    OutboundMessagesRepository,
    SelfServiceRepository,
    LenderClient,
    MailTransport,
    SmsTransport,
    lenderDirectoryProvider,
  ],
})
export class LeadsModule {}
