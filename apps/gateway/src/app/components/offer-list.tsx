import { formatMoneyWhole, formatPercentBp } from '../../shared/format';
import { type OfferCard } from '../view-types';
import { useRenderContext } from '../render-context';

function daysRange(min: number, max: number): string {
  if (min > 0 && max > 0) return min === max ? `${min} dni` : `${min}–${max} dni`;
  if (max > 0) return `do ${max} dni`;
  return '';
}

export function OfferList({ offers }: { offers: OfferCard[] }) {
  const { locale } = useRenderContext();
  return (
    <ol className="offer-list">
      {offers.map((offer) => (
        <li className="offer" key={offer.id}>
          <div className="offer__head">
            <h3 className="offer__name">{offer.name}</h3>
            {offer.stars !== '' && (
              <span className="offer__stars" aria-label={`Ocena ${offer.stars.replace('.', ',')} na 5`}>
                ★ {offer.stars.replace('.', ',')}
              </span>
            )}
          </div>
          <dl className="offer__terms">
            {offer.amountMaxGrosze > 0 && (
              <div>
                <dt>Kwota</dt>
                <dd>
                  {formatMoneyWhole(locale, offer.amountMinGrosze)} – {formatMoneyWhole(locale, offer.amountMaxGrosze)}
                </dd>
              </div>
            )}
            {offer.periodMaxDays > 0 && (
              <div>
                <dt>Okres</dt>
                <dd>{daysRange(offer.periodMinDays, offer.periodMaxDays)}</dd>
              </div>
            )}
            {offer.aprBasisPoints > 0 && (
              <div>
                <dt>RRSO</dt>
                <dd>{formatPercentBp(locale, offer.aprBasisPoints)}</dd>
              </div>
            )}
          </dl>
          {(offer.firstLoanFree || offer.tags.length > 0) && (
            <ul className="offer__tags">
              {offer.firstLoanFree && <li className="tag tag--accent">Pierwsza pożyczka za 0 zł</li>}
              {offer.tags.map((tag) => (
                <li className="tag" key={tag}>
                  {tag}
                </li>
              ))}
            </ul>
          )}
          {offer.link !== '' && (
            <a className="button button--outline offer__cta" href={offer.link} rel="nofollow sponsored noopener" target="_blank">
              Sprawdź ofertę<span className="visually-hidden"> {offer.name} (otwiera się w nowej karcie)</span>
            </a>
          )}
        </li>
      ))}
    </ol>
  );
}
