import { SponsoredOffers } from '../../app/components/offer-block';
import { OfferList } from '../../app/components/offer-list';
import { Steps } from '../../app/components/steps';
import { OFFERS_PATH, offersListPath } from '../../app/site-paths/offers';
import { DEFAULT_OFFER_FILTERS } from './offer-filters';
import { OfferFilterForm } from './offer-filter-form';
import { LANDING_COPY } from './offers-copy';
import { type LandingPageData } from './offers-data';

/** The campaign landings: /landing/offers/, redirector, rejected, rejected2, trafficback. */
export default function OffersLandingPage({ data }: { data: LandingPageData }) {
  const copy = LANDING_COPY[data.kind];
  const asksAgain = data.kind === 'rejected' || data.kind === 'rejected2';
  return (
    <div className={`container section landing landing--${data.kind}`}>
      <h1>{copy.title}</h1>
      <p className="lead">{copy.description}</p>
      {data.kind === 'redirector' && (
        <div className="redirector">
          <p className="redirector__progress" role="status">
            Sprawdzamy wszystkie dostępne oferty…
          </p>
          {/* Shown after a short moment by CSS alone (at once without animations): no script needed. */}
          <a className="button button--large redirector__button" href={OFFERS_PATH}>
            Zobacz wszystkie oferty
          </a>
        </div>
      )}
      {asksAgain && (
        <section className="section section--flush" aria-labelledby="ile_potrzebujesz">
          <h2 id="ile_potrzebujesz">Ile pieniędzy potrzebujesz?</h2>
          <OfferFilterForm action={OFFERS_PATH} filters={DEFAULT_OFFER_FILTERS} submitText="Szukaj ofert" />
        </section>
      )}
      {data.offers && data.offers.items.length > 0 && (
        <section className="section section--flush" aria-labelledby="oferty_landing">
          <h2 id="oferty_landing">{data.offers.label}</h2>
          <OfferList offers={data.offers.items} source="landing" />
          <SponsoredOffers block={data.offers} source="landing" />
          <p className="section__more">
            <a href={offersListPath(data.offers.request.amountZl, data.offers.request.periodDays)}>
              Zobacz wszystkie oferty
            </a>
          </p>
        </section>
      )}
      {data.kind === 'offers' && (
        <section className="section section--flush">
          <h2>Jak to działa?</h2>
          <Steps />
        </section>
      )}
    </div>
  );
}
