/** Addresses of the rates pages: the currency converter, currency pairs and bank tables. */
export const CONVERTER_PATH = '/kalkulator-walutowy/';
export const BANK_RATES_PATH = '/kursy-walut-w-bankach/';

/** A currency pair page: codes lower case, source first ('/kalkulator-walutowy/eur-pln/'). */
export const currencyPairPath = (from: string, to: string): string =>
  `${CONVERTER_PATH}${from.toLowerCase()}-${to.toLowerCase()}/`;

/** A bank's page of rates. */
export const bankPath = (slug: string): string => `${BANK_RATES_PATH}${slug}/`;
