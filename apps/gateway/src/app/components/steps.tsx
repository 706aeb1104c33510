/** The loan journey in three steps, shown on the home and review pages. */
export const LOAN_STEPS = [
  { title: 'Wypełnij wniosek', text: 'Wybierz kwotę i okres, a potem podaj kilka podstawowych informacji.' },
  { title: 'Porównaj oferty', text: 'Pokażemy pożyczkodawców, którzy najlepiej pasują do Twojego wniosku.' },
  { title: 'Odbierz pieniądze', text: 'Po pozytywnej decyzji pożyczkodawcy środki trafiają na Twoje konto.' },
] as const;

export function Steps() {
  return (
    <ol className="steps">
      {LOAN_STEPS.map((step) => (
        <li key={step.title}>
          <strong>{step.title}</strong>
          <span>{step.text}</span>
        </li>
      ))}
    </ol>
  );
}
