/** Addresses of the offer pages, built here for the pages, the card links and the route table alike. */

/** The published ranking method, linked from every offer list. */
export const RANKING_METHOD_PATH = '/jak-tworzymy-ranking/';

/** The main offer list. */
export const OFFERS_PATH = '/offers/';

/** Query parameter names of the offer list's amount (zł) and period (days) filters. */
export const OFFERS_QUERY = { amount: 'suma', period: 'okres' } as const;

/** The offer list for an amount and a period (every offer able to lend them, no page's narrowing). */
export const offersListPath = (amountZl: number, periodDays: number): string =>
  `${OFFERS_PATH}?${OFFERS_QUERY.amount}=${amountZl}&${OFFERS_QUERY.period}=${periodDays}`;

/** Prefix of 'Przejdź do oferty': '/przejdz/<offer id>/' records the click and redirects to the lender. */
export const OFFER_REDIRECT_PREFIX = '/przejdz/';

/** Where the lender's offer detail lives. */
export const lenderOfferPath = (lenderId: string | number): string => `/lenders/${lenderId}/`;

/** The click-recording redirect of one offer, with where it was shown and at which place. */
export function offerRedirectPath(offerId: string, source: string, position: number): string {
  return `${OFFER_REDIRECT_PREFIX}${encodeURIComponent(offerId)}/?z=${encodeURIComponent(source)}&p=${position}`;
}
