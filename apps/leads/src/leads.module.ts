import { Module } from '@nestjs/common';
import { LeadsController } from './leads.controller';
import { ContactMessagesRepository } from './persistence/contact-messages.repository';

@Module({ controllers: [LeadsController], providers: [ContactMessagesRepository] })
export class LeadsModule {}
