import { useRenderContext } from '../../app/render-context';
import { formatDate, formatDecimal } from '../../shared/format';
import { type RatesBox as RatesBoxData } from './home-data';
import { isTableStale } from './home.view-model';

export function RatesBox({ rates }: { rates: RatesBoxData }) {
  const { locale, today } = useRenderContext();
  const stale = isTableStale(rates.effectiveDate, today);
  return (
    <figure className="rates-box">
      <table>
        <caption>Średnie kursy NBP</caption>
        <thead>
          <tr>
            <th scope="col">Waluta</th>
            <th scope="col">Kurs średni</th>
          </tr>
        </thead>
        <tbody>
          {rates.rates.map((rate) => (
            <tr key={rate.code}>
              <th scope="row">
                <abbr title={rate.currency}>{rate.code}</abbr>
              </th>
              <td>{formatDecimal(locale, rate.mid)} zł</td>
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption>
        {stale ? (
          <span className="rates-box__stale" data-stale="true">
            Tabela nr {rates.tableNo} z {formatDate(locale, rates.effectiveDate)} – nowsza nie jest dostępna,
            więc kursy mogą odbiegać od dzisiejszych.
          </span>
        ) : (
          <>
            Tabela nr {rates.tableNo} z dnia {formatDate(locale, rates.effectiveDate)}.
          </>
        )}{' '}
        <a href="/kalkulator-walutowy/">Przelicz w kalkulatorze walutowym</a>
      </figcaption>
    </figure>
  );
}
