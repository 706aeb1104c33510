import { LOAN_REQUEST_LIMITS } from '@lib/pl-validation';
import { z } from 'zod';
import { type SliderStart } from './home-data';

/** `amount` and `period` of GET /api/loan-example: whole złoty and days inside the requests' sanity bounds. */
const whole = (digits: number, min: number, max: number, unit: string) =>
  z
    .string()
    .regex(new RegExp(`^\\d{1,${digits}}$`), `must be whole ${unit}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const loanExampleQuerySchema = z.object({
  amount: whole(6, LOAN_REQUEST_LIMITS.amount.minZl, LOAN_REQUEST_LIMITS.amount.maxZl, 'złoty'),
  period: whole(4, LOAN_REQUEST_LIMITS.periodDays.min, LOAN_REQUEST_LIMITS.periodDays.max, 'days'),
});

export type LoanExampleQuery =
  { ok: true; request: SliderStart } | { ok: false; fields: Record<string, string> };

/** The example's query, read once: the request, or a message per bad parameter. Other parameters are ignored. */
export function readLoanExampleQuery(query: URLSearchParams): LoanExampleQuery {
  const result = loanExampleQuerySchema.safeParse({
    amount: query.get('amount') ?? '',
    period: query.get('period') ?? '',
  });
  if (result.success)
    return { ok: true, request: { amountZl: result.data.amount, periodDays: result.data.period } };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[String(issue.path[0])] ??= issue.message;
  return { ok: false, fields };
}
