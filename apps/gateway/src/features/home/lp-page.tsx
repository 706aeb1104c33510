import { Steps } from '../../app/components/steps';
import { useRenderContext } from '../../app/render-context';
import { formatDate, formatInteger, plural } from '../../shared/format';
import { FraudWarning } from '../application';
import { LoanSliders } from './loan-sliders';
import { type LandingData, type LenderRatingView, type RecentRatingsView } from './lp-data';

function Rating({ item }: { item: LenderRatingView }) {
  const { locale } = useRenderContext();
  return (
    <li className="lp-rating" data-rating={item.id}>
      <p className="lp-rating__lender">
        <a href={item.link}>{item.lender}</a>
        <span className="lp-rating__stars">
          <span aria-hidden="true">{'★'.repeat(item.rating) + '☆'.repeat(5 - item.rating)}</span>
          <span className="visually-hidden">{`Ocena ${item.rating} z 5`}</span>
        </span>
      </p>
      <blockquote className="lp-rating__text" cite={item.link}>
        {item.text}
      </blockquote>
      <p className="lp-rating__meta">
        {`${item.author}, `}
        <time dateTime={item.writtenAt}>{formatDate(locale, item.writtenAt)}</time>
        {/* The lender is named at the item's head; here it is 'this lender', so its name needs no case. */}
        {item.lenderAverage !== '' &&
          ` · średnia ocen tego pożyczkodawcy: ${item.lenderAverage}/5 (${formatInteger(locale, item.lenderRatings)} ${plural(item.lenderRatings, 'ocena', 'oceny', 'ocen')})`}
      </p>
    </li>
  );
}

/**
 * The latest visitors' ratings of lenders, published after moderation under the lender review
 * pages. They rate lenders, not this site, and the block says so; none published, no block.
 */
function LenderRatings({ view }: { view: RecentRatingsView }) {
  const { locale } = useRenderContext();
  return (
    <section className="container section" aria-labelledby="lp-opinie" data-lender-ratings="">
      <h2 id="lp-opinie">Najnowsze opinie czytelników o pożyczkodawcach</h2>
      <p className="lp-ratings__intro">
        {`To oceny pożyczkodawców, nie naszego serwisu. Czytelnicy wystawiają je pod opisami firm, a my publikujemy je po moderacji; nie sprawdzamy, czy autor był klientem danej firmy. Wszystkich opublikowanych ocen: ${formatInteger(locale, view.total)}.`}
      </p>
      <ul className="lp-ratings">
        {view.ratings.map((item) => (
          <Rating key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

/**
 * /lp/: the home page's variant for a short-video campaign: the same sliders, example and purpose
 * that start the application, the three steps, the latest ratings of lenders and the fraud warning.
 */
export default function LandingPage({ data }: { data: LandingData }) {
  return (
    <>
      <section className="hero">
        <div className="container hero__grid">
          <div className="hero__copy">
            <h1>Pożyczka na to, czego potrzebujesz – porównaj oferty w kilka minut</h1>
            <p className="hero__lead">
              Ustaw kwotę i okres, wybierz cel i wypełnij jeden wniosek. Pokażemy oferty pożyczkodawców
              dopasowane do Ciebie – bezpłatnie.
            </p>
          </div>
          <LoanSliders data={data} />
        </div>
      </section>
      <section className="container section">
        <FraudWarning />
      </section>
      <section className="container section" aria-labelledby="lp-kroki">
        <h2 id="lp-kroki">3 kroki do pieniędzy</h2>
        <Steps />
      </section>
      {data.ratings.status === 'ok' && data.ratings.value !== null && (
        <LenderRatings view={data.ratings.value} />
      )}
    </>
  );
}
