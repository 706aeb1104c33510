/**
 * The loan journey in three steps, shown on the home and review pages; the same journey as
 * /jak-to-dziala/ and the fraud warning describe: one form here, passed with consent to the
 * lenders, each of which decides and concludes the agreement itself.
 */
export const LOAN_STEPS = [
  {
    title: 'Wypełnij wniosek',
    text: 'Wybierz kwotę i okres, podaj dane kontaktowe i zaznacz zgody – jeden formularz na naszej stronie.',
  },
  {
    title: 'Przekażemy go pożyczkodawcom',
    text: 'Za Twoją zgodą wyślemy wniosek pożyczkodawcom, którzy pasują do Twojej kwoty, i pokażemy dopasowane oferty.',
  },
  {
    title: 'Decyzja i umowa u pożyczkodawcy',
    text: 'Każdy pożyczkodawca sam ocenia wniosek, podejmuje decyzję i zawiera z Tobą umowę.',
  },
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
