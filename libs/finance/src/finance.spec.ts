import {
  loanSliderScale,
  simpleInterestGrosze,
  sliderAmountZl,
  sliderPeriodDays,
  sliderPeriodIndex,
} from './loan-example';
import { parsePolishDecimal, perUnit, trimDecimal } from './decimal';

describe('loan sliders: a range laid out as positions', () => {
  // The bundled catalogue's range: 100–30 000 zł, 30–1825 days.
  const wide = loanSliderScale({
    amountMinZl: 100,
    amountMaxZl: 30_000,
    periodMinDays: 30,
    periodMaxDays: 1_825,
  });

  it('reaches both ends of the amounts in the largest step that lands on them', () => {
    expect(wide.amount).toEqual({ minZl: 100, maxZl: 30_000, stepZl: 100 });
    // 4 850 zł between 150 and 5 000 is no multiple of 100, but of 50.
    expect(
      loanSliderScale({ amountMinZl: 150, amountMaxZl: 5_000, periodMinDays: 61, periodMaxDays: 90 }).amount,
    ).toEqual({ minZl: 150, maxZl: 5_000, stepZl: 50 });
    expect(
      loanSliderScale({ amountMinZl: 101, amountMaxZl: 30_000, periodMinDays: 1, periodMaxDays: 1 }).amount
        .stepZl,
    ).toBe(1);
  });

  it('stops the period at both ends and the usual terms between, none next to an end that reads the same', () => {
    expect(wide.periodStops).toEqual([30, 45, 61, 90, 120, 150, 180, 270, 360, 540, 720, 1080, 1440, 1825]);
    expect(
      loanSliderScale({ amountMinZl: 100, amountMaxZl: 5_000, periodMinDays: 61, periodMaxDays: 90 })
        .periodStops,
    ).toEqual([61, 90]);
    expect(
      loanSliderScale({ amountMinZl: 100, amountMaxZl: 5_000, periodMinDays: 61, periodMaxDays: 61 })
        .periodStops,
    ).toEqual([61]);
    expect(
      loanSliderScale({ amountMinZl: 100, amountMaxZl: 5_000, periodMinDays: 58, periodMaxDays: 365 })
        .periodStops,
    ).toEqual([58, 90, 120, 150, 180, 270, 365]);
  });

  it('holds an amount inside the range and on a step; a non-number is the start (2 000 zł)', () => {
    expect(sliderAmountZl(wide, 2_049)).toBe(2_000);
    expect(sliderAmountZl(wide, 2_050)).toBe(2_100);
    expect(sliderAmountZl(wide, 50)).toBe(100);
    expect(sliderAmountZl(wide, 99_999)).toBe(30_000);
    expect(sliderAmountZl(wide, Number.NaN)).toBe(2_000);
    const odd = loanSliderScale({
      amountMinZl: 150,
      amountMaxZl: 5_000,
      periodMinDays: 61,
      periodMaxDays: 90,
    });
    expect(sliderAmountZl(odd, 2_010)).toBe(2_000);
    expect(sliderAmountZl(odd, 2_030)).toBe(2_050);
  });

  it('reads a period as its nearest position and a position as its days; a non-number is the start (90 days)', () => {
    expect(sliderPeriodIndex(wide, 90)).toBe(3);
    expect(sliderPeriodIndex(wide, 100)).toBe(3);
    expect(sliderPeriodIndex(wide, 105)).toBe(3);
    expect(sliderPeriodIndex(wide, 106)).toBe(4);
    expect(sliderPeriodIndex(wide, 5_000)).toBe(13);
    expect(sliderPeriodIndex(wide, Number.NaN)).toBe(3);
    expect(sliderPeriodDays(wide, 13)).toBe(1_825);
    expect(sliderPeriodDays(wide, 99)).toBe(1_825);
    expect(sliderPeriodDays(wide, -5)).toBe(30);
    expect(sliderPeriodDays(wide, 2.6)).toBe(90);
    expect(sliderPeriodDays(wide, Number.NaN)).toBe(90);
  });
});

describe('simple interest (offers repaid at once)', () => {
  it('is actual/365 on the amount, in whole grosze', () => {
    // 2 000 zł at 3.65 % for 90 days: 200 000 × 0.0365 × 90 / 365 = 1 800 gr.
    expect(simpleInterestGrosze(200_000, 365, 90)).toBe(1_800);
  });

  it('rounds half a grosz up, exactly (no binary-float drift)', () => {
    // 1 zł at 365 bp for 50 days = 0.5 gr exactly; floats would give 0.49999… for some inputs.
    expect(simpleInterestGrosze(100, 365, 50)).toBe(1);
    expect(simpleInterestGrosze(100, 365, 49)).toBe(0);
    expect(simpleInterestGrosze(123_457, 999, 37)).toBe(1_250);
  });
});

describe('decimal helpers', () => {
  it.each([
    ['4,1219', '4.1219'],
    ['0,0980', '0.098'],
    ['12', '12'],
    [' 3,50 ', '3.5'],
    ['', undefined],
    ['1,2,3', undefined],
    ['-1,0', undefined],
    ['1e3', undefined],
  ])('parsePolishDecimal(%p) = %p', (input, expected) => {
    expect(parsePolishDecimal(input)).toBe(expected);
  });

  it('divides quotes per 100 or 10 000 units exactly', () => {
    expect(perUnit('1.0368', 100)).toBe('0.010368');
    expect(perUnit('2.5453', 10_000)).toBe('0.00025453');
    expect(perUnit('123', 10)).toBe('12.3');
    expect(perUnit('5', 1)).toBe('5');
    expect(() => perUnit('5', 0)).toThrow('unit multiplier');
  });

  it('drops trailing zeros without switching to exponent notation', () => {
    expect(trimDecimal('4.1219000000')).toBe('4.1219');
    expect(trimDecimal('10.000')).toBe('10');
    expect(trimDecimal('0.0000001')).toBe('0.0000001');
  });
});
