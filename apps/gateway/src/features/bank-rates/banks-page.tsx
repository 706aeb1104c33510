import { Breadcrumbs } from '../../app/components/page-extras';
import { UnavailableNotice } from '../../app/components/unavailable-notice';
import { CONVERTER_PATH } from '../../app/site-paths/rates';
import { NbpNote } from '../rate-charts';
import { rateDateText } from '../../shared/rates-format-date';
import { BankComparisonTable } from './bank-comparison';
import { type BanksData } from './bank-rates-data';

/** `/kursy-walut-w-bankach/`: every bank's buy and sell rates side by side, and a link to each bank's table. */
export default function BanksPage({ data }: { data: BanksData }) {
  return (
    <div className="container rates-page">
      <Breadcrumbs
        items={[
          { text: 'Strona główna', link: '/' },
          { text: 'Kursy walut w bankach', link: '' },
        ]}
      />
      <h1>Kursy walut w bankach</h1>
      <p className="article__lead">
        Porównaj, po ile banki kupują i sprzedają euro, dolary, funty i franki. Kurs kupna to cena, po której
        bank kupi od Ciebie walutę, a kurs sprzedaży – cena, po której Ci ją sprzeda. Im mniejsza różnica
        między nimi (spread), tym taniej wymienisz pieniądze.
      </p>
      <section className="section" aria-labelledby="porownanie">
        <h2 id="porownanie">Kupno i sprzedaż walut w bankach</h2>
        {data.comparison.status === 'ok' ? (
          <BankComparisonTable
            comparison={data.comparison.value}
            caption="Kursy za 1 jednostkę waluty, w złotych"
          />
        ) : (
          <UnavailableNotice what="Tabele kursów banków" />
        )}
      </section>
      <section className="section" aria-labelledby="banki">
        <h2 id="banki">Tabele kursów poszczególnych banków</h2>
        <ul className="bank-list">
          {data.banks.map((bank) => (
            <li key={bank.slug}>
              <a href={bank.path}>{`Kursy walut ${bank.name}`}</a>
              <span className="bank-list__date">
                {bank.effectiveDate === ''
                  ? ' – kursy banku chwilowo niedostępne'
                  : ` – ${rateDateText(bank.effectiveDate)}${bank.embedded ? ' (dane przykładowe)' : ''}`}
              </span>
            </li>
          ))}
        </ul>
        <p>
          <a href={CONVERTER_PATH}>Przelicz walutę w kalkulatorze walutowym</a>
        </p>
      </section>
      <NbpNote />
    </div>
  );
}
