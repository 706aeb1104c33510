import { groszeFromZloty } from '@lib/finance';
import { IntermediaryOffers, OtherPeriodOffers, SponsoredOffers } from '../../app/components/offer-block';
import { OfferList } from '../../app/components/offer-list';
import { periodText } from '../../app/loaders/offer-request';
import { useRenderContext } from '../../app/render-context';
import { OFFERS_PATH, RANKING_METHOD_PATH } from '../../app/site-paths/offers';
import { OfferFilterForm } from './offer-filter-form';
import { formatMoneyWhole } from '../../shared/format';
import { foundTitle } from './offers-copy';
import { type OffersLayout, type OffersPageData } from './offers-data';

const LAYOUT_CLASS: Record<OffersLayout, string> = {
  cards: 'offers-page offers-page--cards',
  compact: 'offers-page offers-page--compact',
  tiles: 'offers-page offers-page--tiles',
};

/**
 * /offers/, /offers2/, /offers3/: the title counts the offers able to lend the amount for the
 * period; those able to lend it only for another period follow apart, under that period. The
 * filter works without JavaScript.
 */
export default function OffersPage({ data }: { data: OffersPageData }) {
  const { offers, filters } = data;
  const { locale } = useRenderContext();
  return (
    <div className={`container section ${LAYOUT_CLASS[data.layout]}`}>
      <h1>{foundTitle(offers.total)}</h1>
      <p className="lead">
        {`Oferty, które udzielają pożyczki na ${formatMoneyWhole(locale, groszeFromZloty(filters.amountZl))} na ${periodText(filters.periodDays)}, od najtańszej dla nowego klienta – z uwzględnieniem ocen podanych ze źródłem. `}
        Przy każdej ofercie podajemy przykład reprezentatywny z kosztem dla Twojej kwoty i okresu.{' '}
        <a href={RANKING_METHOD_PATH}>Jak tworzymy ranking?</a>
      </p>
      <OfferFilterForm action={data.path} filters={filters} />
      {offers.items.length > 0 ? (
        <OfferList offers={offers.items} source="offers" />
      ) : (
        <p className="notice">
          {offers.otherPeriod.length > 0
            ? 'Żadna oferta nie udziela pożyczki na tę kwotę na ten okres – poniżej oferty na inny okres. '
            : 'Żadna oferta nie pasuje do tej kwoty i okresu. '}
          Zmień kwotę lub okres albo <a href={OFFERS_PATH}>zobacz oferty dla domyślnych ustawień</a>.
        </p>
      )}
      <OtherPeriodOffers block={offers} source="offers" />
      <IntermediaryOffers block={offers} source="offers" />
      <SponsoredOffers block={offers} source="offers" />
    </div>
  );
}
