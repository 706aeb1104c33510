/**
 * The eligibility quiz: four yes/no questions, each with
 * a weight in percent; the chance shown is the sum of the weights answered 'yes' (at most 98%).
 */

export const ELIGIBILITY_ITEMS = [
  { key: 'over18', weightPercent: 20, question: 'Czy masz ukończone 18 lat?' },
  { key: 'citizen', weightPercent: 35, question: 'Czy masz obywatelstwo polskie?' },
  { key: 'validIdentity', weightPercent: 15, question: 'Czy masz ważny dowód osobisty?' },
  { key: 'validBank', weightPercent: 28, question: 'Czy masz konto w banku?' },
] as const;

export type EligibilityKey = (typeof ELIGIBILITY_ITEMS)[number]['key'];
export type EligibilityAnswers = Record<EligibilityKey, boolean>;

export interface EligibilityResult {
  chancePercent: number;
  items: { key: EligibilityKey; weightPercent: number; satisfied: boolean }[];
}

/** The chance and the scored items in quiz order. */
export function evaluateEligibility(answers: EligibilityAnswers): EligibilityResult {
  const items = ELIGIBILITY_ITEMS.map(({ key, weightPercent }) => ({
    key,
    weightPercent,
    satisfied: answers[key] === true,
  }));
  return {
    chancePercent: items.reduce((sum, item) => sum + (item.satisfied ? item.weightPercent : 0), 0),
    items,
  };
}
