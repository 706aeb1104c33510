import { SampleDataNotice } from '../../app/components/sample-notice';
import { type Section } from '../../app/section';
import { LOAN_EXAMPLE_LABELS, LOAN_EXAMPLE_ROWS, type LoanExampleView } from './loan-example-endpoint';

/** What the example block says when there is nothing to show, by reason. */
export const LOAN_EXAMPLE_TEXTS = {
  none: 'Dla tej kwoty i tego okresu żadna oferta z podanym kosztem nie pasuje, więc nie pokazujemy przykładu.',
  unavailable: 'Przykład kosztu jest chwilowo niedostępny. Spróbuj ponownie za chwilę.',
} as const;

/**
 * The representative example of the best-ranked offer for the sliders' amount and period, named,
 * with the day its terms were taken from the lender's offer file (or the sample notice). Every
 * element the sliders' island rewrites is here from the start (hidden when empty), so the island
 * only sets texts and toggles `hidden`.
 */
export function LoanExample({ example }: { example: Section<LoanExampleView | null> }) {
  const view = example.status === 'ok' ? example.value : null;
  const value = (key: string) => view?.rows.find((row) => row.key === key)?.value ?? '';
  return (
    <section
      className="loan-example"
      aria-live="polite"
      aria-label="Przykład reprezentatywny"
      data-loan-example=""
    >
      <div data-example="body" hidden={view === null}>
        <p className="loan-example__title">
          <strong>Przykład reprezentatywny</strong> dla{' '}
          <span data-example="request">{view?.request ?? ''}</span> – oferta{' '}
          <strong data-example="lender">{view?.lender ?? ''}</strong>
          <span data-example="not-a-lender">{view?.notALenderLabel ? ` (${view.notALenderLabel})` : ''}</span>
          , <span data-example="position">{view ? `${view.position}.` : ''}</span> miejsce w naszym rankingu
        </p>
        <dl className="loan-example__rows">
          {LOAN_EXAMPLE_ROWS.map((key) => (
            <div key={key}>
              <dt>{LOAN_EXAMPLE_LABELS[key]}</dt>
              <dd data-example-row={key}>{value(key)}</dd>
            </div>
          ))}
        </dl>
        <p className="loan-example__note" data-example="note" hidden={!view?.note}>
          {view?.note ?? ''}
        </p>
        <div data-example="sample" hidden={!view?.sample}>
          <SampleDataNotice subject="offers" />
        </div>
        <p
          className="loan-example__source"
          data-example="source"
          hidden={!view || view.sample || view.asOf === ''}
        >
          Warunki z pliku ofert przekazanego przez pożyczkodawcę, stan na{' '}
          <span data-example="as-of">{view?.asOf ?? ''}</span>. Wiążące warunki poda pożyczkodawca w
          formularzu informacyjnym przed zawarciem umowy.
        </p>
      </div>
      <p
        className="loan-example__empty"
        data-example="none"
        hidden={!(example.status === 'ok' && view === null)}
      >
        {LOAN_EXAMPLE_TEXTS.none}
      </p>
      <p className="loan-example__empty" data-example="unavailable" hidden={example.status === 'ok'}>
        {LOAN_EXAMPLE_TEXTS.unavailable}
      </p>
    </section>
  );
}
