import { HtmlBlock } from '../../app/components/html-block';
import { IntermediaryOffers, SponsoredOffers } from '../../app/components/offer-block';
import { OfferList } from '../../app/components/offer-list';
import { OFFERS_PATH } from '../../app/site-paths/offers';
import { Steps } from '../../app/components/steps';
import { UnavailableNotice } from '../../app/components/unavailable-notice';
import { groszeFromZloty } from '@lib/finance';
import { useRenderContext } from '../../app/render-context';
import { formatMoneyWhole, plural } from '../../shared/format';
import { FraudWarning } from '../application';
import { ExperimentsMarker, useExperimentVariant } from '../experiments';
import { MAIN_BUTTON_EXPERIMENT, mainButtonText } from './home-experiment';
import { type CalculatorData, type HomeData } from './home-data';
import { LoanSliders } from './loan-sliders';
import { periodLabel } from './loan-sliders.view-model';
import { RatesBox } from './rates-box';

/**
 * The hero's short claims: each one true of the service itself or stated by the catalogue (a free
 * first loan only while some offer has one), never a time or a rate nobody measured.
 */
export function heroClaims(data: Pick<CalculatorData, 'catalogue'>): string[] {
  const catalogue = data.catalogue.status === 'ok' ? data.catalogue.value : null;
  return [
    'Porównanie jest bezpłatne',
    ...(catalogue?.firstLoanFree
      ? [
          `Pierwsza pożyczka za 0\u00a0zł u części pożyczkodawców${catalogue.sample ? ' (dane przykładowe)' : ''}`,
        ]
      : []),
    'O przyznaniu pożyczki i terminie wypłaty decyduje pożyczkodawca',
  ];
}

export default function HomePage({ data }: { data: HomeData }) {
  const { page, offers, rates, experimentIds, start } = data;
  const { locale } = useRenderContext();
  const buttonText = mainButtonText(useExperimentVariant(MAIN_BUTTON_EXPERIMENT));
  return (
    <>
      <ExperimentsMarker ids={experimentIds ?? []} />
      <section className="hero">
        <div className="container hero__grid">
          <div className="hero__copy">
            <h1>{page.h1}</h1>
            <p className="hero__lead">{page.description}</p>
            <ul className="hero__claims">
              {heroClaims(data).map((claim) => (
                <li key={claim}>{claim}</li>
              ))}
            </ul>
          </div>
          <LoanSliders data={data} buttonText={buttonText} />
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
                >{`Pokazujemy ranking dla ${formatMoneyWhole(locale, groszeFromZloty(start.amountZl))} na ${periodLabel(start.periodDays)} – wybierz swoją kwotę`}</a>
              </p>
              <IntermediaryOffers block={offers.value} source="home" />
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
