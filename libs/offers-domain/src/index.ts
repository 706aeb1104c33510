export {
  FEED_COUNTRIES,
  FEED_KEYS,
  type FeedCountry,
  type FeedKey,
  isFeedCountry,
  isFeedKey,
  toFeedCountry,
  feedKeyFor,
  normaliseFeedKey,
  countryOfFeedKey,
  feedFileName,
} from './feed-keys';
export {
  MAX_FEED_BYTES,
  MAX_FEED_OFFERS,
  feedOfferSchema,
  parseFeed,
  type FeedOffer,
  type FeedParse,
} from './feed-schema';
export { hash32, seededInt, seededStars, seededTime } from './seeded';
export {
  normaliseFeed,
  valPercent,
  slugify,
  ES_ALWAYS_ACTIVE_OFFER_ID,
  TWO_TAG_HEADER,
  type NormalisedOffer,
  type NormalisedFeed,
} from './normalise';
export {
  DAYS_PER_INSTALMENT,
  firstLoanFreeApplies,
  loanCost,
  rrsoBasisPoints,
  type LoanCost,
  type LoanTerms,
  type Repayment,
} from './loan-cost';
export {
  SCORE_WEIGHTS,
  hasSourcedRating,
  matchOffers,
  offerAccepts,
  scoreMatch,
  priceMatch,
  estimatedCostGrosze,
  type MatchRequest,
  type MatchResult,
  type OfferMatch,
} from './matching';
export {
  EXPERIMENTS,
  experimentsFor,
  findExperiment,
  allowedVariant,
  drawVariant,
  assignVariant,
  type Experiment,
  type ExperimentVariant,
  type Assignment,
  type VariantSource,
} from './experiments';
