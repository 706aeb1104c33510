import { clampAmountZl, clampPeriodMonths, loanExample, simpleInterestGrosze } from './loan-example';
import { parsePolishDecimal, perUnit, trimDecimal } from './decimal';

describe('loan example (the home page indicators)', () => {
  it('reproduces the worked example: 2 000 zł over 3 months → 2 018 zł, commission 18 zł', () => {
    expect(loanExample(2_000, 3, '2025-01-20')).toEqual({
      amountGrosze: 200_000,
      periodMonths: 3,
      periodDays: 90,
      commissionGrosze: 1_800,
      totalGrosze: 201_800,
      repaymentDate: '2025-04-20',
    });
  });

  it('scales the same rate to other choices, in whole grosze', () => {
    expect(loanExample(15_000, 12, '2025-01-01')).toMatchObject({
      commissionGrosze: 54_000,
      totalGrosze: 1_554_000,
    });
    expect(loanExample(100, 3, '2025-01-01')).toMatchObject({ commissionGrosze: 90, totalGrosze: 10_090 });
  });

  it('rounds half a grosz up, exactly (no binary-float drift)', () => {
    // 1 zł at 365 bp for 50 days = 0.5 gr exactly; floats would give 0.49999… for some inputs.
    expect(simpleInterestGrosze(100, 365, 50)).toBe(1);
    expect(simpleInterestGrosze(100, 365, 49)).toBe(0);
    expect(simpleInterestGrosze(123_457, 999, 37)).toBe(1_250);
  });

  it('keeps slider values inside 100–15 000 zł in 100 zł steps and 3–12 months', () => {
    expect(clampAmountZl(50)).toBe(100);
    expect(clampAmountZl(20_000)).toBe(15_000);
    expect(clampAmountZl(2_049)).toBe(2_000);
    expect(clampAmountZl(Number.NaN)).toBe(2_000);
    expect(clampPeriodMonths(1)).toBe(3);
    expect(clampPeriodMonths(24)).toBe(12);
    expect(clampPeriodMonths(Number.NaN)).toBe(3);
  });

  it('dates the repayment in the calendar across month and year ends', () => {
    expect(loanExample(2_000, 3, '2024-12-15').repaymentDate).toBe('2025-03-15');
    expect(loanExample(2_000, 12, '2024-02-29').repaymentDate).toBe('2025-02-23');
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
