import { plural } from '@lib/currencies';
import { Breadcrumbs, Faq } from '../../app/components/page-extras';
import { SampleDataNotice } from '../../app/components/sample-notice';
import { UnavailableNotice } from '../../app/components/unavailable-notice';
import { useRenderContext } from '../../app/render-context';
import { BANK_RATES_PATH } from '../../app/site-paths/rates';
import { BankComparisonTable } from '../bank-rates';
import { NbpNote, TableCMissing } from '../rate-charts';
import { formatRateZloty } from '../../shared/rates-format';
import { isCurrentTable, rateDateText } from '../../shared/rates-format-date';
import { CurrencyConverter } from './converter-form';
import { type ConverterData, type TableRef } from './currency-converter-data';

/** The currencies named in the lead; the others are counted. */
const NAMED_IN_LEAD = ['PLN', 'EUR', 'USD', 'GBP'];

/**
 * The page's first sentence, true for the rates it has: how many currencies there are, and
 * "aktualny" only for table A of the last working day.
 */
function leadText(data: ConverterData, tableA: TableRef | undefined, today: string): string {
  const others = data.form.currencies.filter((currency) => !NAMED_IN_LEAD.includes(currency.code)).length;
  const list =
    others > 0
      ? `euro, dolary, funty i ${others} ${plural(others, 'inną walutę', 'inne waluty', 'innych walut')}`
      : 'euro, dolary i funty';
  const rate = !tableA
    ? 'po kursie średnim NBP'
    : isCurrentTable(tableA.effectiveDate, today, tableA.embedded)
      ? `po aktualnym kursie średnim NBP – ${rateDateText(tableA.effectiveDate)}`
      : `po kursie średnim NBP – ${rateDateText(tableA.effectiveDate)}`;
  return `Przelicz złote na ${list} ${rate}. Obok znajdziesz kursy kupna i sprzedaży oraz kursy walut w bankach.`;
}

function tableCaption(tableA: TableRef | undefined, tableC: TableRef | null): string {
  const mids = tableA
    ? `Kursy średnie NBP – ${rateDateText(tableA.effectiveDate)} (tabela nr ${tableA.no})`
    : 'Kursy średnie NBP';
  const buySell = tableC
    ? `kupno i sprzedaż – ${rateDateText(tableC.effectiveDate)} (tabela nr ${tableC.no})`
    : 'kupno i sprzedaż: tabela C NBP niedostępna';
  return `${mids}; ${buySell}`;
}

/** `/kalkulator-walutowy/`: the converter, popular currencies, per-bank rates and three questions. */
export default function ConverterPage({ data }: { data: ConverterData }) {
  const { today } = useRenderContext();
  const tableA = data.form.tables[0];
  return (
    <div className="container rates-page">
      <Breadcrumbs
        items={[
          { text: 'Strona główna', link: '/' },
          { text: 'Kalkulator walutowy', link: '' },
        ]}
      />
      <h1>Kalkulator walutowy</h1>
      <p className="article__lead">{leadText(data, tableA, today)}</p>
      {data.form.tables.some((table) => table.embedded) && <SampleDataNotice subject="nbpRates" />}
      <CurrencyConverter form={data.form} />
      <section className="section" aria-labelledby="popularne">
        <h2 id="popularne">Popularne waluty</h2>
        <div className="table-scroll">
          <table className="rates-table" data-popular="">
            <caption>{tableCaption(tableA, data.tableC)}</caption>
            <thead>
              <tr>
                <th scope="col">Waluta</th>
                <th scope="col">Kurs średni</th>
                <th scope="col">Kupno</th>
                <th scope="col">Sprzedaż</th>
              </tr>
            </thead>
            <tbody>
              {data.popular.map((rate) => (
                <tr key={rate.code}>
                  <th scope="row">
                    <a href={rate.path}>{rate.code}</a>
                    <span className="rates-table__name">{` ${rate.name}`}</span>
                  </th>
                  <td>{formatRateZloty(rate.mid)}</td>
                  <td>
                    {rate.bid ? (
                      formatRateZloty(rate.bid)
                    ) : (
                      <TableCMissing available={data.tableC !== null} />
                    )}
                  </td>
                  <td>
                    {rate.ask ? (
                      formatRateZloty(rate.ask)
                    ) : (
                      <TableCMissing available={data.tableC !== null} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {data.optionalTables.status === 'unavailable' && (
          <UnavailableNotice what="Kursy kupna i sprzedaży oraz tabela B NBP" />
        )}
      </section>
      <section className="section" aria-labelledby="w-bankach">
        <h2 id="w-bankach">Kursy walut w bankach</h2>
        {data.banks.status === 'ok' ? (
          <BankComparisonTable
            comparison={data.banks.value}
            caption="Kupno i sprzedaż w bankach, za 1 jednostkę waluty"
          />
        ) : (
          <UnavailableNotice what="Kursy walut w bankach" />
        )}
        <p>
          <a href={BANK_RATES_PATH}>Wszystkie kursy walut w bankach</a>
        </p>
      </section>
      <Faq items={data.faq} />
      <section className="section" aria-labelledby="wszystkie-waluty">
        <h2 id="wszystkie-waluty">Kursy wszystkich walut</h2>
        <ul className="currency-links">
          {data.all.map((link) => (
            <li key={link.code}>
              <a href={link.path}>{`${link.code}/PLN`}</a> <span>{link.name}</span>
            </li>
          ))}
        </ul>
      </section>
      <NbpNote />
    </div>
  );
}
