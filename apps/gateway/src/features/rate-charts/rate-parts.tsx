import { NBP_TABLE_C_URL } from '../../shared/rates-format-date';
import { HISTORY_RANGE_KEYS, type HistoryRangeKey, RANGE_LABELS, rangeHref } from './history-ranges';

/** Links to the same page over each history range; the range shown is marked as current. */
export function RangeNav({
  pagePath,
  current,
  anchor,
}: {
  pagePath: string;
  current: HistoryRangeKey;
  anchor: string;
}) {
  return (
    <nav className="range-nav" aria-label="Zakres wykresu">
      <ul>
        {HISTORY_RANGE_KEYS.map((key) => (
          <li key={key}>
            <a
              href={rangeHref(pagePath, key, anchor)}
              aria-current={key === current ? 'true' : undefined}
              rel="nofollow"
            >
              {RANGE_LABELS[key]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The note every rates page carries: where the figures come from. */
export function NbpNote() {
  return (
    <p className="rates-note">
      Kursy średnie oraz kursy kupna i sprzedaży prezentujemy na podstawie danych ogłaszanych przez Narodowy
      Bank Polski (NBP), a kursy banków na podstawie tabel, które banki publikują na swoich stronach; przy
      każdym kursie podajemy datę tabeli, z której pochodzi, a dane przykładowe wyraźnie oznaczamy. Serwis nie
      prowadzi wymiany walut: kurs, po którym wymienisz pieniądze w banku lub kantorze, może się różnić od
      podanego.
    </p>
  );
}

/**
 * In place of an NBP buy or sell rate the site does not have: NBP table C is not stored at all
 * (`available` false), or it is but without this currency. Either way, where NBP publishes it.
 */
export function TableCMissing({ available }: { available: boolean }) {
  return (
    <a href={NBP_TABLE_C_URL} rel="noopener nofollow" data-table-c-missing="">
      {available ? 'brak w tabeli C NBP' : 'tabela C NBP niedostępna'}
    </a>
  );
}
