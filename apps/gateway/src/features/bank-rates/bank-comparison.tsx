import { formatIsoDate, formatRateText } from '../../shared/rates-format';
import { type BankComparison } from './bank-rates-data';

/** Every bank's buy and sell rates of the compared currencies, one row per bank, with its table date. */
export function BankComparisonTable({
  comparison,
  caption,
}: {
  comparison: BankComparison;
  caption: string;
}) {
  if (comparison.banks.length === 0) return <p>Nie mamy jeszcze tabel kursów banków.</p>;
  return (
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
              Tabela z dnia
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
            <tr key={bank.slug}>
              <th scope="row">
                <a href={bank.path}>{bank.name}</a>
              </th>
              {bank.quotes.flatMap((quote) => [
                <td key={`${quote.code}-buy`}>{quote.buy ? formatRateText(quote.buy) : '—'}</td>,
                <td key={`${quote.code}-sell`}>{quote.sell ? formatRateText(quote.sell) : '—'}</td>,
              ])}
              <td>{bank.effectiveDate ? formatIsoDate(bank.effectiveDate) : 'brak tabeli'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Says of dated data shipped with the service that it is not today's, and from when it is. */
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
      <p className="notice notice--info">
        {`Kursy pochodzą z archiwalnej tabeli z dnia ${formatIsoDate(effectiveDate)}, dołączonej do serwisu. To nie są bieżące kursy banku: aktualną tabelę znajdziesz na stronie banku.`}
      </p>
    );
  if (effectiveDate !== '' && effectiveDate < today)
    return (
      <p className="notice notice--info">{`Pokazujemy ostatnią dostępną tabelę, z dnia ${formatIsoDate(effectiveDate)}.`}</p>
    );
  return null;
}
