import { type ratesV1 } from '@lib/contracts';
import { perOneUnit, toBankRateRows, toBankSummary } from './bank-rates.view-model';

const TABLE: ratesV1.BankTable = {
  bankSlug: 'pko-bp',
  bankName: 'PKO Bank Polski',
  tableNo: '68/2025',
  effectiveDate: '2025-04-08',
  publishedAt: '',
  embedded: true,
  websiteUrl: 'https://www.pkobp.pl/',
  rates: [
    { code: 'EUR', name: 'euro', buy: '4.1900', sell: '4.4000', units: 1 },
    { code: 'HUF', name: 'forint', buy: '1.0200', sell: '1.1000', units: 100 },
  ],
};

describe('bank rates view model', () => {
  it('moves the decimal point of rates quoted per 10^n units', () => {
    expect(perOneUnit('1.0200', 100)).toBe('0.0102');
    expect(perOneUnit('25.5', 1000)).toBe('0.0255');
    expect(perOneUnit('4.19', 1)).toBe('4.19');
    expect(perOneUnit('', 100)).toBe('');
  });

  it('sums up a bank for the comparison, with a dash for currencies it does not quote', () => {
    const bank: ratesV1.Bank = {
      slug: 'pko-bp',
      name: 'PKO Bank Polski',
      logoUrl: '',
      latestTableDate: '2025-04-08',
      embedded: true,
      websiteUrl: '',
    };
    const summary = toBankSummary(bank, TABLE, ['EUR', 'HUF', 'USD']);
    expect(summary).toMatchObject({
      path: '/kursy-walut-w-bankach/pko-bp/',
      effectiveDate: '2025-04-08',
      tableNo: '68/2025',
      embedded: true,
    });
    expect(summary.quotes).toEqual([
      { code: 'EUR', buy: '4.1900', sell: '4.4000' },
      { code: 'HUF', buy: '0.0102', sell: '0.011' },
      { code: 'USD', buy: '', sell: '' },
    ]);
    expect(toBankSummary(bank, null).effectiveDate).toBe('');
  });

  it('links each currency of the table to its pair page', () => {
    expect(toBankRateRows(TABLE).map((row) => [row.code, row.units, row.pairPath])).toEqual([
      ['EUR', 1, '/kalkulator-walutowy/eur-pln/'],
      ['HUF', 100, '/kalkulator-walutowy/huf-pln/'],
    ]);
  });
});
