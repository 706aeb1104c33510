import { ChoiceField } from '../../app/components/form-field';
import { Breadcrumbs } from '../../app/components/page-extras';
import { islandMarker } from '../../app/island-marker';
import { type EligibilityData } from './eligibility-data';
import {
  ANSWER_CHOICES,
  ELIGIBILITY_PATH,
  eligibilityView,
  type QuestionView,
} from './eligibility.view-model';

const fieldId = (question: QuestionView) => `szanse-${question.name}`;

/** One question: a fieldset of two radio buttons and the hint line (always there, empty when fine). */
function Question({ question }: { question: QuestionView }) {
  return (
    <ChoiceField
      id={fieldId(question)}
      name={question.key}
      className="loan-calc__choice"
      legend={question.question}
      error={question.hint === '' ? undefined : question.hint}
      live
      fieldset={{ 'data-question': question.key }}
    >
      {ANSWER_CHOICES.map((choice) => (
        <label key={choice.value}>
          <input
            type="radio"
            name={question.name}
            value={choice.value}
            defaultChecked={question.answer === choice.value}
            data-field={question.key}
          />{' '}
          {choice.label}
        </label>
      ))}
    </ChoiceField>
  );
}

/** The eligibility quiz: a GET form with four yes/no questions and the result for the address's answers. */
export default function EligibilityPage({ data }: { data: EligibilityData }) {
  const view = eligibilityView(data.values);
  return (
    <div className="container loan-calc eligibility">
      <Breadcrumbs
        items={[
          { text: 'Strona główna', link: '/' },
          { text: 'Sprawdź szanse', link: '' },
        ]}
      />
      <h1>Sprawdź swoje szanse na pożyczkę</h1>
      <p className="article__lead">
        Cztery pytania zajmą Ci kilkanaście sekund. Każda odpowiedź „Tak” dodaje do wyniku wagę danego
        warunku, a obok wyniku widzisz, które warunki spełniasz i ile każdy z nich znaczy.
      </p>
      <div className="loan-calc__grid">
        <form
          className="loan-calc__form"
          action={ELIGIBILITY_PATH}
          method="get"
          noValidate
          aria-label="Pytania o szanse na pożyczkę"
          {...islandMarker('eligibility-quiz')}
        >
          {view.questions.map((question) => (
            <Question key={question.key} question={question} />
          ))}
          <button type="submit" className="button button--large">
            Sprawdź
          </button>
        </form>

        <section className="loan-calc__result" aria-labelledby="szanse-wynik" aria-live="polite">
          <h2 id="szanse-wynik">Wynik</h2>
          <dl className="loan-calc__summary">
            <div className="loan-calc__main">
              <dt>Wynik: suma wag spełnionych warunków</dt>
              <dd data-result="chance">{view.chance}</dd>
            </div>
          </dl>
          <p className="form-field__hint" data-result-incomplete="" hidden={view.complete}>
            Nie wszystkie pytania mają odpowiedź: pytanie bez odpowiedzi nie dodaje nic do wyniku.
          </p>
          <div className="loan-calc__table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Warunek</th>
                  <th scope="col">Waga</th>
                  <th scope="col">Czy się liczy</th>
                </tr>
              </thead>
              <tbody>
                {view.questions.map((question) => (
                  <tr
                    key={question.key}
                    data-item={question.key}
                    data-counted={question.counted ? 'true' : 'false'}
                  >
                    <th scope="row">{question.question}</th>
                    <td>{question.weight}</td>
                    <td data-item-status={question.key}>{question.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <a href={`${ELIGIBILITY_PATH}${view.shareQuery}`} data-share="">
              Link do tego wyniku
            </a>
          </p>
          <p>
            <a className="button button--large" href="/application/">
              Złóż wniosek o pożyczkę
            </a>
          </p>
        </section>
      </div>

      <section className="article__body loan-calc__explain">
        <h2>Co oznacza ten wynik</h2>
        <p>
          Wynik to suma wag warunków, przy których zaznaczono „Tak”: pełnoletność 20%, polskie obywatelstwo
          35%, ważny dowód osobisty 15% i konto w banku 28%. Pytamy o podstawowe warunki, które pożyczkodawcy
          sprawdzają we wniosku, a wagi ustaliliśmy sami – nie wyliczyliśmy ich z decyzji pożyczkodawców.
          Wynik nie jest więc prawdopodobieństwem przyznania pożyczki, a nawet przy wszystkich odpowiedziach
          „Tak” nie sięga 100%.
        </p>
        <p>
          To tylko orientacyjna wskazówka, a nie decyzja pożyczkodawcy ani obietnica przyznania pożyczki. O
          udzieleniu pożyczki decyduje pożyczkodawca po własnej ocenie zdolności kredytowej – sprawdza między
          innymi dochody, historię w bazach kredytowych i wysokość innych zobowiązań. Twoje odpowiedzi nie są
          nigdzie zapisywane ani wysyłane.
        </p>
      </section>
    </div>
  );
}
