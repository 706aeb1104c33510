import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError, leadsV1, type offersV1 } from '@lib/contracts';
import { strictMock } from '@lib/testing';
import { type GatewayServices } from '../../app/services';
import { type OfferCard } from '../../app/view-types';
import { createPolishLocale } from '../../shared/locale';
import { inLeadFeedOrder, loadApplicationOffers, lookupApplicationStatus } from './application-status.loader';

const failure = (code: GrpcStatus) => new GrpcCallError({ code, details: 'test', method: 'test/Method' });
const APPLICATION_ID = '3f1c2a9e-5b7d-4c1a-9e2f-0a1b2c3d4e5f';
const VIEW: leadsV1.ApplicationStatusView = {
  applicationId: APPLICATION_ID,
  status: leadsV1.ApplicationStatus.MATCHED,
  amountGrosze: 250_000,
  periodDays: 60,
  submittedAt: '2026-11-28T17:40:00Z',
  deliveries: [],
  deliveryDeclined: false,
  sandboxLenders: false,
};

const offer = (offerId: number) =>
  ({
    offer: {
      offerId,
      header: `Oferta ${offerId}`,
      lenderLink: 'https://lender.example/',
      stars: '',
      tags: [],
      reviewSlug: '',
      lenderKind: '',
    } as unknown as offersV1.Offer,
    cost: null,
  }) as unknown as offersV1.MatchedOffer;

function services(stubs: {
  getApplicationStatus?: GatewayServices['leads']['getApplicationStatus'];
  matchOffers?: GatewayServices['offers']['matchOffers'];
  getLeadFeed?: GatewayServices['offers']['getLeadFeed'];
}): GatewayServices {
  return strictMock<GatewayServices>('services', {
    leads: strictMock<GatewayServices['leads']>('leads', {
      ...(stubs.getApplicationStatus ? { getApplicationStatus: stubs.getApplicationStatus } : {}),
    }),
    offers: strictMock<GatewayServices['offers']>('offers', {
      ...(stubs.matchOffers ? { matchOffers: stubs.matchOffers } : {}),
      ...(stubs.getLeadFeed ? { getLeadFeed: stubs.getLeadFeed } : {}),
    }),
  });
}

const deps = (s: GatewayServices, errors: unknown[] = []) => ({
  services: s,
  locale: createPolishLocale('http://localhost:3000'),
  origin: 'http://localhost:3000',
  onSectionError: (error: unknown) => void errors.push(error),
});

describe('the status page’s calls', () => {
  it('tells an unknown, forged or expired token (NOT_FOUND, INVALID_ARGUMENT) from an outage', async () => {
    const answer = (error: GrpcCallError) =>
      lookupApplicationStatus(services({ getApplicationStatus: () => Promise.reject(error) }), 'tok');
    await expect(answer(failure(GrpcStatus.NOT_FOUND))).resolves.toEqual({ kind: 'invalid' });
    await expect(answer(failure(GrpcStatus.INVALID_ARGUMENT))).resolves.toEqual({ kind: 'invalid' });
    await expect(answer(failure(GrpcStatus.UNAVAILABLE))).resolves.toMatchObject({ kind: 'failed' });
    const found = await lookupApplicationStatus(
      services({
        getApplicationStatus: (request) => {
          expect(request).toEqual({ statusToken: 'tok' });
          return Promise.resolve(VIEW);
        },
      }),
      'tok',
    );
    expect(found).toEqual({ kind: 'found', view: VIEW });
  });

  it('keeps the ranked cards the lead feed names, in its order, numbered again', () => {
    const card = (id: string, position: number) => ({ id, position }) as OfferCard;
    expect(inLeadFeedOrder([card('1', 1), card('2', 2), card('3', 3)], [3, 1, 9])).toEqual([
      card('3', 1),
      card('1', 2),
    ]);
  });

  it('asks MatchOffers for the application’s own amount and period and the lead feed for its id', async () => {
    const s = services({
      matchOffers: (request) => {
        expect(request).toMatchObject({ amountGrosze: 250_000, periodDays: 60, applicationId: '' });
        return Promise.resolve({
          offers: [offer(1), offer(2), offer(3)],
          total: 3,
          sponsored: [],
          otherPeriod: [],
          otherPeriodTotal: 0,
          unsupportedFilters: [],
          intermediaries: [],
        });
      },
      getLeadFeed: (request) => {
        expect(request).toMatchObject({ leadId: APPLICATION_ID, page: 'all', direction: 'swap', pf: 1 });
        return Promise.resolve({ offerIds: [2, 3] });
      },
    });
    const section = await loadApplicationOffers(deps(s), VIEW, '/moj-wniosek/');
    expect(section.status).toBe('ok');
    if (section.status !== 'ok') return;
    expect(section.value.items.map((c) => [c.id, c.position])).toEqual([
      ['2', 1],
      ['3', 2],
    ]);
    expect(section.value.total).toBe(2);
  });

  it('shows the ranked list when the offers service has no stored request (NOT_FOUND is no outage)', async () => {
    const errors: unknown[] = [];
    const s = services({
      matchOffers: () =>
        Promise.resolve({
          offers: [offer(1), offer(2)],
          total: 2,
          sponsored: [],
          otherPeriod: [],
          otherPeriodTotal: 0,
          unsupportedFilters: [],
          intermediaries: [],
        }),
      getLeadFeed: () => Promise.reject(failure(GrpcStatus.NOT_FOUND)),
    });
    const section = await loadApplicationOffers(deps(s, errors), VIEW, '/moj-wniosek/');
    expect(section.status === 'ok' && section.value.items.map((c) => c.id)).toEqual(['1', '2']);
    expect(errors).toEqual([]);
  });

  it('leaves the offers out (the page stays) when MatchOffers fails', async () => {
    const errors: unknown[] = [];
    const s = services({
      matchOffers: () => Promise.reject(failure(GrpcStatus.UNAVAILABLE)),
      getLeadFeed: () => Promise.reject(failure(GrpcStatus.UNAVAILABLE)),
    });
    const section = await loadApplicationOffers(deps(s, errors), VIEW, '/moj-wniosek/');
    expect(section).toEqual({ status: 'unavailable' });
    expect(errors).toHaveLength(2);
  });
});
