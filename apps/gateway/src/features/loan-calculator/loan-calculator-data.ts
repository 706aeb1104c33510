import { type CalculatorValues } from './calculator.view-model';

/** The calculator page's data: the form's values from the address; the page computes the rest. */
export interface LoanCalculatorData {
  values: CalculatorValues;
}
