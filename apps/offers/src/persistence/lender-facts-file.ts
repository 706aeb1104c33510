import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type offersV1 } from '@lib/contracts';
import { type NormalisedOffer } from '@lib/offers-domain';
import {
  type LenderFactsFile,
  nameFormsOf,
  parseLenderFacts,
  passesApplicationsOn,
} from '../domain/lender-facts';

/** The shipped editorial facts (copied to dist/apps/offers/data by the build). */
export const LENDER_FACTS_FILE = path.resolve(__dirname, '../../data/lenders.pl.json');

export const loadLenderFacts = (file = LENDER_FACTS_FILE): LenderFactsFile =>
  parseLenderFacts(readFileSync(file, 'utf8'), file);

let shipped: LenderFactsFile | undefined;
/** The shipped facts, read once (the service reads them at start, so a broken file stops it there). */
export function lenderFacts(): LenderFactsFile {
  shipped ??= loadLenderFacts();
  return shipped;
}

/** The verified kind of the brand behind a review slug; '' when unknown. */
export const lenderKindOf = (reviewSlug: string): string =>
  reviewSlug === '' ? '' : (lenderFacts().lenders[reviewSlug]?.kind.value ?? '');

/** Whether the offer's brand lends nothing itself (a comparison site or intermediary, by its verified kind). */
export const offerPassesApplicationsOn = (offer: Pick<NormalisedOffer, 'reviewSlug'>): boolean =>
  passesApplicationsOn(lenderKindOf(offer.reviewSlug));

/** The Polish cases of the brand behind a review slug; null when the slug has no entry. */
export function lenderNameFormsOf(reviewSlug: string): offersV1.NameForms | null {
  const entry = reviewSlug === '' ? undefined : lenderFacts().lenders[reviewSlug];
  return entry ? nameFormsOf(entry) : null;
}
