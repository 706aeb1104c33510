import { monthWeeks } from './month-grid';

describe('month grid', () => {
  it('starts weeks on Monday and pads both ends', () => {
    // 1 January 2026 is a Thursday; 31 January a Saturday.
    const weeks = monthWeeks(2026, 1);
    expect(weeks[0]).toEqual([null, null, null, 1, 2, 3, 4]);
    expect(weeks.at(-1)).toEqual([26, 27, 28, 29, 30, 31, null]);
    // February 2027 starts on a Monday and fills exactly four weeks.
    expect(monthWeeks(2027, 2)).toHaveLength(4);
    expect(
      monthWeeks(2024, 2)
        .flat()
        .filter((day) => day !== null),
    ).toHaveLength(29);
  });
});
