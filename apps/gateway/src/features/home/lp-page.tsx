import { Steps } from '../../app/components/steps';
import { FraudWarning } from '../application';
import { LoanSliders } from './loan-sliders';
import { type LandingData, type LandingReview } from './lp-data';

const dateText = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
};

function Review({ review }: { review: LandingReview }) {
  return (
    <li className="lp-review">
      <img className="lp-review__image" src={review.image} alt="" width={64} height={64} loading="lazy" />
      <div>
        <strong className="lp-review__name">{review.name}</strong>
        <span className="lp-review__stars" aria-label={`Ocena ${review.stars} z 5`}>
          {'★'.repeat(review.stars)}
          <span aria-hidden="true" className="lp-review__stars-off">
            {'★'.repeat(5 - review.stars)}
          </span>
        </span>
        <p className="lp-review__text">{review.text}</p>
        <time className="lp-review__date" dateTime={review.date}>
          {dateText(review.date)}
        </time>
      </div>
    </li>
  );
}

/**
 * /lp/: the home page's variant for a short-video campaign: the same sliders and purpose that start
 * the application, the three steps, reviews and the fraud warning.
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
          <LoanSliders purposes={data.purposes} />
        </div>
      </section>
      <section className="container section">
        <FraudWarning />
      </section>
      <section className="container section" aria-labelledby="lp-kroki">
        <h2 id="lp-kroki">3 kroki do pieniędzy</h2>
        <Steps />
      </section>
      <section className="container section" aria-labelledby="lp-opinie">
        <h2 id="lp-opinie">Opinie klientów</h2>
        <ul className="lp-reviews">
          {data.reviews.map((review) => (
            <Review key={review.name} review={review} />
          ))}
        </ul>
      </section>
    </>
  );
}
