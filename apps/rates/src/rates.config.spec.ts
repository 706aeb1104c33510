import { ConfigError, loadConfig } from '@lib/config';
import { ratesConfigSchema } from './rates.config';

describe('rates configuration', () => {
  it('defaults to the public NBP API and the schedule on, off under tests', () => {
    const config = loadConfig(ratesConfigSchema, {});
    expect(config).toMatchObject({
      NBP_API_URL: 'https://api.nbp.pl/api/',
      NBP_RETRIES: 4,
      scheduleOn: true,
    });
    expect(config.BANK_SOURCE_URLS.size).toBe(0);
    expect(loadConfig(ratesConfigSchema, { NODE_ENV: 'test' }).scheduleOn).toBe(false);
    expect(loadConfig(ratesConfigSchema, { NODE_ENV: 'test', RATES_SCHEDULE: 'on' }).scheduleOn).toBe(true);
  });

  it('refuses the bundled sample data in production only, unless a non-public deployment allows it', () => {
    expect(loadConfig(ratesConfigSchema, {}).sampleDataRefused).toBe(false);
    expect(loadConfig(ratesConfigSchema, { NODE_ENV: 'test' }).sampleDataRefused).toBe(false);
    expect(loadConfig(ratesConfigSchema, { NODE_ENV: 'production' }).sampleDataRefused).toBe(true);
    expect(
      loadConfig(ratesConfigSchema, { NODE_ENV: 'production', RATES_ALLOW_SAMPLE_DATA: 'true' })
        .sampleDataRefused,
    ).toBe(false);
    expect(() => loadConfig(ratesConfigSchema, { RATES_ALLOW_SAMPLE_DATA: 'maybe' })).toThrow(
      /RATES_ALLOW_SAMPLE_DATA/,
    );
  });

  it('reads the bank sources and names a bad one', () => {
    expect(
      loadConfig(ratesConfigSchema, {
        BANK_SOURCE_URLS: 'ing=https://example.pl/ing.json',
      }).BANK_SOURCE_URLS.get('ing'),
    ).toBe('https://example.pl/ing.json');
    expect(() => loadConfig(ratesConfigSchema, { BANK_SOURCE_URLS: 'bank-x=https://example.pl' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig(ratesConfigSchema, { BANK_SOURCE_URLS: 'bank-x=https://example.pl' })).toThrow(
      /BANK_SOURCE_URLS.*unknown bank "bank-x"/,
    );
    expect(() => loadConfig(ratesConfigSchema, { NBP_API_URL: 'ftp://nbp' })).toThrow(/NBP_API_URL/);
  });
});
