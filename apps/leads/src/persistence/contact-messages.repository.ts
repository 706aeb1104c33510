import { Injectable } from '@nestjs/common';
import { writeOnce, type WriteOnceResult } from '@lib/database';
import { type ContactMessageInput } from '@lib/pl-validation';
import { DataSource } from 'typeorm';
import { ContactMessageEntity } from './contact-message.entity';

/** What a stored message is answered with, kept with its idempotency key for repeats. */
export interface StoredContactMessage {
  id: string;
  /** RFC 3339. */
  receivedAt: string;
}

export interface WriteGuard {
  /** The form submission's idempotency key; undefined: stored without deduplication. */
  key: string | undefined;
  /** Last check before COMMIT (the call's deadline); throwing stores nothing. */
  beforeCommit(): void;
}

@Injectable()
export class ContactMessagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Inserts the message once per idempotency key (leads.idempotency_keys, @lib/database writeOnce):
   * a repeat gets the first message's id and time; a key used with another message is refused.
   * The caller acknowledges only after this resolves.
   */
  async insertOnce(input: ContactMessageInput, guard: WriteGuard): Promise<WriteOnceResult<StoredContactMessage>> {
    return writeOnce(this.dataSource, {
      scope: 'SubmitContactMessage',
      key: guard.key,
      request: input,
      beforeCommit: () => guard.beforeCommit(),
      write: async (manager) => {
        const repository = manager.getRepository(ContactMessageEntity);
        const row = await repository.save(repository.create({ ...input, phone: input.phone ?? null }));
        return { id: row.id, receivedAt: row.receivedAt.toISOString() };
      },
    });
  }
}
