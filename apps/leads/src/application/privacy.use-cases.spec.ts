import { leadsV1 } from '@lib/contracts';
import { CallDeadline } from '@lib/service-kit';
import { silentLogger, strictMock } from '@lib/testing';
import { type LeadsConfig } from '../leads.config';
import { type ApplicationsRepository } from '../persistence/applications.repository';
import { type ContactMessagesRepository } from '../persistence/contact-messages.repository';
import { type PeerServices } from '../persistence/peer-services';
import { type PersonalDataVault } from '../persistence/personal-data-vault';
import { type ErasureRequestEntity } from '../persistence/privacy.entity';
import { type PrivacyRepository } from '../persistence/privacy.repository';
import { PrivacyUseCases } from './privacy.use-cases';

const ID = '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c';
const RECEIVED = new Date('2026-11-24T10:00:00.000Z');
const request = (overrides: Partial<ErasureRequestEntity> = {}) =>
  ({
    id: ID,
    status: 'in_progress',
    receivedAt: RECEIVED,
    completedAt: null,
    erasedRecords: 2,
    rejectionReason: null,
    sealed: Buffer.from('sealed'),
    dataKeyId: 'dk',
    attempts: 1,
    ...overrides,
  }) as ErasureRequestEntity;

const vault = () =>
  strictMock<PersonalDataVault>('vault', {
    index: (kind: string, value: string | null | undefined) => (value ? `${kind}:index` : null),
    seal: jest.fn().mockResolvedValue({ dataKeyId: 'dk', sealed: Buffer.from('sealed') }),
    open: jest.fn().mockResolvedValue({ email: 'jan@example.pl' }),
    fingerprint: () => 'fingerprint',
  });
const config = { LEADS_RETENTION_DAYS: 365 } as LeadsConfig;

describe('PrivacyUseCases.requestErasure', () => {
  it('records the request with blind indexes and a salted hash only, erases, asks content, then completes', async () => {
    const requestErasureOnce = jest
      .fn()
      .mockResolvedValue({ outcome: 'stored', answer: { id: ID, receivedAt: RECEIVED.toISOString() } });
    const complete = jest.fn().mockResolvedValue(undefined);
    const findErasure = jest
      .fn()
      .mockResolvedValue(
        request({ status: 'completed', completedAt: new Date('2026-11-24T10:00:01.000Z'), erasedRecords: 3 }),
      );
    const anonymiseCommenter = jest.fn().mockResolvedValue({ anonymisedComments: 1 });
    const useCases = new PrivacyUseCases(
      strictMock<PrivacyRepository>('privacy', {
        requestErasureOnce,
        eraseLocalData: jest.fn().mockResolvedValue(request()),
        complete,
        findErasure,
      }),
      strictMock<ApplicationsRepository>('applications'),
      strictMock<ContactMessagesRepository>('contact'),
      vault(),
      { content: { anonymiseCommenter } } as unknown as PeerServices,
      config,
      silentLogger(),
    );

    const answer = await useCases.requestErasure(
      { subject: { email: 'jan@example.pl', phone: undefined }, idempotencyKey: undefined },
      CallDeadline.at(10_000, () => 0),
    );
    expect(answer).toMatchObject({
      requestId: ID,
      status: leadsV1.RequestStatus.COMPLETED,
      erasedRecords: 3,
    });
    const [subject] = requestErasureOnce.mock.calls[0] as [
      { emailIndex: string; phoneIndex: string | null; subjectHash: string },
    ];
    expect(subject).toEqual({
      emailIndex: 'email:index',
      phoneIndex: null,
      subjectHash: expect.stringMatching(/^[0-9a-f]{32}:[0-9a-f]{64}$/),
    });
    expect(anonymiseCommenter).toHaveBeenCalledWith({ email: 'jan@example.pl' });
    expect(complete).toHaveBeenCalledWith(ID, 1);
  });

  it('leaves the request in progress (never lost) when the content service fails; the job finishes it later', async () => {
    const complete = jest.fn().mockResolvedValue(undefined);
    const anonymiseCommenter = jest
      .fn()
      .mockRejectedValueOnce(new Error('UNAVAILABLE'))
      .mockResolvedValueOnce({ anonymisedComments: 0 });
    const useCases = new PrivacyUseCases(
      strictMock<PrivacyRepository>('privacy', {
        eraseLocalData: jest.fn().mockResolvedValue(request()),
        pendingErasures: jest.fn().mockResolvedValue([request()]),
        complete,
      }),
      strictMock<ApplicationsRepository>('applications'),
      strictMock<ContactMessagesRepository>('contact'),
      vault(),
      { content: { anonymiseCommenter } } as unknown as PeerServices,
      config,
      silentLogger(),
    );

    await expect(useCases.finishPendingErasures()).resolves.toBe(0);
    expect(complete).not.toHaveBeenCalled();
    await expect(useCases.finishPendingErasures()).resolves.toBe(1);
    expect(complete).toHaveBeenCalledWith(ID, 0);
  });
});

describe('PrivacyUseCases.applyRetention', () => {
  it('deletes drafts untouched for 30 days and leads and messages older than LEADS_RETENTION_DAYS', async () => {
    const deleteExpired = jest.fn().mockResolvedValue({ drafts: 2, leads: 1 });
    const deleteReceivedBefore = jest.fn().mockResolvedValue(4);
    const useCases = new PrivacyUseCases(
      strictMock<PrivacyRepository>('privacy'),
      strictMock<ApplicationsRepository>('applications', { deleteExpired }),
      strictMock<ContactMessagesRepository>('contact', { deleteReceivedBefore }),
      vault(),
      strictMock<PeerServices>('peers'),
      config,
      silentLogger(),
    );
    const now = new Date('2026-11-24T00:00:00.000Z');
    await expect(useCases.applyRetention(now)).resolves.toEqual({ drafts: 2, leads: 1, messages: 4 });
    expect(deleteExpired).toHaveBeenCalledWith(
      new Date('2026-10-25T00:00:00.000Z'),
      new Date('2025-11-24T00:00:00.000Z'),
    );
    expect(deleteReceivedBefore).toHaveBeenCalledWith(new Date('2025-11-24T00:00:00.000Z'));
  });
});
