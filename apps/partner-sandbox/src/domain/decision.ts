import { type LenderLimits } from './lender-limits';

/** Machine reasons, never shown to an applicant as they are. */
export type RejectionReason = 'amount-outside-limits' | 'age-outside-limits';

export type LenderDecision = { decision: 'accepted' } | { decision: 'rejected'; reason: RejectionReason };

/** The part of a delivery a sandbox lender decides on. */
export interface DecisionInput {
  amountGrosze: number;
  /** Absent when the lender does not ask for it. */
  age?: number;
}

const outside = (value: number, min: number, max: number) => value < min || (max > 0 && value > max);

/**
 * The sandbox lender's decision, the same every time for the same input: rejected when the amount
 * is outside its offer's limits, or when the age is given and outside them (amount first);
 * accepted otherwise. A maximum of 0 is one the feed does not state, so it bounds nothing.
 */
export function decide(limits: LenderLimits, input: DecisionInput): LenderDecision {
  if (outside(input.amountGrosze, limits.amountMinGrosze, limits.amountMaxGrosze))
    return { decision: 'rejected', reason: 'amount-outside-limits' };
  if (input.age !== undefined && outside(input.age, limits.ageMin, limits.ageMax))
    return { decision: 'rejected', reason: 'age-outside-limits' };
  return { decision: 'accepted' };
}
