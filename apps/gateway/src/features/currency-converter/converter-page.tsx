import { Breadcrumbs, Faq } from '../../app/components/page-extras';
import { UnavailableNotice } from '../../app/components/unavailable-notice';
import { BANK_RATES_PATH } from '../../app/site-paths/rates';
import { BankComparisonTable } from '../bank-rates';
import { NbpNote } from '../rate-charts';
import { formatIsoDate, formatRateText } from '../../shared/rates-format';
import { CurrencyConverter } from './converter-form';
import { type ConverterData } from './currency-converter-data';

/** `/kalkulator-walutowy/`: the converter, popular currencies, per-bank rates and three questions. */
export default function ConverterPage({ data }: { data: ConverterData }) {
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
      <p className="article__lead">
        Przelicz złote na euro, dolary, funty i ponad 50 innych walut po aktualnym kursie średnim NBP. Obok
        znajdziesz kursy kupna i sprzedaży oraz kursy walut w bankach.
      </p>
      <CurrencyConverter form={data.form} />
      <section className="section" aria-labelledby="popularne">
        <h2 id="popularne">Popularne waluty</h2>
        <div className="table-scroll">
          <table className="rates-table" data-popular="">
            <caption>
              {`${tableA ? `Kursy NBP z tabeli nr ${tableA.no} z dnia ${formatIsoDate(tableA.effectiveDate)}` : 'Kursy NBP'}${
                data.tableC
                  ? `; kupno i sprzedaż z tabeli nr ${data.tableC.no} z dnia ${formatIsoDate(data.tableC.effectiveDate)}`
                  : ''
              }`}
            </caption>
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
                  <td>{`${formatRateText(rate.mid)} zł`}</td>
                  <td>{rate.bid ? `${formatRateText(rate.bid)} zł` : '—'}</td>
                  <td>{rate.ask ? `${formatRateText(rate.ask)} zł` : '—'}</td>
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
