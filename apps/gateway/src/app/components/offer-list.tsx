import {
  formatDate,
  formatDays,
  formatInteger,
  formatMoney,
  formatMoneyRange,
  formatMoneyWhole,
  formatPercentBp,
  formatPercentDecimal,
  plural,
} from '../../shared/format';
import { useRenderContext } from '../render-context';
import { SampleDataNotice } from './sample-notice';
import { RANKING_METHOD_PATH, offerRedirectPath } from '../site-paths/offers';
import { type CostExample, type OfferCard, type OfferListSource } from '../view-types';

/** '18–75 lat', 'od 20 lat', 'do 70 lat': the ages an offer's feed states; '' when it states none. */
export function agesRange(min: number, max: number): string {
  if (min > 0 && max > 0) return `${min}–${max} lat`;
  if (min > 0) return `od ${min} lat`;
  if (max > 0) return `do ${max} lat`;
  return '';
}

function daysRange(min: number, max: number): string {
  if (min > 0 && max > 0)
    return min === max ? `${min} ${plural(min, 'dzień', 'dni', 'dni')}` : `${min}–${max} dni`;
  if (max > 0) return `do ${max} dni`;
  return '';
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
      okres {formatDays(example.periodDays)}
      {payments}, oprocentowanie nominalne {formatPercentBp(locale, example.interestRateBp)} w skali roku,
      całkowity koszt {formatMoney(locale, example.totalCostGrosze)}, całkowita kwota do zapłaty{' '}
      {formatMoney(locale, example.totalPayableGrosze)}, RRSO {formatPercentDecimal(example.rrsoPercent)}.
      {example.firstLoanFreeApplies &&
        (example.totalCostGrosze === 0
          ? ' Koszt 0\u00a0zł dotyczy tylko pierwszej pożyczki nowego klienta spłaconej w terminie; kolejne pożyczki kosztują według regularnych warunków pożyczkodawcy.'
          : ' Dla nowego klienta pierwsza pożyczka na tych warunkach jest bezpłatna przy spłacie w terminie.')}
    </p>
  );
}

/**
 * Where the listed figures come from and of what day: the sample notice while any offer comes from
 * the bundled sample feed, else the partners' feeds with the oldest fetch date among the cards.
 */
export function OffersProvenance({ offers }: { offers: readonly OfferCard[] }) {
  const { locale } = useRenderContext();
  if (offers.length === 0) return null;
  if (offers.some((offer) => offer.sample)) return <SampleDataNotice subject="offers" />;
  const dates = offers.map((offer) => offer.asOf).filter((day) => day !== '');
  if (dates.length === 0) return null;
  const oldest = dates.reduce((a, b) => (a < b ? a : b));
  return (
    <p className="offer-list__source">
      {`Źródło warunków: pliki ofert przekazywane przez pożyczkodawców, stan na ${formatDate(locale, oldest)}.`}
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
                  <dd>{formatMoneyRange(locale, offer.amountMinGrosze, offer.amountMaxGrosze)}</dd>
                </div>
              )}
              {offer.periodMaxDays > 0 && (
                <div>
                  <dt>Okres</dt>
                  <dd>{daysRange(offer.periodMinDays, offer.periodMaxDays)}</dd>
                </div>
              )}
              {agesRange(offer.ageMin, offer.ageMax) !== '' && (
                <div>
                  <dt>Wiek</dt>
                  <dd data-offer-ages="">{agesRange(offer.ageMin, offer.ageMax)}</dd>
                </div>
              )}
              {offer.example && (
                <div>
                  <dt>Koszt</dt>
                  <dd>
                    {formatMoney(locale, offer.example.totalCostGrosze)}
                    {offer.example.firstLoanFreeApplies && offer.example.totalCostGrosze === 0 && (
                      <span className="offer__only-first"> – tylko pierwsza pożyczka</span>
                    )}
                  </dd>
                </div>
              )}
              {offer.costUnknown && (
                <div>
                  <dt>Koszt</dt>
                  <dd>nieznany</dd>
                </div>
              )}
              {offer.example && (
                <div>
                  <dt>RRSO</dt>
                  <dd>{formatPercentDecimal(offer.example.rrsoPercent)}</dd>
                </div>
              )}
            </dl>
            {(offer.firstLoanFree || offer.tags.length > 0) && (
              <ul className="offer__tags">
                {offer.firstLoanFree && (
                  <li className="tag tag--accent">
                    {(offer.firstLoanFreeMaxGrosze ?? 0) > 0
                      ? `Pierwsza pożyczka za 0\u00a0zł do ${formatMoneyWhole(locale, offer.firstLoanFreeMaxGrosze ?? 0)}`
                      : 'Pierwsza pożyczka za 0\u00a0zł'}
                  </li>
                )}
                {offer.tags.map((tag) => (
                  <li className="tag" key={tag}>
                    {tag}
                  </li>
                ))}
              </ul>
            )}
            {offer.example && <RepresentativeExample example={offer.example} />}
            {offer.notALenderLabel !== '' && (
              <p className="offer__example" data-no-own-cost="">
                Ten serwis nie udziela pożyczek, więc nie podajemy kosztu ani RRSO jako jego własnych. Koszt
                zależy od pożyczkodawcy, do którego serwis przekaże wniosek – sprawdź go w formularzu
                informacyjnym tego pożyczkodawcy przed podpisaniem umowy.
              </p>
            )}
            {offer.costUnknown && (
              <p className="offer__example">
                Kosztu tej pożyczki nie znamy: pożyczkodawca podaje w danych ofert tylko warunki darmowej
                pierwszej pożyczki, a wybrana kwota lub okres wykraczają poza nie. Dlatego nie pokazujemy tu
                kosztu ani RRSO – sprawdź je u pożyczkodawcy przed złożeniem wniosku.
              </p>
            )}
            <div className="offer__actions">
              {offer.link !== '' && (
                <a
                  className="button offer__cta"
                  href={offerRedirectPath(offer.id, source, offer.position)}
                  rel="nofollow sponsored noopener"
                  target="_blank"
                >
                  Przejdź do oferty
                  <span className="visually-hidden">
                    {' '}
                    {offer.names.genitive} (otwiera się w nowej karcie)
                  </span>
                </a>
              )}
              {offer.reviewPath !== '' && (
                <a className="offer__review" href={offer.reviewPath}>
                  Opinie o {offer.names.locative}
                </a>
              )}
            </div>
          </li>
        ))}
      </ol>
      <OffersProvenance offers={offers} />
      <p className="offer-list__method">
        Kolejność ofert wynika z kosztu dla wybranej kwoty i okresu oraz z ocen podanych razem ze źródłem.{' '}
        <a href={RANKING_METHOD_PATH}>Jak tworzymy ranking</a>
      </p>
    </>
  );
}
