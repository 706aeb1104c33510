import { type EligibilityValues } from './eligibility.view-model';

/** The quiz page's data: the answers from the address; the page computes the rest. */
export interface EligibilityData {
  values: EligibilityValues;
}
