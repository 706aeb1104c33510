import { ratesV1 } from '@lib/contracts';
import { type GatewayServices } from '../../app/services';
import { bankRatesSitemap } from '../bank-rates/bank-rates.loader';
import { converterSitemap } from './currency-converter.loader';

describe('rates pages in the sitemap', () => {
  const table = (letter: ratesV1.TableType, effectiveDate: string, codes: string[]): ratesV1.RateTable => ({
    table: letter,
    no: 'x',
    effectiveDate,
    tradingDate: '',
    rates: codes.map((code) => ({ currency: code, code, mid: '1.0', bid: '', ask: '' })),
    embedded: false,
  });

  it('lists the converter, a pair page per supported currency of tables A and B and every bank, dated by their tables', async () => {
    const rates = {
      getLatestTable: ({ table: letter }: { table: ratesV1.TableType }) =>
        Promise.resolve(
          letter === ratesV1.TableType.A
            ? table(letter, '2025-04-08', ['EUR', 'USD'])
            : table(letter, '2025-04-02', ['USD', 'MDL', 'ZZZ']),
        ),
      listBanks: () =>
        Promise.resolve({
          banks: [
            {
              slug: 'pko-bp',
              name: 'PKO',
              logoUrl: '',
              latestTableDate: '2025-04-07',
              embedded: true,
              websiteUrl: '',
            },
          ],
        }),
    };
    const services = { rates } as unknown as GatewayServices;
    expect(await converterSitemap(services, '2026-11-24')).toEqual([
      { loc: '/kalkulator-walutowy/', lastmod: '2025-04-08' },
      { loc: '/kalkulator-walutowy/eur-pln/', lastmod: '2025-04-08' },
      { loc: '/kalkulator-walutowy/usd-pln/', lastmod: '2025-04-08' },
      { loc: '/kalkulator-walutowy/mdl-pln/', lastmod: '2025-04-02' },
    ]);
    expect(await bankRatesSitemap(services, '2026-11-24')).toEqual([
      { loc: '/kursy-walut-w-bankach/', lastmod: '2025-04-07' },
      { loc: '/kursy-walut-w-bankach/pko-bp/', lastmod: '2025-04-07' },
    ]);
  });

  it('keeps the two fixed pages while the rates service does not answer', async () => {
    const failing = () => Promise.reject(new Error('UNAVAILABLE'));
    const services = { rates: { getLatestTable: failing, listBanks: failing } } as unknown as GatewayServices;
    expect(await converterSitemap(services, '2026-11-24')).toEqual([
      { loc: '/kalkulator-walutowy/', lastmod: '2026-11-24' },
    ]);
    expect(await bankRatesSitemap(services, '2026-11-24')).toEqual([
      { loc: '/kursy-walut-w-bankach/', lastmod: '2026-11-24' },
    ]);
  });
});
