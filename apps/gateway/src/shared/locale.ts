/** Everything locale-dependent the pages need, decided once from configuration. */
export interface Locale {
  /** Marketing country of this deployment; picks country-specific views such as the error screen. */
  country: CountryCode;
  /** BCP 47 tag used for Intl formatting and the html lang attribute's region. */
  code: string;
  language: string;
  /** Public host (with port when not default) that canonical URLs point to. */
  host: string;
  countryCode: CountryCode;
  timezone: string;
  currency: string;
  currencySign: string;
}

/** Countries of the shared multi-country client layer; only PL is deployed by this product. */
export const COUNTRY_CODES = ['PL', 'ES', 'MX', 'VN', 'PH', 'MY', 'ZA', 'KZ', 'UA'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export function createPolishLocale(publicOrigin: string): Locale {
  return {
    country: 'PL',
    code: 'pl-PL',
    language: 'pl',
    host: new URL(publicOrigin).host,
    countryCode: 'PL',
    timezone: 'Europe/Warsaw',
    currency: 'PLN',
    currencySign: 'zł',
  };
}
