import { Module } from '@nestjs/common';
import { ContactUseCases } from './application/contact.use-cases';
import { ContactMessagesRepository } from './persistence/contact-messages.repository';
import { LeadsController } from './transport/leads.controller';

/** Nest wiring only: the controller, its use cases and their adapters. */
@Module({ controllers: [LeadsController], providers: [ContactUseCases, ContactMessagesRepository] })
export class LeadsModule {}
