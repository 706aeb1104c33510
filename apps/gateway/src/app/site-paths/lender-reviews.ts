/** Where the lender reviews live: the listing, and each lender at '<this><slug>/' (pages, cards, links). */
export const LENDER_REVIEWS_PATH = '/opinie-o-pozyczkach/';

/** A lender's review page; '' when the lender has none. */
export const lenderReviewPath = (slug: string): string =>
  slug === '' ? '' : `${LENDER_REVIEWS_PATH}${slug}/`;
