import { IntermediaryOffers, SponsoredOffers } from '../../app/components/offer-block';
import { OfferList } from '../../app/components/offer-list';
import { Steps } from '../../app/components/steps';
import { OFFERS_PATH, offersListPath } from '../../app/site-paths/offers';
import { LANDING_COPY, REFUSAL_STEPS, REFUSAL_TEXTS } from './offers-copy';
import { DEBT_ADVICE_PATH, type LandingPageData } from './offers-data';

/**
 * After a lender's refusal: wait, check the credit history, count the budget, and read about debt
 * first. No offer list and no form here: another application at once rarely helps.
 */
function RefusalAdvice({ advice }: { advice: LandingPageData['advice'] }) {
  return (
    <>
      <section className="section section--flush" aria-labelledby="co_teraz">
        <h2 id="co_teraz">{REFUSAL_TEXTS.stepsTitle}</h2>
        <ol className="landing__advice">
          {REFUSAL_STEPS.map((step) => (
            <li key={step.title}>
              <strong>{step.title}</strong> {step.text}
            </li>
          ))}
        </ol>
      </section>
      <section className="section section--flush" aria-labelledby="poradniki" data-debt-advice="">
        <h2 id="poradniki">{REFUSAL_TEXTS.adviceTitle}</h2>
        {advice?.status === 'ok' && advice.value.length > 0 ? (
          <ul className="landing__articles">
            {advice.value.map((article) => (
              <li key={article.path}>
                <a href={article.path}>{article.title}</a>
                {article.excerpt !== '' && <p>{article.excerpt}</p>}
              </li>
            ))}
          </ul>
        ) : (
          advice?.status === 'unavailable' && <p>{REFUSAL_TEXTS.adviceUnavailable}</p>
        )}
        <p className="section__more">
          <a href={DEBT_ADVICE_PATH}>{REFUSAL_TEXTS.allAdvice}</a>
        </p>
      </section>
    </>
  );
}

/** The campaign landings: /landing/offers/, redirector, rejected, rejected2, trafficback. */
export default function OffersLandingPage({ data }: { data: LandingPageData }) {
  const copy = LANDING_COPY[data.kind];
  const refusal = data.kind === 'rejected' || data.kind === 'rejected2';
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
      {refusal && <RefusalAdvice advice={data.advice} />}
      {data.offers && data.offers.items.length > 0 && (
        <section className="section section--flush" aria-labelledby="oferty_landing">
          <h2 id="oferty_landing">{data.offers.label}</h2>
          <OfferList offers={data.offers.items} source="landing" />
          <IntermediaryOffers block={data.offers} source="landing" />
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
