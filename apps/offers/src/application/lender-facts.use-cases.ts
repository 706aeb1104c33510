import { Injectable } from '@nestjs/common';
import { type offersV1 } from '@lib/contracts';
import { warsawDay } from '@lib/pl-calendar';
import { notFound } from '@lib/service-kit';
import { type FeedKey } from '../domain/feed-countries';
import { assembleLenderFacts, catalogueFigures, offerOfReview } from '../domain/lender-facts';
import { FeedsRepository } from '../persistence/feeds.repository';
import { lenderFacts } from '../persistence/lender-facts-file';
import { OfferCatalogue } from './offer-catalogue';
import { representativeExample } from './offer-message';

const collator = new Intl.Collator('pl', { sensitivity: 'base' });

/**
 * GetLenderFacts and ListLenderFacts: the editorial facts file joined with the stored feed, so a
 * review page, the partner list and the headline figures all read one source.
 */
@Injectable()
export class LenderFactsUseCases {
  constructor(
    private readonly catalogue: OfferCatalogue,
    private readonly feeds: FeedsRepository,
  ) {
    // Read (and validated) at start: a broken facts file stops the service with the file and field named.
    lenderFacts();
  }

  /** The Warsaw day the feed's stored copy was fetched; '' when none is stored. */
  private async fetchedDay(feedKey: FeedKey): Promise<string> {
    const [state] = await this.feeds.states([feedKey]);
    return state?.fetchedAt ? warsawDay(state.fetchedAt) : '';
  }

  async get(feedKey: FeedKey, slug: string): Promise<offersV1.LenderFacts> {
    const entry = lenderFacts().lenders[slug];
    if (!entry) throw notFound('lender review', slug);
    const [offers, day] = await Promise.all([this.catalogue.offers(feedKey), this.fetchedDay(feedKey)]);
    const offer = offerOfReview(offers, slug);
    return assembleLenderFacts(slug, entry, offer, offer && representativeExample(offer), day);
  }

  async list(feedKey: FeedKey): Promise<offersV1.ListLenderFactsResponse> {
    const { lenders } = lenderFacts();
    const [offers, day] = await Promise.all([this.catalogue.offers(feedKey), this.fetchedDay(feedKey)]);
    const facts = Object.entries(lenders)
      .map(([slug, entry]) => {
        const offer = offerOfReview(offers, slug);
        return assembleLenderFacts(slug, entry, offer, offer && representativeExample(offer), day);
      })
      .sort((a, b) => collator.compare(a.name, b.name) || a.slug.localeCompare(b.slug));
    const figures = catalogueFigures(offers, (reviewSlug) => lenders[reviewSlug]?.kind.value ?? '', day);
    return { lenders: facts, figures };
  }
}
