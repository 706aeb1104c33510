import { HtmlBlock } from '../../app/components/html-block';
import { SponsoredOffers } from '../../app/components/offer-block';
import { OfferList } from '../../app/components/offer-list';
import { DEFAULT_OFFER_REQUEST } from '../../app/loaders/offer-request';
import { OFFERS_PATH } from '../../app/site-paths/offers';
import { Steps } from '../../app/components/steps';
import { UnavailableNotice } from '../../app/components/unavailable-notice';
import { plural } from '../../shared/format';
import { FraudWarning } from '../application';
import { ExperimentsMarker } from '../experiments';
import { type HomeData } from './home-data';
import { LoanSliders } from './loan-sliders';
import { RatesBox } from './rates-box';

export default function HomePage({ data }: { data: HomeData }) {
  const { page, offers, rates, experimentIds, purposes } = data;
  return (
    <>
      <ExperimentsMarker ids={experimentIds ?? []} />
      <section className="hero">
        <div className="container hero__grid">
          <div className="hero__copy">
            <h1>{page.h1}</h1>
            <p className="hero__lead">{page.description}</p>
            <ul className="hero__claims">
              <li>Porównanie jest bezpłatne</li>
              <li>Pierwsza pożyczka nawet za 0 zł</li>
              <li>Decyzja zwykle w kilkanaście minut</li>
            </ul>
          </div>
          <LoanSliders purposes={purposes ?? []} />
        </div>
      </section>

      <section className="container section">
        <FraudWarning />
      </section>

      <section className="container section" aria-labelledby="oferty">
        <h2 id="oferty">Polecane oferty</h2>
        {offers.status === 'ok' ? (
          offers.value.items.length > 0 ? (
            <>
              <OfferList offers={offers.value.items} source="home" />
              <p className="section__more">
                {`Porównujemy ${offers.value.total} ${plural(offers.value.total, 'ofertę', 'oferty', 'ofert')}. `}
                <a
                  href={OFFERS_PATH}
                >{`Pokazujemy ranking dla ${DEFAULT_OFFER_REQUEST.amountZl} zł na ${DEFAULT_OFFER_REQUEST.periodDays} dni – wybierz swoją kwotę`}</a>
              </p>
              <SponsoredOffers block={offers.value} source="home" />
            </>
          ) : (
            <p className="notice">W tej chwili nie mamy ofert do pokazania.</p>
          )
        ) : (
          <UnavailableNotice what="Oferty pożyczkodawców" />
        )}
      </section>

      <section className="container section section--split">
        <div>
          <h2>Jak to działa?</h2>
          <Steps />
        </div>
        <div aria-labelledby="kursy">
          <h2 id="kursy">Kursy walut</h2>
          {rates.status === 'ok' ? (
            <RatesBox rates={rates.value} />
          ) : (
            <UnavailableNotice what="Kursy walut NBP" />
          )}
        </div>
      </section>

      {page.bodyHtml !== '' && (
        <section className="container section">
          <HtmlBlock id="tresc-strony" className="prose" html={page.bodyHtml} />
        </section>
      )}
    </>
  );
}
