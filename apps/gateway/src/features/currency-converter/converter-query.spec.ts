import { converterFormState } from './converter-query';

describe('the converter form state in the address', () => {
  it('takes the values the form sends, cut to a bounded length', () => {
    expect(converterFormState(new URLSearchParams('kwota=1+250%2C50&z=USD&na=EUR'))).toEqual({
      values: { kwota: '1 250,50', z: 'USD', na: 'EUR' },
    });
    expect(
      converterFormState(new URLSearchParams(`kwota=${'9'.repeat(100)}&z=EUR&na=PLN`))?.values?.['kwota'],
    ).toHaveLength(40);
  });

  it('has none for an address the form did not make (the page stays shared)', () => {
    expect(converterFormState(new URLSearchParams(''))).toBeUndefined();
    expect(converterFormState(new URLSearchParams('zakres=5-lat'))).toBeUndefined();
    // the loan calculator's own query
    expect(converterFormState(new URLSearchParams('kwota=10000&oprocentowanie=12&okres=12'))).toBeUndefined();
  });
});
