import { defineRoute } from '../../app/route-types';
import { HOME_CRUMB, pageHead } from '../../app/routes/head';
import { type CalculatorValues, valuesFromQuery } from './calculator.view-model';
import { type LoanCalculatorData } from './loan-calculator-data';

/**
 * The loan calculator: '/kalkulator-kredytowy/', and the same page for a shared result
 * ('?kwota=10000&oprocentowanie=12&okres=12'). No service is asked: the figures come from
 * @lib/finance, so the page works while every backend is down.
 */
export const loanCalculatorRoute = defineRoute({
  name: 'loan-calculator',
  page: 'loan-calculator',
  pattern: '/kalkulator-kredytowy/',
  layout: 'default',
  params: (_raw, query): CalculatorValues => valuesFromQuery(query),
  load: (ctx): Promise<LoanCalculatorData> => Promise.resolve({ values: ctx.params }),
  head: (_data, ctx) =>
    pageHead(ctx, {
      title: 'Kalkulator kredytowy – rata, odsetki, RRSO i harmonogram spłaty',
      description:
        'Policz ratę kredytu lub pożyczki: raty równe albo malejące, odsetki, całkowity koszt, RRSO z prowizją i pełny harmonogram spłat. Sprawdzamy też limity odsetek maksymalnych i kosztów pozaodsetkowych.',
      breadcrumbs: [HOME_CRUMB, { text: 'Kalkulator kredytowy', link: '' }],
    }),
  // The calculator is code: it changes with a build.
  sitemap: { lastmod: 'build' },
});
