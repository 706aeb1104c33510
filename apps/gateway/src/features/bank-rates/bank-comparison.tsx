import { SampleDataNotice } from '../../app/components/sample-notice';
import { formatIsoDate, formatRateText } from '../../shared/rates-format';
import { isCurrentTable, rateDateText } from '../../shared/rates-format-date';
import { type BankComparison } from './bank-rates-data';

/**
 * Every bank's buy and sell rates of the compared currencies, one row per bank, each dated by its
 * table. A bank without a table to show says its rates are unavailable; sample tables are marked
 * in their row and by the notice above the table.
 */
export function BankComparisonTable({
  comparison,
  caption,
}: {
  comparison: BankComparison;
  caption: string;
}) {
  if (comparison.banks.length === 0) return <p>Nie mamy jeszcze tabel kursów banków.</p>;
  const quoteColumns = comparison.codes.length * 2;
  return (
    <>
      {comparison.banks.some((bank) => bank.embedded) && <SampleDataNotice subject="bankRates" />}
      <div className="table-scroll">
        <table className="rates-table rates-table--compare">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col" rowSpan={2}>
                Bank
              </th>
              {comparison.codes.map((code) => (
                <th scope="colgroup" colSpan={2} key={code}>
                  {code}
                </th>
              ))}
              <th scope="col" rowSpan={2}>
                Kurs z dnia
              </th>
            </tr>
            <tr>
              {comparison.codes.flatMap((code) => [
                <th scope="col" key={`${code}-buy`}>
                  kupno
                </th>,
                <th scope="col" key={`${code}-sell`}>
                  sprzedaż
                </th>,
              ])}
            </tr>
          </thead>
          <tbody>
            {comparison.banks.map((bank) => (
              <tr key={bank.slug} data-bank={bank.slug}>
                <th scope="row">
                  <a href={bank.path}>{bank.name}</a>
                </th>
                {bank.effectiveDate === '' ? (
                  <td colSpan={quoteColumns + 1} data-bank-unavailable="">
                    Kursy banku chwilowo niedostępne
                  </td>
                ) : (
                  <>
                    {bank.quotes.flatMap((quote) => [
                      <td key={`${quote.code}-buy`}>
                        {quote.buy ? formatRateText(quote.buy) : 'brak kursu'}
                      </td>,
                      <td key={`${quote.code}-sell`}>
                        {quote.sell ? formatRateText(quote.sell) : 'brak kursu'}
                      </td>,
                    ])}
                    <td>
                      {formatIsoDate(bank.effectiveDate)}
                      {bank.embedded && ' (dane przykładowe)'}
                    </td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * How old a bank's table is, in words: sample data computed from NBP (never the bank's table),
 * the bank's current table, or the newest the site has, with its date.
 */
export function TableDateNote({
  effectiveDate,
  embedded,
  today,
}: {
  effectiveDate: string;
  embedded: boolean;
  today: string;
}) {
  if (embedded)
    return (
      <p className="notice notice--info" data-table-date="">
        {`To nie jest tabela banku: kursy wyliczyliśmy z kursów średnich z tabeli A NBP z dnia ${formatIsoDate(effectiveDate)}, dodając założoną przez nas marżę. Obowiązujące kursy znajdziesz na stronie banku.`}
      </p>
    );
  if (effectiveDate === '') return null;
  return (
    <p className="notice notice--info" data-table-date="">
      {isCurrentTable(effectiveDate, today)
        ? `Aktualna tabela kursów banku – ${rateDateText(effectiveDate)}.`
        : `Najnowsza tabela banku, jaką mamy – ${rateDateText(effectiveDate)}. Nowsza może już obowiązywać: sprawdź na stronie banku.`}
    </p>
  );
}
