import { fraudWarningText } from '../../app/operator';
import { useRenderContext } from '../../app/render-context';
import { FRAUD_WARNING } from './application-texts';

/** The fraud warning: the home page and every step of the application show it. */
export function FraudWarning() {
  const { navigation } = useRenderContext();
  return (
    <aside className="fraud-warning" role="note" aria-label={FRAUD_WARNING.title}>
      <strong className="fraud-warning__title">{FRAUD_WARNING.title}</strong>
      <p className="fraud-warning__text">{fraudWarningText(navigation.operator)}</p>
      <p className="fraud-warning__text">{FRAUD_WARNING.journey}</p>
    </aside>
  );
}
