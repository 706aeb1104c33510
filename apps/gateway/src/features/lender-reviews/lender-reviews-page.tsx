import { ApplyCta } from '../../app/components/apply-cta';
import { HtmlBlock } from '../../app/components/html-block';
import { LandingHero } from '../../app/components/landing-hero';
import { OfferBlockSection } from '../../app/components/offer-block';
import { Breadcrumbs, Faq } from '../../app/components/page-extras';
import { Steps } from '../../app/components/steps';
import { type LenderReviewsData } from './lender-reviews-data';
import { ReviewSummary } from './review-summary';

/** /opinie-o-pozyczkach/: hero, the reviewed lenders, offers, three steps, FAQ and the call to action. */
export default function LenderReviewsPage({ data }: { data: LenderReviewsData }) {
  const { page, lenders, offers } = data;
  return (
    <div className="container article article--wide">
      <Breadcrumbs items={page.breadcrumbs} />
      <LandingHero page={page} />
      <section className="section section--flush" aria-labelledby="pozyczkodawcy_sekcja">
        <h2 id="pozyczkodawcy_sekcja">Opinie o pożyczkodawcach</h2>
        <ul className="lender-grid">
          {lenders.map((lender) => (
            <li key={lender.slug} className="lender-card">
              {lender.logoUrl !== '' && (
                <img
                  className="lender-card__logo"
                  src={lender.logoUrl}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              )}
              <a className="lender-card__name" href={lender.path}>
                {lender.name}
                <span className="visually-hidden"> – opinie</span>
              </a>
              <ReviewSummary lender={lender} />
            </li>
          ))}
        </ul>
      </section>
      <OfferBlockSection offers={offers} title="Aktualne oferty pożyczek" source="lender" />
      <section className="section section--flush" aria-labelledby="jak_to_dziala">
        <h2 id="jak_to_dziala">Jak to działa – 3 kroki</h2>
        <Steps />
      </section>
      <HtmlBlock id="tresc-strony" className="prose" html={page.bodyHtml} />
      <Faq items={page.faq} />
      <ApplyCta />
    </div>
  );
}
