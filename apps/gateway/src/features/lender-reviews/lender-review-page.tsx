import { ApplyCta } from '../../app/components/apply-cta';
import { HtmlBlock } from '../../app/components/html-block';
import { OfferList } from '../../app/components/offer-list';
import { Breadcrumbs, Faq } from '../../app/components/page-extras';
import { UnavailableNotice } from '../../app/components/unavailable-notice';
import { CommentsSection } from '../comments';
import { LenderFactsBlock } from './lender-facts-block';
import { type LenderReviewData } from './lender-reviews-data';
import { ReviewSummary } from './review-summary';

/** One lender: title, subtitle, review count, the facts box with its date, the offer, review text, FAQ. */
export default function LenderReviewPage({ data }: { data: LenderReviewData }) {
  const { review, offer } = data;
  const activeOffer = offer?.status === 'ok' ? offer.value : null;
  return (
    <article className="container article article--wide">
      <Breadcrumbs
        items={[
          { text: 'Strona główna', link: '/' },
          { text: 'Opinie o pożyczkach', link: '/opinie-o-pozyczkach/' },
          { text: review.name, link: '' },
        ]}
      />
      <header className="landing-hero">
        <h1>{review.title}</h1>
        {review.subtitle !== '' && <p className="article__lead">{review.subtitle}</p>}
        <ReviewSummary lender={review} />
      </header>
      {data.facts.status === 'ok' ? (
        <LenderFactsBlock facts={data.facts.value} />
      ) : (
        <UnavailableNotice what="Informacje o pożyczkodawcy" />
      )}
      {activeOffer && (
        <section className="section section--flush" aria-labelledby="oferta_sekcja">
          <h2 id="oferta_sekcja">Aktualna oferta</h2>
          <OfferList offers={[activeOffer]} source="lender" />
        </section>
      )}
      {offer !== null && !activeOffer && (
        // The product's promise for a lender whose offer cannot be shown right now.
        <ApplyCta
          title="Oferta tego pożyczkodawcy jest teraz niedostępna"
          text="Znajdź pożyczkę w około 5 minut: wypełnij jeden wniosek, a pokażemy oferty innych pożyczkodawców dopasowane do Twoich potrzeb."
        />
      )}
      <HtmlBlock id="tresc_opinii" className="prose" html={review.bodyHtml} />
      <Faq items={review.faq} />
      <CommentsSection comments={data.comments} pagePath={review.path} />
      {(offer === null || activeOffer) && <ApplyCta />}
    </article>
  );
}
