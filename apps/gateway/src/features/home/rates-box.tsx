import { SampleDataNotice } from '../../app/components/sample-notice';
import { useRenderContext } from '../../app/render-context';
import { formatDecimal } from '../../shared/format';
import { formatIsoDate, withUnit } from '../../shared/rates-format';
import { isCurrentTable, isTableStale, rateDateText } from '../../shared/rates-format-date';
import { type RatesBox as RatesBoxData } from './home-data';

/** What the box says of its table's date: current, old, or just dated. */
function dateLine(rates: RatesBoxData, today: string, stale: boolean): string {
  const table = `(tabela nr ${rates.tableNo})`;
  if (isCurrentTable(rates.effectiveDate, today, rates.embedded))
    return `Aktualne kursy – ${rateDateText(rates.effectiveDate)} ${table}.`;
  const dated = `Kurs z dnia ${formatIsoDate(rates.effectiveDate)} ${table}`;
  return stale
    ? `${dated} – nowszej tabeli nie mamy, więc kursy mogą odbiegać od dzisiejszych.`
    : `${dated}.`;
}

export function RatesBox({ rates }: { rates: RatesBoxData }) {
  const { locale, today } = useRenderContext();
  const stale = rates.embedded || isTableStale(rates.effectiveDate, today);
  return (
    <figure className="rates-box">
      {rates.embedded && <SampleDataNotice subject="nbpRates" />}
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
              <td>{withUnit(formatDecimal(locale, rate.mid), 'zł')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption>
        <span className={stale ? 'rates-box__stale' : undefined} data-stale={stale ? 'true' : undefined}>
          {dateLine(rates, today, stale)}
        </span>{' '}
        <a href="/kalkulator-walutowy/">Przelicz w kalkulatorze walutowym</a>
      </figcaption>
    </figure>
  );
}
