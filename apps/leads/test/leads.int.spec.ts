import { status } from '@grpc/grpc-js';
import { type GrpcCallError } from '@lib/contracts';
import { MESSAGES } from '@lib/pl-validation';
import { IdempotencyKeyEntity } from '@lib/database';
import {
  countedCalls,
  holdLock,
  startTestService,
  type TestService,
  until,
  waitingForLocks,
} from '@lib/testing';
import { randomUUID } from 'node:crypto';
import { ContactMessageEntity } from '../src/persistence/contact-message.entity';
import { leadsService } from '../src/leads.service-definition';
import { PersonalDataVault } from '../src/persistence/personal-data-vault';
import { submitAfterDeadline } from './support/wire';

describe('leads service over gRPC (real PostgreSQL)', () => {
  let t: TestService<'leads'>;
  beforeAll(async () => {
    t = await startTestService(leadsService);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const rows = () => t.service.dataSource.getRepository(ContactMessageEntity).find();

  it('stores a contact message before acknowledging it, normalising e-mail and phone, sealed at rest', async () => {
    const answer = await t.client.submitContactMessage({
      name: '  Jan Kowalski ',
      email: 'jan@Example.PL',
      phone: '600 100 200',
      message: 'Chciałbym zapytać o współpracę partnerską.',
    });
    expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(answer.receivedAt))).toBe(false);
    const stored = await t.service.dataSource
      .getRepository(ContactMessageEntity)
      .findOneByOrFail({ id: answer.id });
    expect(stored).toMatchObject({ name: null, email: null, phone: null });
    const vault = t.service.app.get(PersonalDataVault);
    expect(stored.emailIndex).toBe(vault.index('email', 'jan@example.pl'));
    await expect(
      vault.open(`contact_messages/${answer.id}`, stored.dataKeyId!, stored.sealed!),
    ).resolves.toEqual({
      name: 'Jan Kowalski',
      email: 'jan@example.pl',
      phone: '+48600100200',
    });
  });

  it('rejects bad fields with INVALID_ARGUMENT, one Polish violation per field, and stores nothing', async () => {
    const before = (await rows()).length;
    const error = (await t.client
      .submitContactMessage({ name: 'J', email: 'nie-email', phone: '12', message: 'krótko' })
      .catch((e: unknown) => e)) as GrpcCallError;
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual(
      expect.arrayContaining([
        { field: 'name', description: MESSAGES.name },
        { field: 'email', description: MESSAGES.email },
        { field: 'phone', description: MESSAGES.phone },
        { field: 'message', description: MESSAGES.message },
      ]),
    );
    expect((await rows()).length).toBe(before);
  });

  describe('exactly once per idempotency key', () => {
    const form = (text: string, idempotencyKey?: string) => ({
      name: 'Anna Nowak',
      email: 'anna@example.pl',
      phone: '',
      message: `Dzień dobry, ${text}`,
      ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    });
    const storedWith = (text: string) =>
      t.service.dataSource.getRepository(ContactMessageEntity).findBy({ message: `Dzień dobry, ${text}` });

    it('stores a submission sent twice with one key once and answers both with the same id', async () => {
      const key = randomUUID();
      const first = await t.client.submitContactMessage(form('pytanie o raty.', key));
      const repeat = await t.client.submitContactMessage(form('pytanie o raty.', key.toUpperCase()));
      // The same answer, marked as the repeat it is (the gateway gives a repeat's budget back).
      expect(first.duplicate).toBe(false);
      expect(repeat).toEqual({ ...first, duplicate: true });
      expect((await storedWith('pytanie o raty.')).map((m) => m.id)).toEqual([first.id]);

      const other = await t.client.submitContactMessage(form('pytanie o raty.', randomUUID()));
      expect(other.id).not.toBe(first.id);
      expect((await storedWith('pytanie o raty.')).map((m) => m.id).sort()).toEqual(
        [first.id, other.id].sort(),
      );
    });

    it('stores every submission sent without a key, as before', async () => {
      await t.client.submitContactMessage(form('bez klucza.'));
      await t.client.submitContactMessage(form('bez klucza.', ''));
      expect(await storedWith('bez klucza.')).toHaveLength(2);
    });

    it('refuses a malformed key, and a key sent again with another message, storing nothing', async () => {
      const bad = (await t.client
        .submitContactMessage(form('zły klucz.', 'abc'))
        .catch((e: unknown) => e)) as GrpcCallError;
      expect(bad.code).toBe(status.INVALID_ARGUMENT);
      expect(bad.fieldViolations).toEqual([
        { field: 'idempotencyKey', description: 'must be a UUID v4, created once per form submission' },
      ]);

      const key = randomUUID();
      await t.client.submitContactMessage(form('pierwsza wersja.', key));
      const reused = (await t.client
        .submitContactMessage(form('druga wersja.', key))
        .catch((e: unknown) => e)) as GrpcCallError;
      expect(reused.code).toBe(status.INVALID_ARGUMENT);
      expect(reused.fieldViolations[0]?.field).toBe('idempotencyKey');
      expect(await storedWith('druga wersja.')).toEqual([]);
    });

    it('makes a repeat that arrives while the first is still storing wait, then answers it the same', async () => {
      const key = randomUUID();
      const lock = await holdLock(
        t.service.dataSource,
        'LOCK TABLE leads.contact_messages IN EXCLUSIVE MODE',
      );
      let first: Promise<unknown>;
      let second: Promise<unknown>;
      try {
        first = t.client.submitContactMessage(form('równolegle.', key), { deadlineMs: 30_000 });
        // The first waits for the table, the repeat for the first's key: both inside their transactions.
        await until(async () => (await waitingForLocks(t.service.dataSource)) >= 1);
        second = t.client.submitContactMessage(form('równolegle.', key), { deadlineMs: 30_000 });
        await until(async () => (await waitingForLocks(t.service.dataSource)) >= 2);
      } finally {
        await lock.release();
      }
      const [a, b] = (await Promise.all([first!, second!])) as { duplicate: boolean }[];
      expect(a!.duplicate).toBe(false);
      expect(b).toEqual({ ...a, duplicate: true });
      expect(await storedWith('równolegle.')).toHaveLength(1);
    });

    it('treats a key older than its 24 hours as new', async () => {
      const key = randomUUID();
      const first = await t.client.submitContactMessage(form('stary klucz.', key));
      await t.service.dataSource
        .getRepository(IdempotencyKeyEntity)
        .update({ scope: 'SubmitContactMessage', key }, { expiresAt: new Date(Date.now() - 1_000) });
      const again = await t.client.submitContactMessage(form('stary klucz.', key));
      expect(again.id).not.toBe(first.id);
      expect(await storedWith('stary klucz.')).toHaveLength(2);
    });

    it('keeps a key for 24 hours after its write', async () => {
      const key = randomUUID();
      await t.client.submitContactMessage(form('ważność klucza.', key));
      const row = await t.service.dataSource
        .getRepository(IdempotencyKeyEntity)
        .findOneByOrFail({ scope: 'SubmitContactMessage', key });
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);
      expect(row.answer).toEqual({ id: expect.any(String), receivedAt: expect.any(String) });
    });
  });

  describe('deadlines', () => {
    const METHOD = 'LeadsController.submitContactMessage';
    const form = (text: string, idempotencyKey: string) => ({
      name: 'Piotr Zieliński',
      email: 'piotr@example.pl',
      phone: '',
      message: `Wiadomość: ${text}`,
      idempotencyKey,
    });
    const storedWith = (text: string) =>
      t.service.dataSource.getRepository(ContactMessageEntity).findBy({ message: `Wiadomość: ${text}` });

    it('does not run a call that arrives after its deadline', async () => {
      const before = await countedCalls(t.opsUrl, METHOD, 'DEADLINE_EXCEEDED');
      const error = await submitAfterDeadline(t.grpcTarget, form('po terminie.', randomUUID()));
      expect(error?.code).toBe(status.DEADLINE_EXCEEDED);
      await until(async () => (await countedCalls(t.opsUrl, METHOD, 'DEADLINE_EXCEEDED')) > before);
      expect(await storedWith('po terminie.')).toEqual([]);
    });

    it('does not commit a write whose deadline passes while it waits, and stores it once on retry', async () => {
      const key = randomUUID();
      const before = await countedCalls(t.opsUrl, METHOD, 'DEADLINE_EXCEEDED');
      const lock = await holdLock(
        t.service.dataSource,
        'LOCK TABLE leads.contact_messages IN EXCLUSIVE MODE',
      );
      try {
        const call = t.client.submitContactMessage(form('wolna baza.', key), { deadlineMs: 500 });
        await until(async () => (await waitingForLocks(t.service.dataSource)) >= 1);
        // The call reached the service before now, so the service's own deadline ends before now + 500 ms.
        const serverDeadlineBefore = Date.now() + 500;
        // The gateway gives up and tells the visitor; the service's insert still waits for the table.
        await expect(call).rejects.toMatchObject({ code: status.DEADLINE_EXCEEDED });
        await until(() => Promise.resolve(Date.now() > serverDeadlineBefore));
      } finally {
        await lock.release();
      }
      // The insert then goes through, but the service asks before COMMIT and rolls back.
      await until(async () => (await countedCalls(t.opsUrl, METHOD, 'DEADLINE_EXCEEDED')) > before);
      expect(await storedWith('wolna baza.')).toEqual([]);
      expect(await t.service.dataSource.getRepository(IdempotencyKeyEntity).findOneBy({ key })).toBeNull();

      // The visitor's retry (same key) is stored, once.
      const retry = await t.client.submitContactMessage(form('wolna baza.', key));
      expect((await storedWith('wolna baza.')).map((m) => m.id)).toEqual([retry.id]);
    });
  });

  it('keeps its ops endpoints on the loopback address unless OPS_HOST says otherwise', async () => {
    expect(t.service.opsHost).toBe('127.0.0.1');
    expect((await fetch(`${t.opsUrl}/healthz`)).status).toBe(200);
  });

  it('keeps entities and migrations in agreement', async () => {
    await expect(t.pendingSchemaChanges()).resolves.toEqual([]);
  });
});
