import { type OperatorView } from './operator';

/*
 * The fraud warning's words: what we never ask for, and how we do get in touch. It stands next to
 * consents to e-mail, SMS and telephone contact and a privacy policy that describes them, so it
 * never says that we do not call or write; it says from where we do (the operator's e-mail domain
 * and phone number, from configuration) and what no message of ours asks for, which is what a
 * person on the phone with an impostor needs to know. Shown in every page's footer, on the home
 * page and on every step of the application.
 */

export const FRAUD_WARNING_TITLE = 'Uwaga na oszustów';

/** What no e-mail, text message or call of ours ever asks for. */
export const NEVER_ASKED =
  'Nigdy nie prosimy o hasła do bankowości, kody z SMS-ów, dane karty płatniczej ani o wpłaty i nie ' +
  'każemy instalować aplikacji do zdalnego dostępu.';

/** The domain of the operator's contact address ('porownywarka.example'); '' when it has none. */
const domainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1);

/** How we do contact people: e-mail from our domain; calls only with the phone consent, from our number. */
export function howWeContact(operator: OperatorView | undefined): string {
  const domain = operator ? domainOf(operator.email) : '';
  const mail =
    domain === ''
      ? 'E-maile wysyłamy tylko z adresów w naszej domenie'
      : `E-maile wysyłamy tylko z adresów w domenie ${domain}`;
  const phone = operator ? ` – z numeru ${operator.phone}` : '';
  return `${mail}, a dzwonimy wyłącznie do osób, które we wniosku zgodziły się na kontakt telefoniczny${phone}.`;
}

/** What to do when someone asks for any of it in our name. */
export const IF_ASKED =
  'Jeśli ktoś podaje się za nas, za bank lub za pożyczkodawcę i prosi o którąś z tych rzeczy, przerwij ' +
  'rozmowę i niczego nie przekazuj.';

/** The whole warning as one text. */
export function fraudWarningText(operator: OperatorView | undefined): string {
  return `${NEVER_ASKED} ${howWeContact(operator)} ${IF_ASKED}`;
}
