import { status } from '@grpc/grpc-js';
import { type GrpcCallError } from '@lib/contracts';
import { MESSAGES } from '@lib/pl-validation';
import { startTestService, type TestService } from '@lib/testing';
import { ContactMessageEntity } from '../src/persistence/contact-message.entity';
import { leadsService } from '../src/leads.service-definition';

describe('leads service over gRPC (real PostgreSQL)', () => {
  let t: TestService<'leads'>;
  beforeAll(async () => {
    t = await startTestService(leadsService);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const rows = () => t.service.dataSource.getRepository(ContactMessageEntity).find();

  it('stores a contact message before acknowledging it, normalising e-mail and phone', async () => {
    const answer = await t.client.submitContactMessage({
      name: '  Jan Kowalski ',
      email: 'jan@Example.PL',
      phone: '600 100 200',
      message: 'Chciałbym zapytać o współpracę partnerską.',
    });
    expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(answer.receivedAt))).toBe(false);
    const stored = await t.service.dataSource.getRepository(ContactMessageEntity).findOneByOrFail({ id: answer.id });
    expect(stored).toMatchObject({ name: 'Jan Kowalski', email: 'jan@example.pl', phone: '+48600100200' });
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

  it('answers UNIMPLEMENTED over the wire for an RPC listed as not built yet', async () => {
    const error = (await t.client.unsubscribe({ email: 'jan@example.pl', phone: '' }).catch((e: unknown) => e)) as GrpcCallError;
    expect(error.code).toBe(status.UNIMPLEMENTED);
    expect(error.message).toContain('Unsubscribe is not implemented yet');
  });

  it('keeps entities and migrations in agreement', async () => {
    await expect(t.pendingSchemaChanges()).resolves.toEqual([]);
  });
});
