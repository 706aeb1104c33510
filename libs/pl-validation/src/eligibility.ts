/**
 * The eligibility quiz: four yes/no questions about the basic conditions lenders check, and a
 * rough estimate in three bands (high, medium, low) with the reason for it. It is no probability:
 * nothing here was measured from lenders' decisions, no credit bureau is asked, and income and
 * other debts are not known, so no percentage is given. Each condition says what a 'no' does to the
 * estimate:
 * - 'low': without it no lender lends (a minor cannot borrow; the money is paid into an account);
 * - 'medium': some lenders require it, others do not (citizenship, the Polish ID card).
 * Any 'low' condition unmet, or two 'medium' ones, gives low; one 'medium' gives medium; none, high.
 */

export type EligibilityBand = 'high' | 'medium' | 'low';

export const ELIGIBILITY_ITEMS = [
  {
    key: 'over18',
    question: 'Czy masz ukończone 18 lat?',
    factor: 'pełnoletność',
    ifNo: 'low',
    whyNo: 'Pożyczki udziela się tylko osobom pełnoletnim.',
  },
  {
    key: 'citizen',
    question: 'Czy masz obywatelstwo polskie?',
    factor: 'polskie obywatelstwo',
    ifNo: 'medium',
    whyNo:
      'Część pożyczkodawców udziela pożyczek tylko obywatelom Polski; inni przyjmują cudzoziemców, którzy mieszkają w Polsce i mają numer PESEL.',
  },
  {
    key: 'validIdentity',
    question: 'Czy masz ważny dowód osobisty?',
    factor: 'ważny dowód osobisty',
    ifNo: 'medium',
    whyNo:
      'Część pożyczkodawców przyjmuje tylko polski dowód osobisty. Nasz formularz wniosku też przyjmuje tylko dowód osobisty, gdy pożyczkodawca prosi o dokument.',
  },
  {
    key: 'validBank',
    question: 'Czy masz konto w banku?',
    factor: 'konto w banku',
    ifNo: 'low',
    whyNo: 'Pożyczkodawcy wypłacają pieniądze na konto prowadzone na Twoje nazwisko.',
  },
] as const satisfies readonly {
  key: string;
  question: string;
  factor: string;
  ifNo: Exclude<EligibilityBand, 'high'>;
  whyNo: string;
}[];

export type EligibilityKey = (typeof ELIGIBILITY_ITEMS)[number]['key'];
export type EligibilityAnswers = Record<EligibilityKey, boolean>;

export interface EligibilityResult {
  band: EligibilityBand;
  /** The conditions in quiz order: met or not, and the band an unmet one caps the estimate at. */
  items: { key: EligibilityKey; satisfied: boolean; ifNo: Exclude<EligibilityBand, 'high'> }[];
}

/** How the result names each band ('Szacunek: wysokie szanse'). */
export const ELIGIBILITY_BAND_LABELS: Readonly<Record<EligibilityBand, string>> = {
  high: 'wysokie szanse',
  medium: 'średnie szanse',
  low: 'niskie szanse',
};

/**
 * What the estimate is based on and what it is not, shown with every result: the factors used,
 * that no credit bureau was asked, and that the lender decides.
 */
export const ELIGIBILITY_BASIS = `To szacunek, a nie prawdopodobieństwo ani decyzja. Opieramy go tylko na Twoich odpowiedziach na cztery pytania: ${ELIGIBILITY_ITEMS.map((item) => item.factor).join(', ')}. Nie sprawdzaliśmy Cię w BIK ani w żadnym innym biurze informacji kredytowej lub gospodarczej i nie znamy Twoich dochodów ani innych zobowiązań. O przyznaniu pożyczki decyduje pożyczkodawca po ocenie Twojej zdolności kredytowej.`;

/** The band for the answers and each condition in quiz order. */
export function evaluateEligibility(answers: EligibilityAnswers): EligibilityResult {
  const items = ELIGIBILITY_ITEMS.map(({ key, ifNo }) => ({ key, satisfied: answers[key] === true, ifNo }));
  const unmet = items.filter((item) => !item.satisfied);
  const band: EligibilityBand =
    unmet.some((item) => item.ifNo === 'low') || unmet.length >= 2
      ? 'low'
      : unmet.length === 1
        ? 'medium'
        : 'high';
  return { band, items };
}

/** Why the answers give their band, in one or two sentences. */
export function eligibilityReason(result: EligibilityResult): string {
  const unmet = ELIGIBILITY_ITEMS.filter((item) => !result.items.find((i) => i.key === item.key)?.satisfied);
  if (unmet.length === 0)
    return 'Spełniasz wszystkie cztery podstawowe warunki, o które pytamy. Pożyczkodawca sprawdzi jednak także Twoje dochody, zobowiązania i historię kredytową.';
  const hard = unmet.filter((item) => item.ifNo === 'low');
  const shown = hard.length > 0 ? hard : unmet;
  return shown.map((item) => item.whyNo).join(' ');
}
