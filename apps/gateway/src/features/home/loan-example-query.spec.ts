import { readLoanExampleQuery } from './loan-example-query';

const read = (search: string) => readLoanExampleQuery(new URLSearchParams(search));

describe('the loan example query', () => {
  it('takes whole złoty and days inside the sanity bounds, ignoring other parameters', () => {
    expect(read('?amount=2000&period=90&x=1')).toEqual({
      ok: true,
      request: { amountZl: 2_000, periodDays: 90 },
    });
    expect(read('?amount=255550&period=3650')).toEqual({
      ok: true,
      request: { amountZl: 255_550, periodDays: 3_650 },
    });
  });

  it.each([
    ['', { amount: 'must be whole złoty', period: 'must be whole days' }],
    ['?amount=2000.5&period=90', { amount: 'must be whole złoty' }],
    ['?amount=-5&period=90', { amount: 'must be whole złoty' }],
    ['?amount=0&period=90', { amount: 'must be at least 1' }],
    ['?amount=255551&period=90', { amount: 'must be at most 255550' }],
    ['?amount=9999999&period=90', { amount: 'must be whole złoty' }],
    ['?amount=2000&period=3651', { period: 'must be at most 3650' }],
    ['?amount=2000&period=0', { period: 'must be at least 1' }],
  ])('refuses %p naming each bad parameter', (search, fields) => {
    expect(read(search)).toEqual({ ok: false, fields });
  });
});
