import { Breadcrumbs } from '../../app/components/page-extras';
import { SampleDataNotice } from '../../app/components/sample-notice';
import { UnavailableNotice } from '../../app/components/unavailable-notice';
import { useRenderContext } from '../../app/render-context';
import { BANK_RATES_PATH, CONVERTER_PATH } from '../../app/site-paths/rates';
import { NbpNote, RANGE_LABELS, RangeNav, RateChart } from '../rate-charts';
import { formatIsoDate, formatRateZloty } from '../../shared/rates-format';
import { rateDateText } from '../../shared/rates-format-date';
import { BankComparisonTable, TableDateNote } from './bank-comparison';
import { type BankData } from './bank-rates-data';

const CHARTS_ANCHOR = 'wykresy';

function unitsLabel(units: number): string {
  return units > 1 ? ` (za ${units})` : '';
}

function BankWebsiteLink({ url, text }: { url: string; text: string }) {
  return url === '' ? null : (
    <a href={url} rel="noopener nofollow">
      {text}
    </a>
  );
}

/** Where the figures come from, under the table: the bank's own table, or sample data computed from NBP. */
function TableSource({ data }: { data: BankData }) {
  if (data.embedded)
    return (
      <>
        {`${rateDateText(data.effectiveDate)} – dane przykładowe wyliczone z tabeli A NBP z założoną marżą, nie tabela banku`}
        {data.websiteUrl !== '' && ' · '}
        <BankWebsiteLink url={data.websiteUrl} text="kursy na stronie banku" />
      </>
    );
  return (
    <>
      {`Tabela banku nr ${data.tableNo} – ${rateDateText(data.effectiveDate)}`}
      {data.websiteUrl !== '' && ' · '}
      <BankWebsiteLink url={data.websiteUrl} text="tabela na stronie banku" />
    </>
  );
}

function lead(data: BankData): string {
  if (!data.available)
    return `Tu pokazujemy, po ile ${data.name} kupuje i sprzedaje waluty – gdy mamy tabelę kursów banku.`;
  if (data.embedded)
    return `Tu pokazujemy kursy kupna i sprzedaży walut z tabeli ${data.name}. Na razie widzisz dane przykładowe wyliczone z kursów średnich NBP, a nie kursy banku.`;
  return `Po ile ${data.name} kupuje i sprzedaje waluty: kursy z tabeli banku, ich zmiany na wykresach i porównanie z innymi bankami.`;
}

/** `/kursy-walut-w-bankach/{bank}/`: the bank's table, a chart per currency and the other banks' rates. */
export default function BankPage({ data }: { data: BankData }) {
  const { today } = useRenderContext();
  const rangeLabel = RANGE_LABELS[data.range];
  const sampleMark = data.embedded ? ' (dane przykładowe)' : '';
  return (
    <div className="container rates-page">
      <Breadcrumbs
        items={[
          { text: 'Strona główna', link: '/' },
          { text: 'Kursy walut w bankach', link: BANK_RATES_PATH },
          { text: data.name, link: '' },
        ]}
      />
      <h1>{`Kursy walut ${data.name}`}</h1>
      <p className="article__lead">{lead(data)}</p>
      {data.available ? (
        <>
          {data.embedded && <SampleDataNotice subject="bankRates" />}
          <TableDateNote effectiveDate={data.effectiveDate} embedded={data.embedded} today={today} />
          <section className="section" aria-labelledby="tabela">
            <h2 id="tabela">
              {data.embedded ? `Przykładowe kursy – nie tabela ${data.name}` : `Tabela kursów ${data.name}`}
            </h2>
            <div className="table-scroll">
              <table className="rates-table" data-bank-table="">
                <thead>
                  <tr>
                    <th scope="col">Waluta</th>
                    <th scope="col">Kupno</th>
                    <th scope="col">Sprzedaż</th>
                  </tr>
                </thead>
                <tbody>
                  {data.rates.map((rate) => (
                    <tr key={rate.code}>
                      <th scope="row">
                        {rate.pairPath ? <a href={rate.pairPath}>{rate.code}</a> : rate.code}
                        <span className="rates-table__name">{` ${rate.name}${unitsLabel(rate.units)}`}</span>
                      </th>
                      <td>{formatRateZloty(rate.buy)}</td>
                      <td>{formatRateZloty(rate.sell)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <td colSpan={3} data-table-source="">
                      <TableSource data={data} />
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </section>
          <section className="section" aria-labelledby={CHARTS_ANCHOR}>
            <h2 id={CHARTS_ANCHOR}>{`Kursy kupna i sprzedaży – ${rangeLabel}${sampleMark}`}</h2>
            <RangeNav pagePath={data.path} current={data.range} anchor={CHARTS_ANCHOR} />
            {data.charts.status === 'ok' ? (
              <div className="chart-grid">
                {data.charts.value.map((chart) => (
                  <section key={chart.code} className="chart-card" aria-labelledby={`wykres-${chart.code}`}>
                    <h3 id={`wykres-${chart.code}`}>{`${chart.code} – ${chart.name}`}</h3>
                    <RateChart
                      title={`Kurs kupna i sprzedaży ${chart.code} w ${data.name}, ${rangeLabel}${sampleMark}`}
                      data={chart.data}
                      unit="zł"
                    />
                    {chart.min !== '' && (
                      <p className="chart-card__range">{`Najniższy kurs kupna: ${formatRateZloty(chart.min)}, najwyższy kurs sprzedaży: ${formatRateZloty(chart.max)} (tabele do ${formatIsoDate(data.effectiveDate)})`}</p>
                    )}
                  </section>
                ))}
              </div>
            ) : (
              <UnavailableNotice what="Wykresy kursów" />
            )}
          </section>
        </>
      ) : (
        <p className="notice" role="status" data-bank-unavailable="">
          {`Kursy banku ${data.name} są chwilowo niedostępne: nie mamy tabeli kursów pobranej od banku, a kursów banku nie zastępujemy żadnymi innymi. `}
          <BankWebsiteLink url={data.websiteUrl} text="Kursy na stronie banku" />
        </p>
      )}
      <section className="section" aria-labelledby="inne-banki">
        <h2 id="inne-banki">Kursy w innych bankach</h2>
        {data.others.status === 'ok' ? (
          <BankComparisonTable
            comparison={data.others.value}
            caption="Kursy kupna i sprzedaży w innych bankach, za 1 jednostkę waluty"
          />
        ) : (
          <UnavailableNotice what="Kursy innych banków" />
        )}
        <p>
          <a href={CONVERTER_PATH}>Przelicz kwotę w kalkulatorze walutowym</a>
        </p>
      </section>
      <NbpNote />
    </div>
  );
}
