import { type ReactNode } from 'react';
import { Breadcrumbs } from '../../app/components/page-extras';
import { SampleDataNotice } from '../../app/components/sample-notice';
import { UnavailableNotice } from '../../app/components/unavailable-notice';
import { BANK_RATES_PATH, CONVERTER_PATH } from '../../app/site-paths/rates';
import { NbpNote, RANGE_LABELS, RangeNav, RateChart, TableCMissing } from '../rate-charts';
import {
  formatAmountText,
  formatDecimalText,
  formatIsoDate,
  formatRateText,
  withUnit,
} from '../../shared/rates-format';
import { rateDateText } from '../../shared/rates-format-date';
import { convertAtMid } from './mid-conversion';
import { CurrencyConverter } from './converter-form';
import { type PairData } from './currency-converter-data';

const HISTORY_ANCHOR = 'historia';

function Figure({
  label,
  value,
  unit,
  note,
  missing = 'brak notowania',
}: {
  label: string;
  value: string;
  unit: string;
  note?: string;
  /** What stands in place of a value the site does not have. */
  missing?: ReactNode;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {value === '' ? missing : withUnit(formatRateText(value), unit)}
        {note && value !== '' && <span className="pair-facts__note">{note}</span>}
      </dd>
    </div>
  );
}

/** `/kalkulator-walutowy/{from}-{to}/`: price, buy, sell, NBP rate, min and max, the converter and the history chart. */
export default function PairPage({ data }: { data: PairData }) {
  const pairName = `${data.from}/${data.to}`;
  const rangeLabel = RANGE_LABELS[data.range];
  // NBP table C stored, or unknown (its call failed): only "not stored" says the table is unavailable.
  const buySellMissing = <TableCMissing available={data.tableC !== false} />;
  const midNote = ` · ${rateDateText(data.effectiveDate)} (tabela ${data.tableNo})`;
  const upTo = data.effectiveDate ? ` do ${formatIsoDate(data.effectiveDate)}` : '';
  const cNote = data.cTableNo
    ? ` · ${rateDateText(data.cEffectiveDate)} (tabela ${data.cTableNo})`
    : undefined;
  return (
    <div className="container rates-page">
      <Breadcrumbs
        items={[
          { text: 'Strona główna', link: '/' },
          { text: 'Kalkulator walutowy', link: CONVERTER_PATH },
          { text: pairName, link: '' },
        ]}
      />
      <h1>{data.title}</h1>
      <p className="article__lead">{data.description}</p>
      {data.embedded && <SampleDataNotice subject="nbpRates" />}
      <dl className="pair-facts" data-pair-facts="">
        <div>
          <dt>Cena</dt>
          <dd>
            {data.mid === ''
              ? 'brak notowania'
              : `1 ${data.from} = ${formatAmountText(convertAtMid('1', { code: data.from, mid: data.mid }, { code: data.to, mid: '1' }).result)}\u00a0${data.to}`}
            {data.mid !== '' && (
              <span className="pair-facts__note">{` · ${rateDateText(data.effectiveDate)}`}</span>
            )}
          </dd>
        </div>
        <Figure label="Kupno" value={data.bid} unit={data.to} note={cNote} missing={buySellMissing} />
        <Figure label="Sprzedaż" value={data.ask} unit={data.to} note={cNote} missing={buySellMissing} />
        <Figure label="Kurs NBP" value={data.mid} unit={data.to} note={midNote} />
        <Figure label={`Minimum (12 miesięcy${upTo})`} value={data.min} unit={data.to} />
        <Figure label={`Maksimum (12 miesięcy${upTo})`} value={data.max} unit={data.to} />
      </dl>
      {data.form.currencies.length > 0 ? (
        <CurrencyConverter form={data.form} />
      ) : (
        <p className="notice">{`Nie mamy teraz kursu ${pairName}, więc nie możemy przeliczyć kwoty.`}</p>
      )}
      <p>
        <a href={data.reversePath}>{`Przelicz odwrotnie: ${data.to}/${data.from}`}</a>
      </p>
      <section className="section" aria-labelledby={HISTORY_ANCHOR}>
        <h2 id={HISTORY_ANCHOR}>{`Historia kursu ${pairName} – ${rangeLabel}`}</h2>
        <RangeNav pagePath={data.path} current={data.range} anchor={HISTORY_ANCHOR} />
        {data.history.status === 'ok' ? (
          <>
            <RateChart
              title={`Kurs średni NBP ${pairName}, ${rangeLabel}`}
              data={data.history.value.data}
              unit={data.to}
            />
            {data.history.value.min !== '' && (
              <dl className="pair-facts pair-facts--range">
                <Figure label={`Minimum (${rangeLabel})`} value={data.history.value.min} unit={data.to} />
                <Figure label={`Maksimum (${rangeLabel})`} value={data.history.value.max} unit={data.to} />
                <div>
                  <dt>Zmiana</dt>
                  <dd>
                    {data.history.value.change === ''
                      ? '–'
                      : `${withUnit(formatDecimalText(data.history.value.change, 4, 6), data.to)}${data.history.value.changePercent ? ` (${formatDecimalText(data.history.value.changePercent, 2, 2)}\u00a0%)` : ''}`}
                  </dd>
                </div>
              </dl>
            )}
            <p className="rate-chart__period">{`Notowania od ${formatIsoDate(data.history.value.from)} do ${formatIsoDate(data.history.value.to)}.`}</p>
          </>
        ) : (
          <UnavailableNotice what="Dane historyczne kursu" />
        )}
      </section>
      <section className="section" aria-labelledby="inne-waluty">
        <h2 id="inne-waluty">Inne waluty</h2>
        <ul className="currency-links">
          {data.related.map((link) => (
            <li key={link.code}>
              <a href={link.path}>{`${link.code}/PLN`}</a> <span>{link.name}</span>
            </li>
          ))}
        </ul>
        <p>
          <a href={BANK_RATES_PATH}>Kursy walut w bankach</a>
        </p>
      </section>
      <NbpNote />
    </div>
  );
}
