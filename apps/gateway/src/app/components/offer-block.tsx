import { plural } from '../../shared/format';
import { type Section } from '../section';
import { type OfferBlock } from '../view-types';
import { OfferList } from './offer-list';

/**
 * The offers block of SEO and review pages: whatever the offers service returns. When it returns
 * nothing or does not answer, the block is left out (the call to action next to it still works).
 */
export function OfferBlockSection({ offers, title = 'Porównaj oferty' }: { offers: Section<OfferBlock> | null; title?: string }) {
  if (offers === null || offers.status !== 'ok' || offers.value.items.length === 0) return null;
  return (
    <section className="section section--flush" aria-labelledby="oferty_sekcja">
      <h2 id="oferty_sekcja">{title}</h2>
      <OfferList offers={offers.value.items} />
      {offers.value.total > offers.value.items.length && (
        <p className="section__more">
          {`Porównujemy ${offers.value.total} ${plural(offers.value.total, 'ofertę', 'oferty', 'ofert')}. `}
          <a href="/ranking-chwilowek/">Zobacz ranking chwilówek</a>
        </p>
      )}
    </section>
  );
}
