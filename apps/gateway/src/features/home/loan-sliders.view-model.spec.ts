import { loanSliderScale } from '@lib/finance';
import { createPolishLocale } from '../../shared/locale';
import { loanSlidersView } from './loan-sliders.view-model';

const locale = createPolishLocale('http://localhost:3000');
const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');
// The bundled catalogue's range: 100–30 000 zł, 30–1825 days.
const scale = loanSliderScale({
  amountMinZl: 100,
  amountMaxZl: 30_000,
  periodMinDays: 30,
  periodMaxDays: 1_825,
});

describe('loanSlidersView: what the sliders show (server render and island alike)', () => {
  it('shows the start: 2 000 zł, the fourth period position (90 days, 3 months)', () => {
    const view = loanSlidersView(locale, scale, 2_000, 3);
    expect({ ...view, amountText: nbsp(view.amountText) }).toEqual({
      amountZl: 2_000,
      periodIndex: 3,
      periodDays: 90,
      amountText: '2 000 zł',
      periodText: '3 miesiące',
      applyQuery: '?amount=2000&period=90',
      exampleAddress: '/api/loan-example?amount=2000&period=90',
    });
  });

  it('follows the sliders to both ends of the catalogue, held to its range, steps and positions', () => {
    const top = loanSlidersView(locale, scale, 99_999, 99);
    expect([top.amountZl, nbsp(top.amountText), top.periodDays, top.periodText, top.periodIndex]).toEqual([
      30_000,
      '30 000 zł',
      1_825,
      '60 miesięcy',
      13,
    ]);
    const bottom = loanSlidersView(locale, scale, 0, -1);
    expect([bottom.amountZl, bottom.periodDays, bottom.periodText]).toEqual([100, 30, '30 dni']);
    expect(loanSlidersView(locale, scale, 1_250, 1)).toMatchObject({ amountZl: 1_300, periodText: '45 dni' });
    expect(loanSlidersView(locale, scale, Number.NaN, Number.NaN)).toMatchObject({
      amountZl: 2_000,
      periodDays: 90,
    });
  });
});
