import { ApplyCta } from '../../app/components/apply-cta';
import { HtmlBlock } from '../../app/components/html-block';
import { OfferList } from '../../app/components/offer-list';
import { Breadcrumbs, Faq } from '../../app/components/page-extras';
import { useRenderContext } from '../../app/render-context';
import { formatDate } from '../../shared/format';
import { CommentsSection } from '../comments';
import { type LenderReviewData } from './lender-reviews-data';
import { ReviewSummary } from './review-summary';

/** One lender: title, subtitle, review count, the facts box with its date, the offer, review text, FAQ. */
export default function LenderReviewPage({ data }: { data: LenderReviewData }) {
  const { locale } = useRenderContext();
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
      {review.info.length > 0 && (
        <section className="facts" aria-labelledby="najwazniejsze_informacje">
          <h2 id="najwazniejsze_informacje">{`${review.name} w skrócie`}</h2>
          <dl>
            {review.info.map((item) => (
              <div key={item.label}>
                <dt>{item.label}</dt>
                <dd>{item.value}</dd>
              </div>
            ))}
          </dl>
          {review.infoCheckedAt !== '' && (
            <p className="facts__checked">
              Dane sprawdzone <time dateTime={review.infoCheckedAt}>{formatDate(locale, review.infoCheckedAt)}</time>. Aktualne warunki
              zawsze potwierdzaj na stronie pożyczkodawcy.
            </p>
          )}
        </section>
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
