import { type OperatorView, registerEntryText } from './operator';

/*
 * The credit intermediary's disclosure. The consumer credit act (art. 7) asks an intermediary to
 * say, wherever it addresses consumers, how far its authority goes (one lender or several; whether
 * it may conclude agreements) and how it is paid; the register entry shows it may act as one. The
 * site says it in two lengths from the sentences below, so they never differ:
 * - short, in the footer of every page, linking to the long one (INTERMEDIARY_DETAILS_PATH);
 * - long, where a page or document writes {{operator:intermediary}} in a paragraph of its own
 *   (/o-nas/ and the terms), followed there by {{partnerzy.lista}}, the lenders we work with.
 */

/** Where the long form stands: the section of /o-nas/ that carries the marker. */
export const INTERMEDIARY_DETAILS_PATH = '/o-nas/#posrednictwo-kredytowe';

/** The long form: the register, the scope of authority and the pay, each a titled paragraph. */
export function intermediaryParagraphs(operator: OperatorView): { title: string; text: string }[] {
  return [
    {
      title: 'Wpis do rejestru',
      text:
        `Operator serwisu, ${operator.name}, jest pośrednikiem kredytowym wpisanym do rejestru ` +
        `pośredników kredytowych prowadzonego przez Komisję Nadzoru Finansowego pod numerem ` +
        `${registerEntryText(operator)}.`,
    },
    {
      title: 'Zakres umocowania',
      text:
        'Współpracujemy z kilkoma pożyczkodawcami jednocześnie; firmy, z którymi współpracujemy, ' +
        'wymieniamy poniżej. Pokazujemy oferty pożyczkodawców, przyjmujemy wniosek w formularzu na ' +
        'naszej stronie i przekazujemy go tym pożyczkodawcom, na których przekazanie się zgodzisz. ' +
        'Nie mamy umocowania do zawierania umów pożyczki ani kredytu w imieniu pożyczkodawców, nie ' +
        'udzielamy pożyczek, nie podejmujemy decyzji kredytowych i nie przyjmujemy od Ciebie żadnych ' +
        'pieniędzy. Każdy pożyczkodawca sam ocenia wniosek, sam podejmuje decyzję i sam zawiera z Tobą ' +
        'umowę.',
    },
    {
      title: 'Wynagrodzenie',
      text:
        'Za korzystanie z serwisu nic nie płacisz. Wynagrodzenie, czyli prowizję, płaci nam ' +
        'pożyczkodawca – za przekazany wniosek albo za zawartą umowę, na zasadach uzgodnionych z każdym ' +
        'pożyczkodawcą osobno. Koszt pożyczki ustala pożyczkodawca i podaje go w formularzu ' +
        'informacyjnym przed zawarciem umowy.',
    },
  ];
}

/** The short form's sentences (the footer adds the link to the long form after them). */
export function intermediaryFooterText(operator: OperatorView): string {
  return (
    `Jesteśmy pośrednikiem kredytowym (rejestr pośredników kredytowych KNF, wpis nr ` +
    `${registerEntryText(operator)}) i współpracujemy z kilkoma pożyczkodawcami. Nie udzielamy ` +
    'pożyczek, nie zawieramy umów w imieniu pożyczkodawców i nie przyjmujemy od Ciebie pieniędzy. ' +
    'Serwis jest dla Ciebie bezpłatny – prowizję płaci nam pożyczkodawca. Nie odpowiadamy za treści ' +
    'stron zewnętrznych.'
  );
}

/** The footer's words when no operator is configured for the render (never on a served page). */
export const INTERMEDIARY_FOOTER_GENERIC =
  'Jesteśmy pośrednikiem kredytowym i współpracujemy z kilkoma pożyczkodawcami. Nie udzielamy pożyczek, ' +
  'nie zawieramy umów w imieniu pożyczkodawców i nie przyjmujemy od Ciebie pieniędzy. Serwis jest dla ' +
  'Ciebie bezpłatny – prowizję płaci nam pożyczkodawca.';

/** The link after the short form. */
export const INTERMEDIARY_DETAILS_LINK = 'Zakres pośrednictwa i lista partnerów';
