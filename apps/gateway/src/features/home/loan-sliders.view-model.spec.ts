import { createPolishLocale } from '../../shared/locale';
import { loanSlidersView } from './loan-sliders.view-model';

const locale = createPolishLocale('http://localhost:3000');

describe('loanSlidersView: what the calculator shows (server render and island alike)', () => {
  it('shows the worked example for the default sliders: 2 000 zł over 3 months', () => {
    expect(loanSlidersView(locale, '2025-01-20', 2000, 3)).toEqual({
      amountZl: 2000,
      months: 3,
      amountText: '2\u00a0000\u00a0zł',
      periodText: '3 miesiące',
      periodDays: 90,
      indicators: {
        amount: '2\u00a0000,00\u00a0zł',
        total: '2\u00a0018,00\u00a0zł',
        date: '20.04.2025',
        commission: '18,00\u00a0zł',
      },
      applyQuery: '?amount=2000&period=90',
    });
  });

  it('follows the sliders, clamped to their range and steps', () => {
    const view = loanSlidersView(locale, '2025-01-20', 5000, 4);
    expect(view.indicators).toEqual({
      amount: '5\u00a0000,00\u00a0zł',
      total: '5\u00a0060,00\u00a0zł',
      date: '20.05.2025',
      commission: '60,00\u00a0zł',
    });
    expect(view.periodText).toBe('4 miesiące');
    expect(view.applyQuery).toBe('?amount=5000&period=120');
    expect(loanSlidersView(locale, '2025-01-20', 99_999, 5).amountZl).toBe(15_000);
    expect(loanSlidersView(locale, '2025-01-20', 1250, 5).periodText).toBe('5 miesięcy');
    expect(loanSlidersView(locale, '2025-01-20', Number.NaN, Number.NaN)).toMatchObject({
      amountZl: 2000,
      months: 3,
    });
  });
});
