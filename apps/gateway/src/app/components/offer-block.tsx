import { plural } from '../../shared/format';
import { type Section } from '../section';
import { OFFERS_PATH } from '../site-paths/offers';
import { type OfferBlock, type OfferListSource } from '../view-types';
import { OfferList } from './offer-list';

/** Paid placements under a list: their own heading and label, never numbered with the ranking. */
export function SponsoredOffers({ block, source }: { block: OfferBlock; source: OfferListSource }) {
  if (block.sponsored.length === 0) return null;
  return (
    <aside className="offer-sponsored" aria-label="Reklama">
      <h3 className="offer-sponsored__title">Reklama – oferty sponsorowane</h3>
      <OfferList offers={block.sponsored} source={source} />
    </aside>
  );
}

/**
 * The offers block of SEO and review pages: MatchOffers' ranking for the page's request. When it
 * returns nothing or does not answer, the block is left out (the call to action next to it still works).
 */
export function OfferBlockSection({
  offers,
  title = 'Porównaj oferty',
  source = 'seo',
}: {
  offers: Section<OfferBlock> | null;
  title?: string;
  source?: OfferListSource;
}) {
  if (offers === null || offers.status !== 'ok' || offers.value.items.length === 0) return null;
  const block = offers.value;
  return (
    <section className="section section--flush" aria-labelledby="oferty_sekcja">
      <h2 id="oferty_sekcja">{block.label !== '' ? block.label : title}</h2>
      <OfferList offers={block.items} source={source} />
      {block.total > block.items.length && (
        <p className="section__more">
          {`Porównujemy ${block.total} ${plural(block.total, 'ofertę', 'oferty', 'ofert')}. `}
          <a href={OFFERS_PATH}>Zobacz wszystkie oferty</a>
        </p>
      )}
      <SponsoredOffers block={block} source={source} />
    </section>
  );
}
