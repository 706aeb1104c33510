import { type offersV1 } from '@lib/contracts';
import { CATALOGUE_LIMITS_TTL_MS, catalogueLimits } from './catalogue-limits';

const figures = {
  amountMinGrosze: 10_000,
  amountMaxGrosze: 3_000_000,
  periodMinDays: 30,
  periodMaxDays: 1_825,
} as offersV1.CatalogueFigures;
const logger = { warn: jest.fn() } as never;

describe('the loan form range from the offers catalogue', () => {
  it('is the catalogue range, asked once a minute', async () => {
    let now = 1_000;
    const listLenderFacts = jest.fn(() => Promise.resolve({ lenders: [], figures }));
    const limits = catalogueLimits({
      services: { offers: { listLenderFacts } } as never,
      country: 'PL',
      logger,
      now: () => now,
    });
    const expected = { amount: { minZl: 100, maxZl: 30_000 }, periodDays: { min: 30, max: 1_825 } };
    await expect(Promise.all([limits(), limits()])).resolves.toEqual([expected, expected]);
    expect(listLenderFacts).toHaveBeenCalledTimes(1);
    expect(listLenderFacts).toHaveBeenCalledWith({ country: 'PL' });
    now += CATALOGUE_LIMITS_TTL_MS + 1;
    await limits();
    expect(listLenderFacts).toHaveBeenCalledTimes(2);
  });

  it('is unknown (null) while the offers service fails, and asked again at the next page', async () => {
    const onUpstreamError = jest.fn();
    const listLenderFacts = jest
      .fn()
      .mockRejectedValueOnce(new Error('offers down'))
      .mockResolvedValueOnce({ lenders: [], figures });
    const limits = catalogueLimits({
      services: { offers: { listLenderFacts } } as never,
      country: 'PL',
      logger,
      onUpstreamError,
    });
    await expect(limits()).resolves.toBeNull();
    expect(onUpstreamError).toHaveBeenCalledTimes(1);
    await expect(limits()).resolves.toMatchObject({ amount: { maxZl: 30_000 } });
  });
});
