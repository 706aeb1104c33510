import { FRAUD_WARNING } from './application-texts';

/** The fraud warning: the home page and every step of the application show it. */
export function FraudWarning() {
  return (
    <aside className="fraud-warning" role="note" aria-label={FRAUD_WARNING.title}>
      <strong className="fraud-warning__title">{FRAUD_WARNING.title}</strong>
      <p className="fraud-warning__text">{FRAUD_WARNING.text}</p>
    </aside>
  );
}
