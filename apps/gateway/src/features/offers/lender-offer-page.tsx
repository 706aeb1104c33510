import { OfferList } from '../../app/components/offer-list';
import { OFFERS_PATH } from '../../app/site-paths/offers';
import { type LenderOfferData } from './offers-data';

/** /lenders/{id}/: the lender's current offer, its review, or the invitation when none is available. */
export default function LenderOfferPage({ data }: { data: LenderOfferData }) {
  return (
    <div className="container section">
      <h1>{data.name}</h1>
      {data.reviewPath !== '' && (
        <p className="lead">
          <a href={data.reviewPath}>Przeczytaj opinie o {data.names.locative}</a>
        </p>
      )}
      {data.offers.length > 0 ? (
        <section className="section section--flush" aria-labelledby="oferta_pozyczkodawcy">
          <h2 id="oferta_pozyczkodawcy">Aktualna oferta</h2>
          <OfferList offers={data.offers} source="lender" />
        </section>
      ) : (
        // A lender whose offer cannot be shown right now: invite the visitor to other lenders' offers.
        <aside className="cta" aria-label="Znajdź pożyczkę">
          <p className="cta__title">Oferta tego pożyczkodawcy jest teraz niedostępna</p>
          <p className="cta__text">
            Znajdź pożyczkę w około 5 minut: podaj kwotę i okres, a pokażemy oferty innych pożyczkodawców
            dopasowane do Twoich potrzeb.
          </p>
          <a className="button button--large" href={OFFERS_PATH}>
            Znajdź pożyczkę
          </a>
        </aside>
      )}
    </div>
  );
}
