import { describeSampleSources, sampleSourcesInUse, servedBankOrigins } from './data-sources';

describe('which stored bank tables are answered', () => {
  const configured = new Set(['mbank']);

  it('answers the shipped sample of a bank without a live source outside production only', () => {
    expect(servedBankOrigins('pko-bp', { refuseSample: false, configuredBanks: configured })).toEqual([
      'bank',
      'embedded',
    ]);
    expect(servedBankOrigins('pko-bp', { refuseSample: true, configuredBanks: configured })).toEqual([
      'bank',
    ]);
  });

  it('answers a bank with a live source from what the bank published only, in any environment', () => {
    expect(servedBankOrigins('mbank', { refuseSample: false, configuredBanks: configured })).toEqual([
      'bank',
    ]);
    expect(servedBankOrigins('mbank', { refuseSample: true, configuredBanks: configured })).toEqual(['bank']);
  });
});

describe('the sample data in use', () => {
  it('is nothing when table A was fetched from the API and no shipped bank table is stored', () => {
    expect(
      sampleSourcesInUse({
        newestTableA: { source: 'nbp-api', effectiveDate: '2026-10-06' },
        embeddedBanks: [],
      }),
    ).toEqual([]);
    expect(sampleSourcesInUse({ embeddedBanks: [] })).toEqual([]);
  });

  it('names the NBP archive while its table is the newest A, and every bank with a shipped table', () => {
    const sources = sampleSourcesInUse({
      newestTableA: { source: 'nbp-archive', effectiveDate: '2025-04-08' },
      embeddedBanks: ['mbank', 'pko-bp'],
    });
    expect(sources).toEqual([
      { kind: 'nbp-archive', latestDate: '2025-04-08' },
      { kind: 'bank-tables', banks: ['mbank', 'pko-bp'] },
    ]);
    const text = describeSampleSources(sources);
    expect(text).toContain('NBP table A only from the bundled archive (newest 2025-04-08;');
    expect(text).toContain("bundled sample bank tables (source 'embedded') of mbank, pko-bp");
  });
});
