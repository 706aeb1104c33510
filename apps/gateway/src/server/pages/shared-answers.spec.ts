import { status as GrpcStatus } from '@grpc/grpc-js';
import { MemoryCache } from '@lib/cache';
import { GrpcCallError, ratesV1 } from '@lib/contracts';
import pino from 'pino';
import { type GatewayServices } from '../../app/services';
import { withSharedAnswers } from './shared-answers';

const logger = pino({ level: 'silent' });
const options = { ttlMs: 60_000, staleMs: 60_000 };

/** Clients whose shared reads count their calls and answer a new object each time. */
function countingServices() {
  const calls: string[] = [];
  const answer = (name: string) => (request: unknown) => {
    calls.push(`${name} ${JSON.stringify(request)}`);
    return Promise.resolve({ name, request, at: calls.length });
  };
  const services = {
    content: {
      getNavigation: answer('GetNavigation'),
      getPage: answer('GetPage'),
      listTags: answer('ListTags'),
      getTag: answer('GetTag'),
      listPopularArticles: answer('ListPopularArticles'),
      listArticles: answer('ListArticles'),
    },
    offers: {
      listLenderFacts: answer('ListLenderFacts'),
      getLender: answer('GetLender'),
      getLenderFacts: answer('GetLenderFacts'),
      matchOffers: answer('MatchOffers'),
    },
    rates: { getLatestTable: answer('GetLatestTable'), listBanks: answer('ListBanks') },
    leads: { getApplicationLimits: answer('GetApplicationLimits') },
    events: {},
  } as unknown as GatewayServices;
  return { services, calls };
}

describe('withSharedAnswers', () => {
  it('asks once per method and request, handing every caller the same frozen answer', async () => {
    const { services, calls } = countingServices();
    const shared = withSharedAnswers(services, new MemoryCache({ logger, shareValues: true }), options);

    const first = await shared.offers.matchOffers({ applicationId: '', amountGrosze: 100 } as never);
    const again = await shared.offers.matchOffers({ amountGrosze: 100, applicationId: '' } as never);
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    await shared.offers.matchOffers({ applicationId: '', amountGrosze: 200 } as never);
    await shared.content.getNavigation({});
    await shared.content.getNavigation({});
    await shared.rates.listBanks({});
    await shared.rates.listBanks({});
    await shared.content.listTags({});
    await shared.content.listTags({});
    await shared.content.listPopularArticles({ limit: 5 });
    await shared.content.listPopularArticles({ limit: 5 });
    await shared.content.getTag({ slug: 'kredyty' });
    await shared.content.getTag({ slug: 'kredyty' });
    await shared.content.getTag({ slug: 'pozyczki' });
    expect(calls).toEqual([
      'MatchOffers {"applicationId":"","amountGrosze":100}',
      'MatchOffers {"applicationId":"","amountGrosze":200}',
      'GetNavigation {}',
      'ListBanks {}',
      'ListTags {}',
      'ListPopularArticles {"limit":5}',
      'GetTag {"slug":"kredyty"}',
      'GetTag {"slug":"pozyczki"}',
    ]);
  });

  it('never shares an applicant’s ranking, a call with its own options, or a page’s own data', async () => {
    const { services, calls } = countingServices();
    const shared = withSharedAnswers(services, new MemoryCache({ logger, shareValues: true }), options);
    for (let round = 0; round < 2; round += 1) {
      await shared.offers.matchOffers({ applicationId: 'a1', amountGrosze: 100 } as never);
      await shared.rates.getLatestTable({ table: 1 }, { deadlineMs: 500 });
      await shared.content.getPage({ path: '/o-nas/' });
      await shared.content.listArticles({ page: { page: 1, pageSize: 12 } } as never);
    }
    expect(calls).toHaveLength(8);
  });

  it('keeps no failed answer: the next caller asks again', async () => {
    const { services } = countingServices();
    let attempts = 0;
    (services.offers as { listLenderFacts: unknown }).listLenderFacts = () => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('UNAVAILABLE')) : Promise.resolve({ lenders: [] });
    };
    const shared = withSharedAnswers(services, new MemoryCache({ logger, shareValues: true }), options);
    await expect(shared.offers.listLenderFacts({ country: 'PL' })).rejects.toThrow('UNAVAILABLE');
    await expect(shared.offers.listLenderFacts({ country: 'PL' })).resolves.toEqual({ lenders: [] });
    await shared.offers.listLenderFacts({ country: 'PL' });
    expect(attempts).toBe(2);
  });

  it('keeps the latest table’s NOT_FOUND like an answer, each caller getting an error of its own', async () => {
    const { services } = countingServices();
    const asked: ratesV1.TableType[] = [];
    (services.rates as { getLatestTable: unknown }).getLatestTable = ({
      table,
    }: ratesV1.GetLatestTableRequest) => {
      asked.push(table);
      return table === ratesV1.TableType.C
        ? Promise.reject(
            new GrpcCallError({
              code: GrpcStatus.NOT_FOUND,
              details: 'no table C stored',
              method: 'rates.v1.RatesService/GetLatestTable',
            }),
          )
        : Promise.reject(
            new GrpcCallError({
              code: GrpcStatus.UNAVAILABLE,
              details: 'database away',
              method: 'rates.v1.RatesService/GetLatestTable',
            }),
          );
    };
    const shared = withSharedAnswers(services, new MemoryCache({ logger, shareValues: true }), options);

    const first = await shared.rates
      .getLatestTable({ table: ratesV1.TableType.C })
      .catch((error: unknown) => error);
    const second = await shared.rates
      .getLatestTable({ table: ratesV1.TableType.C })
      .catch((error: unknown) => error);
    for (const error of [first, second])
      expect(error).toMatchObject({
        code: GrpcStatus.NOT_FOUND,
        details: 'no table C stored',
        method: 'rates.v1.RatesService/GetLatestTable',
      });
    expect(second).toBeInstanceOf(GrpcCallError);
    expect(second).not.toBe(first);
    // Any other failure is not an answer: asked again.
    await expect(shared.rates.getLatestTable({ table: ratesV1.TableType.B })).rejects.toMatchObject({
      code: GrpcStatus.UNAVAILABLE,
    });
    await expect(shared.rates.getLatestTable({ table: ratesV1.TableType.B })).rejects.toMatchObject({
      code: GrpcStatus.UNAVAILABLE,
    });
    expect(asked).toEqual([ratesV1.TableType.C, ratesV1.TableType.B, ratesV1.TableType.B]);
  });
});
