import { Injectable } from '@nestjs/common';
import { type ContactMessageInput } from '@lib/pl-validation';
import { DataSource } from 'typeorm';
import { ContactMessageEntity } from './contact-message.entity';

@Injectable()
export class ContactMessagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts and returns the stored row; the caller acknowledges only after this resolves. */
  async insert(input: ContactMessageInput): Promise<ContactMessageEntity> {
    const repository = this.dataSource.getRepository(ContactMessageEntity);
    return repository.save(repository.create({ ...input, phone: input.phone ?? null }));
  }
}
