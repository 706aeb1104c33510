import { typesetText } from '@lib/pl-format';
import {
  INTERMEDIARY_DETAILS_LINK,
  INTERMEDIARY_DETAILS_PATH,
  INTERMEDIARY_FOOTER_GENERIC,
  intermediaryFooterText,
} from './intermediary';
import { OPERATOR_EXAMPLE_NOTICE, type OperatorView, formatNip, operatorFacts } from './operator';

/** The operator's identity as a definition list, with the example notice for the example company. */
export function OperatorIdentity({ operator, className }: { operator: OperatorView; className?: string }) {
  return (
    <div
      className={className ? `operator-identity ${className}` : 'operator-identity'}
      data-operator="identity"
    >
      {operator.example && <OperatorExampleNotice />}
      <dl>
        {operatorFacts(operator).map(({ label, value, href }) => (
          <div key={label} className="operator-identity__row">
            <dt>{label}</dt>
            <dd>{href === undefined ? value : <a href={href}>{value}</a>}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function OperatorExampleNotice() {
  return (
    <p className="operator-identity__example" role="note">
      {OPERATOR_EXAMPLE_NOTICE}
    </p>
  );
}

/**
 * The footer's short form of the credit intermediary's disclosure (register entry, scope of
 * authority, how we are paid), linking to the long form; on every page.
 */
export function IntermediaryFooterNote({ operator }: { operator: OperatorView | undefined }) {
  return (
    <p className="site-footer__note" data-operator="intermediary">
      {operator ? intermediaryFooterText(operator) : INTERMEDIARY_FOOTER_GENERIC}{' '}
      <a href={INTERMEDIARY_DETAILS_PATH}>{INTERMEDIARY_DETAILS_LINK}</a>.
    </p>
  );
}

/** The footer's short form: who runs the site, its registers and how to reach it, on every page. */
export function OperatorFooterNote({ operator }: { operator: OperatorView }) {
  const registers = [
    operator.krs === null
      ? null
      : `KRS ${operator.krs}${operator.registryCourt === null ? '' : ` (${operator.registryCourt})`}`,
    `NIP ${formatNip(operator.nip)}`,
    `REGON ${operator.regon}`,
    // Configured as typed ('5 000 zł'): typeset so the amount keeps together like every other one.
    operator.shareCapital === null ? null : `kapitał zakładowy ${typesetText(operator.shareCapital)}`,
  ].filter((item): item is string => item !== null);
  // Whole sentences as single strings: the text reads (and is searched) the same in the HTML.
  const who = `Serwis prowadzi ${operator.name}, ${operator.address}; ${registers.join(', ')}.`;
  return (
    <div className="site-footer__operator" data-operator="footer">
      <p className="site-footer__note">
        {who} {'Kontakt: '}
        <a href={`mailto:${operator.email}`}>{operator.email}</a>
        {`, tel. ${operator.phone}; ochrona danych: `}
        <a href={`mailto:${operator.dpoEmail}`}>{operator.dpoEmail}</a>
        {'. Więcej na stronie '}
        <a href="/kontakt/">Kontakt</a>.
      </p>
      {operator.example && <OperatorExampleNotice />}
    </div>
  );
}
