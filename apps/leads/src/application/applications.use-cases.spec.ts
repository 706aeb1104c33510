import { commonV1, leadsV1 } from '@lib/contracts';
import { CONSENTS } from '@lib/pl-validation';
import { CallDeadline, type ServiceError } from '@lib/service-kit';
import { silentLogger, strictMock } from '@lib/testing';
import { type JourneyFields } from '../domain/application-journey';
import { type ApplicationEntity } from '../persistence/application.entity';
import { type ApplicationsRepository } from '../persistence/applications.repository';
import { type PeerServices } from '../persistence/peer-services';
import { type PersonalDataVault } from '../persistence/personal-data-vault';
import { type SubmitRateLimiter } from '../persistence/submit-rate-limiter';
import {
  type ApplicationCommand,
  ApplicationsUseCases,
  SUBMIT_LIMIT_MESSAGE,
} from './applications.use-cases';

const LEAD = '5f0c3b2a-8d7e-4f1a-b2c3-d4e5f6a7b8c9';
const CREATED = '2026-11-24T10:00:00.000Z';
const fields: JourneyFields = {
  amount: 2000,
  periodDays: 90,
  purpose: 'medical',
  firstName: 'Jan',
  lastName: 'Kowalski',
  email: 'jan@example.pl',
  phone: '600 100 200',
  pesel: '90051401233',
  idCard: 'ABA300000',
  bankAccount: '61109010140000071219812874',
  incomeSource: 'employment',
  consents: Object.fromEntries(CONSENTS.map((c) => [c.key, { given: c.required, textVersion: c.version }])),
};
const submit = (overrides: Partial<ApplicationCommand> = {}): ApplicationCommand => ({
  step: 0,
  draftId: undefined,
  idempotencyKey: undefined,
  formVersion: 2,
  attribution: null,
  fields,
  ...overrides,
});
const vault = () =>
  strictMock<PersonalDataVault>('vault', {
    index: (kind: string, value: string | null | undefined) => (value ? `${kind}:index` : null),
    seal: jest.fn().mockResolvedValue({ dataKeyId: 'dk', sealed: Buffer.from('x') }),
    fingerprint: () => 'fingerprint',
  });
const deadline = () => CallDeadline.at(10_000, () => 0);
const stored = {
  outcome: 'stored' as const,
  answer: { applicationId: LEAD, status: 'received' as const, createdAt: CREATED, alreadySubmitted: false },
};

describe('ApplicationsUseCases.submitApplication', () => {
  it('stores the lead sealed, then matches offers for it by its id and marks it matched', async () => {
    const saveOnce = jest.fn().mockResolvedValue(stored);
    const setMatchStatus = jest.fn().mockResolvedValue(undefined);
    const matchOffers = jest.fn().mockResolvedValue({ offers: [], total: 4, sponsored: [] });
    const useCases = new ApplicationsUseCases(
      strictMock<ApplicationsRepository>('applications', { saveOnce, setMatchStatus }),
      vault(),
      strictMock<SubmitRateLimiter>('limiter', { take: jest.fn().mockResolvedValue(true) }),
      { offers: { matchOffers }, content: strictMock('content') } as unknown as PeerServices,
      silentLogger(),
    );

    await expect(useCases.submitApplication(submit(), deadline())).resolves.toEqual({
      applicationId: LEAD,
      status: leadsV1.ApplicationStatus.MATCHED,
      createdAt: CREATED,
      matchedOffers: 4,
    });
    const [, change] = saveOnce.mock.calls[0] as [
      string,
      { values: Partial<ApplicationEntity>; consents: unknown[] },
    ];
    expect(change.values).toMatchObject({
      status: 'received',
      amountGrosze: 200_000,
      emailIndex: 'email:index',
      phoneIndex: 'phone:index',
      sealed: Buffer.from('x'),
    });
    expect(JSON.stringify(change.values)).not.toContain('90051401233');
    expect(change.consents).toHaveLength(CONSENTS.length);
    expect(matchOffers).toHaveBeenCalledWith(
      expect.objectContaining({
        applicationId: LEAD,
        amountGrosze: 200_000,
        periodDays: 90,
        purpose: commonV1.LoanPurpose.MEDICAL,
        age: expect.any(Number),
      }),
      { deadlineMs: expect.any(Number) },
    );
    expect(setMatchStatus).toHaveBeenCalledWith(LEAD, 'matched');
  });

  it('keeps the lead as received when MatchOffers fails', async () => {
    const useCases = new ApplicationsUseCases(
      strictMock<ApplicationsRepository>('applications', { saveOnce: jest.fn().mockResolvedValue(stored) }),
      vault(),
      strictMock<SubmitRateLimiter>('limiter', { take: jest.fn().mockResolvedValue(true) }),
      {
        offers: { matchOffers: jest.fn().mockRejectedValue(new Error('UNAVAILABLE')) },
      } as unknown as PeerServices,
      silentLogger(),
    );
    await expect(useCases.submitApplication(submit(), deadline())).resolves.toMatchObject({
      applicationId: LEAD,
      status: leadsV1.ApplicationStatus.RECEIVED,
      matchedOffers: 0,
    });
  });

  it('refuses a submit over the hourly limit before storing anything', async () => {
    const useCases = new ApplicationsUseCases(
      strictMock<ApplicationsRepository>('applications'),
      vault(),
      strictMock<SubmitRateLimiter>('limiter', { take: jest.fn().mockResolvedValue(false) }),
      strictMock<PeerServices>('peers'),
      silentLogger(),
    );
    const error = (await useCases
      .submitApplication(submit(), deadline())
      .catch((e: unknown) => e)) as ServiceError;
    expect(error.message).toBe(SUBMIT_LIMIT_MESSAGE);
  });

  it('answers a second submit of an already submitted draft with the same lead, storing nothing', async () => {
    const row = { id: LEAD, status: 'matched', createdAt: new Date(CREATED) } as ApplicationEntity;
    const useCases = new ApplicationsUseCases(
      strictMock<ApplicationsRepository>('applications', { findById: jest.fn().mockResolvedValue(row) }),
      vault(),
      strictMock<SubmitRateLimiter>('limiter'),
      strictMock<PeerServices>('peers'),
      silentLogger(),
    );
    await expect(
      useCases.submitApplication(submit({ draftId: LEAD, fields: {} }), deadline()),
    ).resolves.toEqual({
      applicationId: LEAD,
      status: leadsV1.ApplicationStatus.MATCHED,
      createdAt: CREATED,
      matchedOffers: 0,
    });
  });

  it('saves a first step as a draft without asking for later steps, the rate limit or offers', async () => {
    const saveOnce = jest
      .fn()
      .mockResolvedValue({ outcome: 'stored', answer: { ...stored.answer, status: 'draft' } });
    const useCases = new ApplicationsUseCases(
      strictMock<ApplicationsRepository>('applications', {
        saveOnce,
        findById: jest.fn().mockResolvedValue({ status: 'draft' }),
      }),
      vault(),
      strictMock<SubmitRateLimiter>('limiter'),
      strictMock<PeerServices>('peers'),
      silentLogger(),
    );
    await expect(useCases.submitApplication(submit({ step: 1 }), deadline())).resolves.toMatchObject({
      status: leadsV1.ApplicationStatus.DRAFT,
    });
    const [, change] = saveOnce.mock.calls[0] as [
      string,
      { values: Partial<ApplicationEntity>; consents: unknown[] },
    ];
    // Only step 1 is kept: nothing personal, nothing sealed.
    expect(change.values).toMatchObject({
      status: 'draft',
      step: 1,
      sealed: null,
      dataKeyId: null,
      emailIndex: null,
      phoneIndex: null,
      amountGrosze: 200_000,
    });
    expect(change.consents).toEqual([]);
  });
});
