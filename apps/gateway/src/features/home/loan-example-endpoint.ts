/**
 * The loan example's JSON address, shared by the server (home.api.ts) and the sliders' island: the
 * representative example of the top-ranked offer for an amount and period. Browser-safe.
 */
export const LOAN_EXAMPLE_PATH = '/api/loan-example';

/** `?amount=<zł>&period=<days>`: the application form's own parameter names. */
export const loanExampleAddress = (amountZl: number, periodDays: number): string =>
  `${LOAN_EXAMPLE_PATH}?amount=${amountZl}&period=${periodDays}`;

/** The rows of an example, in the order shown; each is a `data-example-row` of the page. */
export const LOAN_EXAMPLE_ROWS = [
  'rrso',
  'amount',
  'period',
  'rate',
  'interest',
  'fees',
  'cost',
  'total',
  'payments',
] as const;
export type LoanExampleRow = (typeof LOAN_EXAMPLE_ROWS)[number];

/** Each row's label: the consumer credit act's names of the figures. */
export const LOAN_EXAMPLE_LABELS: Record<LoanExampleRow, string> = {
  rrso: 'Rzeczywista roczna stopa oprocentowania (RRSO)',
  amount: 'Całkowita kwota kredytu',
  period: 'Okres kredytowania',
  rate: 'Oprocentowanie nominalne',
  interest: 'Odsetki',
  fees: 'Prowizja i inne opłaty',
  cost: 'Całkowity koszt kredytu',
  total: 'Całkowita kwota do zapłaty',
  payments: 'Spłata',
};

/** The representative example of one offer for one amount and period, as shown (and as the endpoint answers it). */
export interface LoanExampleView {
  offerId: string;
  /** The offer's name as the feed gives it. */
  lender: string;
  /** 'Porównywarka, nie pożyczkodawca' and the like; '' for a lender. */
  notALenderLabel: string;
  /** 1-based place of the offer in the ranking for this amount and period. */
  position: number;
  /** '2 000 zł na 90 dni': what the example is for. */
  request: string;
  /** The offer comes from the bundled sample feed: shown with the sample notice. */
  sample: boolean;
  /** The day its feed was fetched, 'DD.MM.YYYY'; '' when unknown. */
  asOf: string;
  rows: { key: LoanExampleRow; label: string; value: string }[];
  /** Said under the rows ('' for nothing): when the figures are a free first loan's. */
  note: string;
}

/** What the endpoint answers: the example, or null when no offer with a stated cost fits. */
export interface LoanExampleAnswer {
  example: LoanExampleView | null;
}
