import {
  CONSUMER_CREDIT_ACT_MAX_GROSZE,
  type LoanCalculatorField,
  LOAN_CALCULATOR_LIMITS as LIMITS,
} from '@lib/finance';
import { ChoiceField, FormField } from '../../app/components/form-field';
import { Breadcrumbs } from '../../app/components/page-extras';
import { useRenderContext } from '../../app/render-context';
import { islandMarker } from '../../app/island-marker';
import { formatMoneyWhole, formatPercent, formatZloty } from '../../shared/format';
import {
  CALCULATOR_PATH,
  CALCULATOR_QUERY,
  type CalculatorView,
  calculatorView,
  capClass,
  dayLoanExampleView,
  KIND_CHOICES,
  TYPE_CHOICES,
} from './calculator.view-model';
import { type LoanCalculatorData } from './loan-calculator-data';

const fieldId = (field: LoanCalculatorField) => `kalkulator-${CALCULATOR_QUERY[field]}`;
function TextField(props: {
  view: CalculatorView;
  field: LoanCalculatorField;
  label: string;
  hint: string;
  inputMode: 'decimal' | 'numeric';
  suffix: string;
}) {
  const { view, field } = props;
  return (
    <FormField
      id={fieldId(field)}
      name={field}
      className="loan-calc__field"
      label={props.label}
      hint={props.hint}
      error={view.errors[field]}
      live
    >
      {(control) => (
        <div className="loan-calc__input">
          <input
            {...control}
            name={CALCULATOR_QUERY[field]}
            type="text"
            inputMode={props.inputMode}
            autoComplete="off"
            maxLength={LIMITS.maxFieldLength}
            defaultValue={view.values[field]}
            data-field={field}
          />
          <span aria-hidden="true">{props.suffix}</span>
        </div>
      )}
    </FormField>
  );
}

function Choice(props: {
  view: CalculatorView;
  field: 'kind' | 'type';
  legend: string;
  choices: readonly { value: string; label: string }[];
}) {
  const { view, field } = props;
  return (
    <ChoiceField
      id={fieldId(field)}
      name={field}
      className="loan-calc__choice"
      legend={props.legend}
      error={view.errors[field]}
      live
    >
      {props.choices.map((choice) => (
        <label key={choice.value}>
          <input
            type="radio"
            name={CALCULATOR_QUERY[field]}
            value={choice.value}
            defaultChecked={view.values[field] === choice.value}
            data-field={field}
          />{' '}
          {choice.label}
        </label>
      ))}
    </ChoiceField>
  );
}

const dash = '–';

/** The loan calculator: a GET form, its result for the address's values, the caps check and the schedule. */
export default function LoanCalculatorPage({ data }: { data: LoanCalculatorData }) {
  const { locale, today } = useRenderContext();
  const view = calculatorView(locale, today, data.values);
  const result = view.result;
  const dayLoan = dayLoanExampleView(locale, today);
  return (
    <div className="container loan-calc">
      <Breadcrumbs
        items={[
          { text: 'Strona główna', link: '/' },
          { text: 'Kalkulator kredytowy', link: '' },
        ]}
      />
      <h1>Kalkulator kredytowy</h1>
      <p className="article__lead">
        Wpisz kwotę, oprocentowanie i liczbę miesięcy, a policzymy ratę, odsetki, całkowity koszt i RRSO oraz
        pokażemy harmonogram spłaty miesiąc po miesiącu. Obok wyniku sprawdzamy, czy oprocentowanie i prowizja
        mieszczą się w limitach, które wyznacza polskie prawo.
      </p>
      <div className="loan-calc__grid">
        <form
          className="loan-calc__form"
          action={CALCULATOR_PATH}
          method="get"
          noValidate
          aria-label="Dane kredytu"
          {...islandMarker('loan-calculator')}
        >
          <TextField
            view={view}
            field="amount"
            label="Kwota kredytu"
            suffix="zł"
            inputMode="decimal"
            hint={`Od ${formatZloty(locale, LIMITS.amount.minZl)} do ${formatZloty(locale, LIMITS.amount.maxZl)}, z groszami po przecinku.`}
          />
          <TextField
            view={view}
            field="rate"
            label="Oprocentowanie nominalne"
            suffix="% rocznie"
            inputMode="decimal"
            hint={`Od ${formatPercent(LIMITS.rate.minPercent)} do ${formatPercent(LIMITS.rate.maxPercent)} w skali roku.`}
          />
          <TextField
            view={view}
            field="months"
            label="Okres spłaty"
            suffix="mies."
            inputMode="numeric"
            hint={`Od ${LIMITS.months.min} do ${LIMITS.months.max} miesięcy.`}
          />
          <TextField
            view={view}
            field="commission"
            label="Prowizja (opcjonalnie)"
            suffix="zł"
            inputMode="decimal"
            hint="Płatna przy wypłacie kredytu; zostaw puste, jeśli jej nie ma."
          />
          <Choice view={view} field="kind" legend="Rodzaj rat" choices={KIND_CHOICES} />
          <Choice view={view} field="type" legend="Rodzaj kredytu" choices={TYPE_CHOICES} />
          <button type="submit" className="button button--large">
            Oblicz
          </button>
        </form>

        <section className="loan-calc__result" aria-labelledby="kalkulator-wynik" aria-live="polite">
          <h2 id="kalkulator-wynik">Wynik</h2>
          <p className="loan-calc__empty" data-result-empty="" hidden={result !== null}>
            Popraw zaznaczone pola, aby zobaczyć wynik.
          </p>
          <div data-result-body="" hidden={result === null}>
            <dl className="loan-calc__summary">
              <div className="loan-calc__main">
                <dt data-result="paymentLabel">{result?.paymentLabel ?? 'Rata miesięczna'}</dt>
                <dd data-result="payment">{result?.payment ?? dash}</dd>
              </div>
              <div>
                <dt>Kwota kredytu</dt>
                <dd data-result="amount">{result?.amount ?? dash}</dd>
              </div>
              <div>
                <dt>Odsetki razem</dt>
                <dd data-result="interest">{result?.interest ?? dash}</dd>
              </div>
              <div>
                <dt>Prowizja</dt>
                <dd data-result="commission">{result?.commission ?? dash}</dd>
              </div>
              <div>
                <dt>Całkowity koszt</dt>
                <dd data-result="cost">{result?.cost ?? dash}</dd>
              </div>
              <div>
                <dt>Do spłaty razem</dt>
                <dd data-result="total">{result?.total ?? dash}</dd>
              </div>
              <div>
                <dt>
                  <abbr title="Rzeczywista roczna stopa oprocentowania">RRSO</abbr>
                </dt>
                <dd data-result="rrso">{result?.rrso ?? dash}</dd>
              </div>
            </dl>
            <div className="loan-calc__caps">
              <h3>Limity prawne</h3>
              <ul>
                {[0, 1].map((index) => {
                  const cap = result?.caps[index];
                  return (
                    <li
                      key={index}
                      className={capClass(cap)}
                      data-cap-applies={cap && !cap.applies ? 'false' : 'true'}
                      data-cap={index}
                      data-cap-ok={cap?.ok ? 'true' : 'false'}
                    >
                      {cap?.text ?? ''}
                    </li>
                  );
                })}
              </ul>
              <p className="form-field__hint" data-result="capsSource">
                {result?.capsSource ?? ''}
              </p>
            </div>
            <p>
              <a href={`${CALCULATOR_PATH}${view.shareQuery}`} data-share="">
                Link do tego wyliczenia
              </a>
            </p>
          </div>
        </section>
      </div>

      <section className="loan-calc__schedule" aria-labelledby="kalkulator-harmonogram">
        <h2 id="kalkulator-harmonogram">Harmonogram spłaty</h2>
        <div className="loan-calc__table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Miesiąc</th>
                <th scope="col">Rata</th>
                <th scope="col">Odsetki</th>
                <th scope="col">Kapitał</th>
                <th scope="col">Pozostało do spłaty</th>
              </tr>
            </thead>
            <tbody data-schedule="">
              {(result?.rows ?? []).map((row) => (
                <tr key={row[0]}>
                  <th scope="row">{row[0]}</th>
                  <td>{row[1]}</td>
                  <td>{row[2]}</td>
                  <td>{row[3]}</td>
                  <td>{row[4]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="article__body loan-calc__explain">
        <h2>Jak liczymy ratę</h2>
        <p>
          Przy ratach równych (annuitetowych) co miesiąc płacisz tyle samo. Ratę wyznaczamy ze wzoru R = K × r
          / (1 − (1 + r)<sup>−n</sup>), gdzie K to kwota kredytu, n liczba rat, a r oprocentowanie roczne
          podzielone przez 12. Na początku większą część raty stanowią odsetki, pod koniec – spłata kapitału.
        </p>
        <p>
          Przy ratach malejących kapitał dzielimy na równe części, a odsetki liczymy od kwoty, która pozostała
          do spłaty. Pierwsza rata jest więc najwyższa, każda kolejna niższa, a łączne odsetki są mniejsze niż
          przy ratach równych.
        </p>
        <p>
          Liczymy dokładnie co do grosza, bez przybliżeń typowych dla arkuszy: odsetki każdej raty zaokrąglamy
          do pełnego grosza, a ostatnia rata wyrównuje różnice z zaokrągleń, dzięki czemu suma spłaconego
          kapitału zawsze równa się kwocie kredytu.
        </p>
        <h2>Czym jest RRSO</h2>
        <p>
          Rzeczywista roczna stopa oprocentowania pokazuje pełny roczny koszt kredytu w procentach – razem z
          prowizją, a nie tylko odsetkami. Wyznaczamy ją według wzoru z załącznika do ustawy o kredycie
          konsumenckim (i dyrektywy 2008/48/WE): szukamy stopy, przy której zdyskontowana suma rat równa się
          kwocie, którą faktycznie otrzymujesz po potrąceniu prowizji. Dzięki temu dwie oferty z różnym
          oprocentowaniem i różną prowizją można uczciwie porównać. Czas od wypłaty do każdej spłaty liczymy w
          jednostce, w której określono kredyt, jak dopuszcza załącznik: raty miesięczne w dwunastych
          częściach roku, a jednorazową spłatę po podanej liczbie dni – w dniach, przy roku liczącym 365 dni.
        </p>
        {dayLoan && (
          <>
            <h2>Pożyczka na dni: przykład</h2>
            <p data-day-loan="">
              {`Pożyczki chwilówki często liczą odsetki za każdy dzień. Przykład: 10\u00a0000\u00a0zł na 90 dni przy oprocentowaniu 1\u00a0% dziennie to odsetki ${dayLoan.interest} i ${dayLoan.total} do spłaty jednorazowo, a RRSO wynosi ${dayLoan.rrso}. ${dayLoan.cap}`}
            </p>
          </>
        )}
        <h2>Limity kosztów kredytu</h2>
        <p>
          Odsetki maksymalne wynoszą dwukrotność sumy stopy referencyjnej NBP i 3,5 punktu procentowego w
          skali roku (art. 359 § 2¹ Kodeksu cywilnego). Pozaodsetkowe koszty kredytu konsumenckiego – prowizje
          i opłaty – nie mogą przekroczyć 10&nbsp;% kwoty kredytu powiększonych o 10&nbsp;% kwoty za każdy rok
          kredytowania, a łącznie 45&nbsp;% kwoty (art. 36a ustawy o kredycie konsumenckim). Gdy wpisane
          wartości przekraczają któryś z limitów, zaznaczamy to przy wyniku: taka umowa byłaby w tej części
          sprzeczna z prawem.
        </p>
        <p>
          Limit z art. 36a sprawdzamy tylko wtedy, gdy kredyt podlega ustawie o kredycie konsumenckim. Ustawa
          dotyczy kredytów udzielanych konsumentom w kwocie do{' '}
          {formatMoneyWhole(locale, CONSUMER_CREDIT_ACT_MAX_GROSZE)} (art. 3 ust. 1), więc nie obejmuje
          kredytu firmowego ani kredytu na wyższą kwotę; wyjątkiem jest kredyt na remont domu lub mieszkania
          bez zabezpieczenia hipoteką, który podlega jej bez względu na kwotę (art. 3 ust. 1a). Limit odsetek
          maksymalnych pochodzi z Kodeksu cywilnego, dlatego sprawdzamy go przy każdym kredycie.
        </p>
        <p className="form-field__hint">
          Wyliczenie ma charakter poglądowy. Okres kredytowania liczymy w pełnych miesiącach (miesiąc to 1/12
          roku), a prowizję traktujemy jako płatną w dniu wypłaty. Harmonogram z umowy może różnić się o kilka
          groszy, jeśli bank liczy odsetki od rzeczywistej liczby dni.
        </p>
        <p>
          Zanim złożysz wniosek, <a href="/sprawdz-szanse/">sprawdź swoje szanse na pożyczkę</a> – to cztery
          krótkie pytania.
        </p>
      </section>
    </div>
  );
}
