import { commonV1, leadsV1 } from '@lib/contracts';
import { applicantAgeMessage, CONSENTS } from '@lib/pl-validation';
import { CallDeadline, type ServiceError } from '@lib/service-kit';
import { silentLogger, strictMock } from '@lib/testing';
import { type JourneyFields } from '../domain/application-journey';
import { type ApplicationEntity } from '../persistence/application.entity';
import { type ApplicationsRepository } from '../persistence/applications.repository';
import { type DeliveryLender } from '@lib/partner-delivery';
import { type LeadsConfig } from '../leads.config';
import { type DeliveriesRepository } from '../persistence/deliveries.repository';
import { type PeerServices } from '../persistence/peer-services';
import { type PersonalDataVault } from '../persistence/personal-data-vault';
import { type SubmitRateLimiter } from '../persistence/submit-rate-limiter';
import { FormLimitsSource } from './form-limits';
import { LenderMatching } from './lender-matching';
import { type MessageOutbox } from './message-outbox';
import { OutboxSignal } from './outbox-signal';
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
const LINK_KEY = Buffer.alloc(32, 7);
const lender = (slug: string, requiredFields: DeliveryLender['requiredFields']): DeliveryLender => ({
  slug,
  lenderId: 1,
  name: slug,
  enabled: true,
  endpoint: new URL(`https://${slug}.example/applications`),
  secret: 's'.repeat(32),
  requiredFields,
  timeoutMs: 1000,
});
const matchedBy = (slugs: string[], total = slugs.length) =>
  jest.fn().mockResolvedValue({
    offers: slugs.map((lenderSlug) => ({ offer: { lenderSlug } })),
    total,
    sponsored: [],
  });

/** The use cases over fake ports: `peers` answers MatchOffers; the rest records what was queued. */
function useCasesWith(ports: {
  applications: ApplicationsRepository;
  limiter?: SubmitRateLimiter;
  matchOffers?: jest.Mock;
  listOffers?: jest.Mock;
  lenders?: DeliveryLender[];
  queue?: jest.Mock;
}) {
  const peers = {
    offers: {
      matchOffers: ports.matchOffers ?? jest.fn(),
      listOffers: ports.listOffers ?? jest.fn().mockResolvedValue({ offers: [], total: 0 }),
    },
  } as unknown as PeerServices;
  const directory = { environment: 'sandbox' as const, lenders: ports.lenders ?? [] };
  const queue = ports.queue ?? jest.fn().mockResolvedValue(undefined);
  const outbox = strictMock<MessageOutbox>('outbox', {
    prepare: jest.fn((kind: string) =>
      Promise.resolve({
        id: kind,
        channel: 'email' as const,
        kind,
        recipientIndex: 'i',
        sealed: { dataKeyId: 'dk', sealed: Buffer.from('m') },
      }),
    ),
    queue: jest.fn().mockResolvedValue(undefined),
  });
  return new ApplicationsUseCases(
    ports.applications,
    vault(),
    ports.limiter ?? strictMock<SubmitRateLimiter>('limiter'),
    new LenderMatching(peers, silentLogger()),
    new FormLimitsSource(peers, directory, silentLogger()),
    strictMock<DeliveriesRepository>('deliveries', { queue }),
    outbox,
    new OutboxSignal(),
    directory,
    { LEADS_LINK_KEY: LINK_KEY, PUBLIC_ORIGIN: 'https://example.pl' } as LeadsConfig,
    silentLogger(),
  );
}
const stored = {
  outcome: 'stored' as const,
  answer: { applicationId: LEAD, status: 'received' as const, createdAt: CREATED, alreadySubmitted: false },
};

describe('ApplicationsUseCases.submitApplication', () => {
  it('matches offers for the lead by its id, then stores it matched with its deliveries in the same write', async () => {
    const saveOnce = jest.fn(
      async (_scope: string, change: { afterWrite?: (m: unknown) => Promise<void> }) => {
        await change.afterWrite?.('manager');
        return stored;
      },
    );
    const queue = jest.fn().mockResolvedValue(undefined);
    const matchOffers = matchedBy(['vivus', 'kuki', 'vivus', 'rupi'], 4);
    const useCases = useCasesWith({
      applications: strictMock<ApplicationsRepository>('applications', {
        saveOnce: saveOnce as unknown as ApplicationsRepository['saveOnce'],
      }),
      limiter: strictMock<SubmitRateLimiter>('limiter', { take: jest.fn().mockResolvedValue(true) }),
      matchOffers,
      lenders: [lender('vivus', ['firstName', 'pesel']), lender('kuki', ['phone', 'age'])],
      queue,
    });
    const withDelivery = submit({
      fields: {
        ...fields,
        consents: { ...fields.consents, delivery: { given: true, textVersion: 'delivery-2026-11-v1' } },
      },
    });

    const answer = await useCases.submitApplication(withDelivery, deadline());
    expect(answer).toMatchObject({
      applicationId: LEAD,
      status: leadsV1.ApplicationStatus.MATCHED,
      createdAt: CREATED,
      matchedOffers: 4,
      deliveries: 2,
    });
    expect(answer.statusToken).toMatch(new RegExp(`^${LEAD}\\.\\d+\\.`));
    const [, change] = saveOnce.mock.calls[0] as unknown as [
      string,
      { values: Partial<ApplicationEntity>; consents: unknown[] },
    ];
    expect(change.values).toMatchObject({
      status: 'matched',
      amountGrosze: 200_000,
      emailIndex: 'email:index',
      phoneIndex: 'phone:index',
      sealed: Buffer.from('x'),
    });
    expect(JSON.stringify(change.values)).not.toContain('90051401233');
    expect(change.consents).toHaveLength(CONSENTS.length);
    // Each matched lender that takes applications once, with its own fields; rupi is not in the file.
    const planned = queue.mock.calls[0]![2] as { lender: DeliveryLender; fields: string[] }[];
    expect(planned.map((p) => [p.lender.slug, p.fields])).toEqual([
      ['vivus', ['firstName', 'pesel']],
      ['kuki', ['phone', 'age']],
    ]);
    // First for the fields the last step asks (no age yet), then for the lead itself (with the age).
    expect(matchOffers).toHaveBeenCalledTimes(2);
    expect(matchOffers).toHaveBeenLastCalledWith(
      expect.objectContaining({
        applicationId: expect.any(String),
        amountGrosze: 200_000,
        periodDays: 90,
        purpose: commonV1.LoanPurpose.MEDICAL,
        age: expect.any(Number),
      }),
      { deadlineMs: expect.any(Number) },
    );
  });

  it('queues no delivery without the delivery consent: the application is matched only', async () => {
    const saveOnce = jest.fn(
      async (_scope: string, change: { afterWrite?: (m: unknown) => Promise<void> }) => {
        await change.afterWrite?.('manager');
        return stored;
      },
    );
    const queue = jest.fn().mockResolvedValue(undefined);
    const useCases = useCasesWith({
      applications: strictMock<ApplicationsRepository>('applications', {
        saveOnce: saveOnce as unknown as ApplicationsRepository['saveOnce'],
      }),
      limiter: strictMock<SubmitRateLimiter>('limiter', { take: jest.fn().mockResolvedValue(true) }),
      matchOffers: matchedBy(['vivus']),
      lenders: [lender('vivus', ['firstName'])],
      queue,
    });
    await expect(useCases.submitApplication(submit(), deadline())).resolves.toMatchObject({
      status: leadsV1.ApplicationStatus.MATCHED,
      deliveries: 0,
    });
    expect(queue).toHaveBeenCalledWith('manager', expect.any(String), [], expect.any(Date));
  });

  it('keeps the lead as received when MatchOffers fails', async () => {
    const saveOnce = jest.fn().mockResolvedValue(stored);
    const useCases = useCasesWith({
      applications: strictMock<ApplicationsRepository>('applications', {
        saveOnce: saveOnce as unknown as ApplicationsRepository['saveOnce'],
      }),
      limiter: strictMock<SubmitRateLimiter>('limiter', { take: jest.fn().mockResolvedValue(true) }),
      matchOffers: jest.fn().mockRejectedValue(new Error('UNAVAILABLE')),
    });
    await expect(useCases.submitApplication(submit(), deadline())).resolves.toMatchObject({
      applicationId: LEAD,
      status: leadsV1.ApplicationStatus.RECEIVED,
      matchedOffers: 0,
      deliveries: 0,
    });
    // Stored as received, with nothing queued: the maintenance job matches and delivers it later.
    expect(
      (
        saveOnce.mock.calls[0] as unknown as [string, { values: { status: string }; afterWrite?: unknown }]
      )[1],
    ).toMatchObject({
      values: { status: 'received' },
      afterWrite: expect.any(Function),
    });
  });

  it('refuses a submit over the hourly limit before storing anything', async () => {
    const useCases = useCasesWith({
      applications: strictMock<ApplicationsRepository>('applications'),
      limiter: strictMock<SubmitRateLimiter>('limiter', { take: jest.fn().mockResolvedValue(false) }),
      matchOffers: matchedBy([]),
    });
    const error = (await useCases
      .submitApplication(submit(), deadline())
      .catch((e: unknown) => e)) as ServiceError;
    expect(error.message).toBe(SUBMIT_LIMIT_MESSAGE);
  });

  it('answers a second submit of an already submitted draft with the same lead, storing nothing', async () => {
    const row = { id: LEAD, status: 'matched', createdAt: new Date(CREATED) } as ApplicationEntity;
    const useCases = useCasesWith({
      applications: strictMock<ApplicationsRepository>('applications', {
        findById: jest.fn().mockResolvedValue(row),
      }),
    });
    await expect(
      useCases.submitApplication(submit({ draftId: LEAD, fields: {} }), deadline()),
    ).resolves.toMatchObject({
      applicationId: LEAD,
      status: leadsV1.ApplicationStatus.MATCHED,
      createdAt: CREATED,
      matchedOffers: 0,
      statusToken: expect.stringMatching(new RegExp(`^${LEAD}\\.`)),
    });
  });

  it('saves a first step as a draft without asking for later steps, the rate limit or offers', async () => {
    const saveOnce = jest
      .fn()
      .mockResolvedValue({ outcome: 'stored', answer: { ...stored.answer, status: 'draft' } });
    const matchOffers = jest.fn();
    const useCases = useCasesWith({
      applications: strictMock<ApplicationsRepository>('applications', {
        saveOnce,
        findById: jest.fn().mockResolvedValue({ status: 'draft' }),
      }),
      matchOffers,
    });
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
    expect(matchOffers).not.toHaveBeenCalled();
  });
});

describe('the application form’s limits come from the lenders it passes applications to', () => {
  /** The feed's offers: Vivus takes 18–75, Provident 20–78, Rupi (no delivery) 18–90. */
  const listOffers = jest.fn().mockResolvedValue({
    offers: [
      { lenderSlug: 'vivus', isActive: true, ageMin: 18, ageMax: 75, asOf: '2026-11-28', sample: true },
      { lenderSlug: 'provident', isActive: true, ageMin: 20, ageMax: 78, asOf: '2026-11-28', sample: true },
      { lenderSlug: 'rupi', isActive: true, ageMin: 18, ageMax: 90, asOf: '2026-11-28', sample: true },
    ],
    total: 3,
  });
  const lenders = [lender('vivus', ['firstName', 'pesel', 'idCard']), lender('provident', ['phone', 'age'])];

  it('states the ages and the document of those lenders, with the feed’s day, in the preview and on its own', async () => {
    const useCases = useCasesWith({
      applications: strictMock<ApplicationsRepository>('applications', {
        findById: jest.fn().mockResolvedValue({ id: LEAD, status: 'draft' }),
      }),
      matchOffers: matchedBy(['provident']),
      listOffers,
      lenders,
    });
    const expected = {
      known: true,
      ageChecked: true,
      ageMin: 18,
      ageMax: 78,
      identityDocuments: ['id_card'],
      asOf: '2026-11-28',
      sample: true,
    };
    await expect(useCases.applicationLimits(deadline())).resolves.toMatchObject(expected);
    jest
      .spyOn(useCases as unknown as { journeyOf: () => Promise<JourneyFields> }, 'journeyOf')
      .mockResolvedValue(fields);
    const preview = await useCases.previewDelivery(LEAD, deadline());
    expect(preview.limits).toMatchObject(expected);
    expect(preview.limits?.lenders.map((l) => [l.lenderSlug, l.ageMin, l.ageMax])).toEqual([
      ['vivus', 18, 75],
      ['provident', 20, 78],
    ]);
    // Kept for a minute: the feed was read once for both answers.
    expect(listOffers).toHaveBeenCalledTimes(1);
  });

  it('refuses at submit an applicant older than every one of those lenders takes, naming the ages', async () => {
    const useCases = useCasesWith({
      applications: strictMock<ApplicationsRepository>('applications'),
      matchOffers: matchedBy(['vivus']),
      listOffers,
      lenders,
    });
    // Born 1940-05-14: 86 on the day.
    const error = (await useCases
      .submitApplication(submit({ fields: { ...fields, pesel: '40051401238' } }), deadline())
      .catch((e: unknown) => e)) as ServiceError;
    expect(error.extra.fieldViolations).toEqual([
      { field: 'pesel', description: applicantAgeMessage({ min: 18, max: 78 }) },
    ]);
  });

  it('answers unknown limits, not an error, while the offers service does not answer', async () => {
    const useCases = useCasesWith({
      applications: strictMock<ApplicationsRepository>('applications'),
      listOffers: jest.fn().mockRejectedValue(new Error('UNAVAILABLE')),
      lenders,
    });
    await expect(useCases.applicationLimits(deadline())).resolves.toMatchObject({
      known: false,
      lenders: [],
      identityDocuments: [],
    });
  });
});
