import { SponsoredOffers } from '../../app/components/offer-block';
import { OfferList } from '../../app/components/offer-list';
import { OFFERS_PATH, RANKING_METHOD_PATH } from '../../app/site-paths/offers';
import { OfferFilterForm } from './offer-filter-form';
import { foundTitle } from './offers-copy';
import { type OffersLayout, type OffersPageData } from './offers-data';

const LAYOUT_CLASS: Record<OffersLayout, string> = {
  cards: 'offers-page offers-page--cards',
  compact: 'offers-page offers-page--compact',
  tiles: 'offers-page offers-page--tiles',
};

/** /offers/, /offers2/, /offers3/: the title counts what was found; the filter works without JavaScript. */
export default function OffersPage({ data }: { data: OffersPageData }) {
  const { offers, filters } = data;
  return (
    <div className={`container section ${LAYOUT_CLASS[data.layout]}`}>
      <h1>{foundTitle(offers.total)}</h1>
      <p className="lead">
        Pożyczki na {filters.amountZl} zł i {filters.periodDays} dni, od najlepiej dopasowanej. Przy każdej
        ofercie podajemy przykład reprezentatywny z kosztem dla Twojej kwoty i okresu.{' '}
        <a href={RANKING_METHOD_PATH}>Jak tworzymy ranking?</a>
      </p>
      <OfferFilterForm action={data.path} filters={filters} />
      {offers.items.length > 0 ? (
        <OfferList offers={offers.items} source="offers" />
      ) : (
        <p className="notice">
          Żadna oferta nie pasuje do tej kwoty i okresu. Zmień kwotę lub okres albo{' '}
          <a href={OFFERS_PATH}>zobacz wszystkie oferty</a>.
        </p>
      )}
      <SponsoredOffers block={offers} source="offers" />
    </div>
  );
}
