import { SampleDataNotice } from '../../app/components/sample-notice';
import { useRenderContext } from '../../app/render-context';
import { formatDate } from '../../shared/format';
import { type FactRow, type LenderFactsView } from '../../app/figures/lender-facts.view-model';

function FactSourceLine({ row }: { row: FactRow }) {
  const { locale } = useRenderContext();
  if (!row.source) return null;
  return (
    <small className="facts__source">
      {'Źródło: '}
      {row.source.url !== '' ? (
        <a href={row.source.url} rel="nofollow noopener" target="_blank">
          {row.source.name}
        </a>
      ) : (
        row.source.name
      )}
      {row.checkedAt !== '' && (
        <>
          {', stan na '}
          <time dateTime={row.checkedAt}>{formatDate(locale, row.checkedAt)}</time>
        </>
      )}
    </small>
  );
}

/**
 * A lender's facts: each value with its source and date; what we have not verified says so
 * (never a guess). Comparison sites and intermediaries are named as such.
 */
export function LenderFactsBlock({ facts }: { facts: LenderFactsView }) {
  return (
    <section className="facts" aria-labelledby="najwazniejsze_informacje" data-lender-facts={facts.slug}>
      <h2 id="najwazniejsze_informacje">{`${facts.name} w skrócie`}</h2>
      {facts.notALender && (
        <p className="notice notice--info">
          {facts.name} nie jest pożyczkodawcą: przekazuje wnioski lub porównuje oferty innych firm. Umowę
          zawierasz z firmą, którą wskaże ten serwis.
        </p>
      )}
      <dl>
        {facts.rows.map((row) => (
          <div key={row.label} className={row.known ? 'facts__row' : 'facts__row facts__row--unknown'}>
            <dt>{row.label}</dt>
            <dd>
              {row.value}
              {row.source && ' '}
              <FactSourceLine row={row} />
            </dd>
          </div>
        ))}
      </dl>
      {facts.sampleOffer && <SampleDataNotice subject="offers" />}
      <p className="facts__checked">
        {facts.sampleOffer
          ? 'Dane o ofercie pochodzą z przykładowego pliku ofert dołączonego do serwisu'
          : 'Dane o ofercie pochodzą z pliku ofert przekazanego przez partnera'}
        , dane o firmie – ze wskazanych źródeł. Aktualne warunki zawsze potwierdzaj w formularzu informacyjnym
        na stronie pożyczkodawcy przed zawarciem umowy.
      </p>
    </section>
  );
}
