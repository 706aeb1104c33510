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
import { type SubmitRateLimiter } from '../persistence/submit-rate-limiter';
import { FORGET_BATCH, PrivacyUseCases } from './privacy.use-cases';

const ID = '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c';
const LEAD = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
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
    emailIndex: 'email:index',
    phoneIndex: null,
    applicationIds: [LEAD],
    attempts: 1,
    ...overrides,
  }) as ErasureRequestEntity;

const erased = (overrides: Partial<ErasureRequestEntity> = {}, indexes = ['email:index']) => ({
  request: request(overrides),
  indexes,
});

const vault = () =>
  strictMock<PersonalDataVault>('vault', {
    index: (kind: string, value: string | null | undefined) => (value ? `${kind}:index` : null),
    seal: jest.fn().mockResolvedValue({ dataKeyId: 'dk', sealed: Buffer.from('sealed') }),
    open: jest.fn().mockResolvedValue({ email: 'jan@example.pl' }),
    fingerprint: () => 'fingerprint',
  });
const config = { LEADS_RETENTION_DAYS: 365 } as LeadsConfig;
const counters = (forget = jest.fn().mockResolvedValue(undefined)) =>
  strictMock<SubmitRateLimiter>('counters', { forget });

describe('PrivacyUseCases.requestErasure', () => {
  it('records the request with blind indexes and a salted hash only, erases, asks offers and content, then completes', async () => {
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
    const forgetLeadRequests = jest.fn().mockResolvedValue({ forgotten: 1 });
    const forget = jest.fn().mockResolvedValue(undefined);
    const useCases = new PrivacyUseCases(
      strictMock<PrivacyRepository>('privacy', {
        requestErasureOnce,
        eraseLocalData: jest.fn().mockResolvedValue(erased({}, ['email:index', 'phone:index'])),
        complete,
        findErasure,
      }),
      strictMock<ApplicationsRepository>('applications'),
      strictMock<ContactMessagesRepository>('contact'),
      vault(),
      { content: { anonymiseCommenter }, offers: { forgetLeadRequests } } as unknown as PeerServices,
      counters(forget),
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
    expect(forgetLeadRequests).toHaveBeenCalledWith({ applicationIds: [LEAD] });
    // The phone of the application found by the e-mail: its counters go too.
    expect(forget).toHaveBeenCalledWith(['email:index', 'phone:index']);
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
        eraseLocalData: jest.fn().mockResolvedValue(erased()),
        pendingErasures: jest.fn().mockResolvedValue([request()]),
        complete,
      }),
      strictMock<ApplicationsRepository>('applications'),
      strictMock<ContactMessagesRepository>('contact'),
      vault(),
      {
        content: { anonymiseCommenter },
        offers: { forgetLeadRequests: jest.fn().mockResolvedValue({ forgotten: 0 }) },
      } as unknown as PeerServices,
      counters(),
      config,
      silentLogger(),
    );

    await expect(useCases.finishPendingErasures()).resolves.toBe(0);
    expect(complete).not.toHaveBeenCalled();
    await expect(useCases.finishPendingErasures()).resolves.toBe(1);
    expect(complete).toHaveBeenCalledWith(ID, 0);
  });

  it('leaves the request in progress while the offers service is away, and asks it again with the ids kept on the request', async () => {
    const complete = jest.fn().mockResolvedValue(undefined);
    const forgetLeadRequests = jest
      .fn()
      .mockRejectedValueOnce(new Error('UNAVAILABLE'))
      .mockResolvedValue({ forgotten: 1 });
    const anonymiseCommenter = jest.fn().mockResolvedValue({ anonymisedComments: 0 });
    // The second run finds no application any more (their blind indexes are gone): the ids come from the request.
    const useCases = new PrivacyUseCases(
      strictMock<PrivacyRepository>('privacy', {
        eraseLocalData: jest.fn().mockResolvedValue(erased()),
        pendingErasures: jest.fn().mockResolvedValue([request()]),
        complete,
      }),
      strictMock<ApplicationsRepository>('applications'),
      strictMock<ContactMessagesRepository>('contact'),
      vault(),
      { content: { anonymiseCommenter }, offers: { forgetLeadRequests } } as unknown as PeerServices,
      counters(),
      config,
      silentLogger(),
    );

    await expect(useCases.finishPendingErasures()).resolves.toBe(0);
    expect(complete).not.toHaveBeenCalled();
    await expect(useCases.finishPendingErasures()).resolves.toBe(1);
    expect(forgetLeadRequests).toHaveBeenNthCalledWith(2, { applicationIds: [LEAD] });
    expect(complete).toHaveBeenCalledWith(ID, 0);
  });

  it('names the ids in calls of at most FORGET_BATCH, skips the call when none, and never waits on Redis', async () => {
    const many = Array.from({ length: FORGET_BATCH + 1 }, (_, i) => `id-${i}`);
    const forgetLeadRequests = jest.fn().mockResolvedValue({ forgotten: 0 });
    const complete = jest.fn().mockResolvedValue(undefined);
    const eraseLocalData = jest
      .fn()
      .mockResolvedValueOnce(erased({ applicationIds: many }))
      .mockResolvedValueOnce(erased({ applicationIds: null, sealed: null, dataKeyId: null }, []));
    const useCases = new PrivacyUseCases(
      strictMock<PrivacyRepository>('privacy', {
        eraseLocalData,
        pendingErasures: jest.fn().mockResolvedValue([request()]),
        complete,
      }),
      strictMock<ApplicationsRepository>('applications'),
      strictMock<ContactMessagesRepository>('contact'),
      vault(),
      {
        content: { anonymiseCommenter: jest.fn().mockResolvedValue({ anonymisedComments: 0 }) },
        offers: { forgetLeadRequests },
      } as unknown as PeerServices,
      counters(jest.fn().mockRejectedValue(new Error('redis down'))),
      config,
      silentLogger(),
    );

    await expect(useCases.finishPendingErasures()).resolves.toBe(1);
    expect(
      forgetLeadRequests.mock.calls.map(([r]) => (r as { applicationIds: string[] }).applicationIds),
    ).toEqual([many.slice(0, FORGET_BATCH), many.slice(FORGET_BATCH)]);
    await expect(useCases.finishPendingErasures()).resolves.toBe(1);
    expect(forgetLeadRequests).toHaveBeenCalledTimes(2);
    expect(complete).toHaveBeenCalledTimes(2);
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
      counters(),
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
