import { ELIGIBILITY_BASIS } from '@lib/pl-validation/eligibility';
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

/**
 * The eligibility quiz: a GET form with four yes/no questions and, for the address's answers, an
 * estimate in words (never a percentage), its reason and what it is based on.
 */
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
        Cztery pytania o podstawowe warunki, które sprawdzają pożyczkodawcy, zajmą Ci kilkanaście sekund. Po
        odpowiedziach pokażemy szacunek – wysokie, średnie albo niskie szanse – i wyjaśnimy, skąd się wziął.
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
              <dt>Szacunek na podstawie Twoich odpowiedzi</dt>
              <dd data-result="estimate">{view.estimate}</dd>
            </div>
          </dl>
          <p data-result="reason">{view.reason}</p>
          <p className="form-field__hint" data-result-incomplete="" hidden={view.complete}>
            Nie wszystkie pytania mają odpowiedź: szacunek pokażemy, gdy odpowiesz na wszystkie cztery.
          </p>
          <p className="form-field__hint" data-result-basis="">
            {ELIGIBILITY_BASIS}
          </p>
          <div className="loan-calc__table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Warunek</th>
                  <th scope="col">Przy odpowiedzi „Nie”</th>
                  <th scope="col">Twoja odpowiedź</th>
                </tr>
              </thead>
              <tbody>
                {view.questions.map((question) => (
                  <tr key={question.key} data-item={question.key} data-met={question.met ? 'true' : 'false'}>
                    <th scope="row">{question.question}</th>
                    <td>{question.ifNo}</td>
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
          Szacunek wynika z prostej reguły, a nie z danych o decyzjach pożyczkodawców, dlatego nie podajemy go
          w procentach. Bez pełnoletności albo konta w banku szanse są niskie, bo żaden pożyczkodawca nie
          udzieli wtedy pożyczki. Brak polskiego obywatelstwa albo dowodu osobistego oznacza najwyżej średnie
          szanse, bo część pożyczkodawców tego wymaga, a część nie – gdy brakuje obu, szanse są niskie. Przy
          wszystkich odpowiedziach „Tak” szanse są wysokie, ale tylko w tym sensie, że spełniasz podstawowe
          warunki.
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
