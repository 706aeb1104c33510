import { formatInteger, formatMoney, formatMoneyWhole, formatPercentBp, plural } from '../../shared/format';
import { useRenderContext } from '../render-context';
import { RANKING_METHOD_PATH, offerRedirectPath } from '../site-paths/offers';
import { type CostExample, type OfferCard, type OfferListSource } from '../view-types';

function daysRange(min: number, max: number): string {
  if (min > 0 && max > 0)
    return min === max ? `${min} ${plural(min, 'dzień', 'dni', 'dni')}` : `${min}–${max} dni`;
  if (max > 0) return `do ${max} dni`;
  return '';
}

function days(count: number): string {
  return `${count} ${plural(count, 'dzień', 'dni', 'dni')}`;
}

/** '36.54' → '36,54%' (the form of formatPercentBp). */
function percentText(decimal: string): string {
  return `${decimal.replace('.', ',')}%`;
}

/**
 * The representative example of the Consumer Credit Act (art. 7): every figure it asks for, in
 * one sentence next to the offer whose cost is shown.
 */
export function RepresentativeExample({ example }: { example: CostExample }) {
  const { locale } = useRenderContext();
  const payments =
    example.payments > 1
      ? `, ${example.payments} ${plural(example.payments, 'rata', 'raty', 'rat')}`
      : ', spłata jednorazowa';
  return (
    <p className="offer__example">
      <strong>Przykład reprezentatywny:</strong> kwota pożyczki {formatMoney(locale, example.amountGrosze)},
      okres {days(example.periodDays)}
      {payments}, oprocentowanie nominalne {formatPercentBp(locale, example.interestRateBp)} w skali roku,
      całkowity koszt {formatMoney(locale, example.totalCostGrosze)}, całkowita kwota do zapłaty{' '}
      {formatMoney(locale, example.totalPayableGrosze)}, RRSO {percentText(example.rrsoPercent)}.
      {example.firstLoanFreeApplies &&
        ' Dla nowego klienta pierwsza pożyczka na tych warunkach jest bezpłatna przy spłacie w terminie.'}
    </p>
  );
}

/**
 * Offer cards. 'Przejdź do oferty' goes through the gateway's redirect (it records the click and
 * sends the visitor only to the lender link the feed holds); a paid placement carries the
 * 'Reklama' label. Every list ends with the link to the published ranking method.
 */
export function OfferList({ offers, source }: { offers: OfferCard[]; source: OfferListSource }) {
  const { locale } = useRenderContext();
  return (
    <>
      <ol className="offer-list">
        {offers.map((offer) => (
          <li
            className={offer.sponsored ? 'offer offer--sponsored' : 'offer'}
            key={offer.id}
            data-offer-id={offer.id}
          >
            <div className="offer__head">
              <h3 className="offer__name">{offer.name}</h3>
              {offer.sponsored && (
                <span className="tag tag--ad" title="Płatne miejsce pożyczkodawcy, poza rankingiem">
                  Reklama
                </span>
              )}
              {offer.notALenderLabel !== '' && (
                <span
                  className="tag tag--kind"
                  title="Ten serwis przekazuje wnioski lub porównuje oferty innych firm"
                >
                  {offer.notALenderLabel}
                </span>
              )}
              {offer.stars !== '' && (
                <span className="offer__stars">
                  <span aria-hidden="true">★ </span>
                  {`${offer.stars.replace('.', ',')}/5 · ${formatInteger(locale, offer.ratingCount)} ${plural(offer.ratingCount, 'ocena', 'oceny', 'ocen')}, źródło: ${offer.ratingSource}`}
                </span>
              )}
            </div>
            <dl className="offer__terms">
              {offer.amountMaxGrosze > 0 && (
                <div>
                  <dt>Kwota</dt>
                  <dd>
                    {formatMoneyWhole(locale, offer.amountMinGrosze)} –{' '}
                    {formatMoneyWhole(locale, offer.amountMaxGrosze)}
                  </dd>
                </div>
              )}
              {offer.periodMaxDays > 0 && (
                <div>
                  <dt>Okres</dt>
                  <dd>{daysRange(offer.periodMinDays, offer.periodMaxDays)}</dd>
                </div>
              )}
              {offer.example && (
                <div>
                  <dt>Koszt</dt>
                  <dd>{formatMoney(locale, offer.example.totalCostGrosze)}</dd>
                </div>
              )}
              {offer.example && (
                <div>
                  <dt>RRSO</dt>
                  <dd>{percentText(offer.example.rrsoPercent)}</dd>
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
            {offer.example && <RepresentativeExample example={offer.example} />}
            <div className="offer__actions">
              {offer.link !== '' && (
                <a
                  className="button offer__cta"
                  href={offerRedirectPath(offer.id, source, offer.position)}
                  rel="nofollow sponsored noopener"
                  target="_blank"
                >
                  Przejdź do oferty
                  <span className="visually-hidden"> {offer.name} (otwiera się w nowej karcie)</span>
                </a>
              )}
              {offer.reviewPath !== '' && (
                <a className="offer__review" href={offer.reviewPath}>
                  Opinie o {offer.name}
                </a>
              )}
            </div>
          </li>
        ))}
      </ol>
      <p className="offer-list__method">
        Kolejność ofert wynika z dopasowania do kwoty i okresu, kosztu, pierwszej darmowej pożyczki i ocen.{' '}
        <a href={RANKING_METHOD_PATH}>Jak tworzymy ranking</a>
      </p>
    </>
  );
}
