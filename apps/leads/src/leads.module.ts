import { Module } from '@nestjs/common';
import { ApplicationsUseCases } from './application/applications.use-cases';
import { ContactUseCases } from './application/contact.use-cases';
import { PrivacyUseCases } from './application/privacy.use-cases';
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
  ],
})
export class LeadsModule {}
