import { CallDeadline, type ServiceError } from '@lib/service-kit';
import { strictMock } from '@lib/testing';
import { type ContactMessagesRepository, type WriteGuard } from '../persistence/contact-messages.repository';
import { type PersonalDataVault } from '../persistence/personal-data-vault';
import { ContactUseCases } from './contact.use-cases';
import { type MessageOutbox } from './message-outbox';
import { OutboxSignal } from './outbox-signal';

const message = {
  name: 'Jan Kowalski',
  email: 'jan@example.pl',
  phone: '+48600100200',
  message: 'Chciałbym zapytać o współpracę.',
};
const KEY = '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c';
const STORED = { id: '5f0c3b2a-8d7e-4f1a-b2c3-d4e5f6a7b8c9', receivedAt: '2026-11-20T10:00:00.123Z' };
const NOW = 1_000_000;
const SEALED = { dataKeyId: '11111111-2222-4333-8444-555555555555', sealed: Buffer.from('sealed') };

/** An outbox that prepares the confirmation without sealing it (the vault's part is tested apart). */
const outbox = () =>
  strictMock<MessageOutbox>('outbox', {
    prepare: jest.fn((kind: string) =>
      Promise.resolve({
        id: kind,
        channel: 'email' as const,
        kind,
        recipientIndex: 'email:index',
        sealed: SEALED,
      }),
    ),
    queue: jest.fn().mockResolvedValue(undefined),
  });

/** A vault that records what it was asked to seal. */
function vault() {
  const sealedFields: Record<string, string>[] = [];
  const mock = strictMock<PersonalDataVault>('vault', {
    seal: (_scope: string, fields: Record<string, string>) => {
      sealedFields.push(fields);
      return Promise.resolve(SEALED);
    },
    index: (kind: string, value: string | null | undefined) => (value ? `${kind}-index` : null),
    fingerprint: () => 'fingerprint',
  });
  return { mock, sealedFields };
}

/** A deadline 500 ms ahead of a clock the test moves. */
function clock() {
  let now = NOW;
  return { deadline: CallDeadline.at(NOW + 500, () => now), pass: () => (now = NOW + 500) };
}

describe('ContactUseCases.submitContactMessage', () => {
  it('stores the message under its key and answers with the stored id and receipt time', async () => {
    const insertOnce = jest.fn().mockResolvedValue({ outcome: 'stored', answer: STORED });
    const contact = new ContactUseCases(
      strictMock<ContactMessagesRepository>('contactMessages', { insertOnce }),
      vault().mock,
      outbox(),
      new OutboxSignal(),
    );

    await expect(
      contact.submitContactMessage({ message, idempotencyKey: KEY }, clock().deadline),
    ).resolves.toEqual({ ...STORED, duplicate: false });
    expect(insertOnce).toHaveBeenCalledWith(
      {
        id: expect.any(String),
        message: message.message,
        sealed: SEALED,
        emailIndex: 'email-index',
        phoneIndex: 'phone-index',
      },
      {
        key: KEY,
        request: 'fingerprint',
        beforeCommit: expect.any(Function),
        alsoWrite: expect.any(Function),
      },
    );
  });

  it('hands the store the name, e-mail and phone only sealed, and the request only as a keyed fingerprint', async () => {
    const insertOnce = jest.fn().mockResolvedValue({ outcome: 'stored', answer: STORED });
    const v = vault();
    const contact = new ContactUseCases(
      strictMock<ContactMessagesRepository>('contactMessages', { insertOnce }),
      v.mock,
      outbox(),
      new OutboxSignal(),
    );

    await contact.submitContactMessage({ message, idempotencyKey: KEY }, clock().deadline);
    expect(v.sealedFields).toEqual([
      { name: 'Jan Kowalski', email: 'jan@example.pl', phone: '+48600100200' },
    ]);
    const handed = JSON.stringify(insertOnce.mock.calls[0]);
    for (const secret of ['jan@example.pl', '600100200', 'Jan Kowalski'])
      expect(handed).not.toContain(secret);
  });

  it('answers a repeat of the same submission with the first answer, marked as a duplicate', async () => {
    const insertOnce = jest.fn().mockResolvedValue({ outcome: 'repeated', answer: STORED });
    const contact = new ContactUseCases(
      strictMock<ContactMessagesRepository>('contactMessages', { insertOnce }),
      vault().mock,
      outbox(),
      new OutboxSignal(),
    );

    await expect(
      contact.submitContactMessage({ message, idempotencyKey: KEY }, clock().deadline),
    ).resolves.toEqual({ ...STORED, duplicate: true });
  });

  it('refuses a key that came with another message, naming the field', async () => {
    const insertOnce = jest.fn().mockResolvedValue({ outcome: 'key-reused' });
    const contact = new ContactUseCases(
      strictMock<ContactMessagesRepository>('contactMessages', { insertOnce }),
      vault().mock,
      outbox(),
      new OutboxSignal(),
    );

    const error = (await contact
      .submitContactMessage({ message, idempotencyKey: KEY }, clock().deadline)
      .catch((e: unknown) => e)) as ServiceError;
    expect(error.extra.reason).toBe('INVALID_ARGUMENT');
    expect(error.extra.fieldViolations).toEqual([
      { field: 'idempotencyKey', description: expect.stringContaining('already used') },
    ]);
  });

  it('lets the store commit only while the caller still waits', async () => {
    const guards: WriteGuard[] = [];
    const insertOnce = jest.fn((_input: unknown, guard: WriteGuard) => {
      guards.push(guard);
      return Promise.resolve({ outcome: 'stored' as const, answer: STORED });
    });
    const contact = new ContactUseCases(
      strictMock<ContactMessagesRepository>('contactMessages', { insertOnce }),
      vault().mock,
      outbox(),
      new OutboxSignal(),
    );
    const time = clock();

    await contact.submitContactMessage({ message, idempotencyKey: undefined }, time.deadline);
    expect(guards[0]!.key).toBeUndefined();
    expect(() => guards[0]!.beforeCommit()).not.toThrow();
    time.pass();
    expect(() => guards[0]!.beforeCommit()).toThrow("the caller's deadline passed: nothing was committed");
  });

  it('does not acknowledge a message the store refused', async () => {
    const insertOnce = jest.fn().mockRejectedValue(new Error('connection terminated'));
    const contact = new ContactUseCases(
      strictMock<ContactMessagesRepository>('contactMessages', { insertOnce }),
      vault().mock,
      outbox(),
      new OutboxSignal(),
    );

    await expect(
      contact.submitContactMessage(
        { message: { ...message, phone: undefined }, idempotencyKey: KEY },
        clock().deadline,
      ),
    ).rejects.toThrow('connection terminated');
  });
});

describe('ContactUseCases.submitPartnerEnquiry', () => {
  const enquiry = {
    company: 'Porównaj Sp. z o.o.',
    name: 'Ewa Malinowska',
    email: 'ewa@porownaj.pl',
    phone: undefined,
    website: 'https://porownaj.pl',
    trafficSources: 'SEO, newsletter',
    message: 'Chcemy promować oferty pożyczek na naszym blogu.',
  };

  it('stores the company and texts in clear, the person sealed, once per key', async () => {
    const insertEnquiryOnce = jest.fn().mockResolvedValue({ outcome: 'stored', answer: STORED });
    const v = vault();
    const contact = new ContactUseCases(
      strictMock<ContactMessagesRepository>('contactMessages', { insertEnquiryOnce }),
      v.mock,
      outbox(),
      new OutboxSignal(),
    );

    await expect(
      contact.submitPartnerEnquiry({ enquiry, idempotencyKey: KEY }, clock().deadline),
    ).resolves.toEqual({ ...STORED, duplicate: false });
    expect(insertEnquiryOnce).toHaveBeenCalledWith(
      {
        id: expect.any(String),
        company: 'Porównaj Sp. z o.o.',
        website: 'https://porownaj.pl',
        trafficSources: 'SEO, newsletter',
        message: enquiry.message,
        sealed: SEALED,
        emailIndex: 'email-index',
        phoneIndex: null,
      },
      { key: KEY, request: 'fingerprint', beforeCommit: expect.any(Function) },
    );
    expect(v.sealedFields).toEqual([{ name: 'Ewa Malinowska', email: 'ewa@porownaj.pl' }]);
  });

  it('refuses a key that came with another enquiry', async () => {
    const insertEnquiryOnce = jest.fn().mockResolvedValue({ outcome: 'key-reused' });
    const contact = new ContactUseCases(
      strictMock<ContactMessagesRepository>('contactMessages', { insertEnquiryOnce }),
      vault().mock,
      outbox(),
      new OutboxSignal(),
    );
    const error = (await contact
      .submitPartnerEnquiry({ enquiry, idempotencyKey: KEY }, clock().deadline)
      .catch((e: unknown) => e)) as ServiceError;
    expect(error.extra.fieldViolations).toEqual([
      { field: 'idempotencyKey', description: expect.stringContaining('already used') },
    ]);
  });
});
