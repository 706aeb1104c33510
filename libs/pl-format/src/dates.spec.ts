import { formatDate, formatDateLong, formatDateTimeLong } from './dates';

describe('dates', () => {
  it('writes a calendar day in the numeric form without moving it across time zones', () => {
    expect(formatDate('2026-11-28')).toBe('28.11.2026');
    expect(formatDate('2026-01-01')).toBe('01.01.2026');
    expect(formatDate('2026-12-31')).toBe('31.12.2026');
  });

  it('writes an instant as its Warsaw day', () => {
    // 23:30 UTC on 28 November is already 29 November in Warsaw.
    expect(formatDate('2026-11-28T23:30:00Z')).toBe('29.11.2026');
    expect(formatDate(new Date('2026-07-01T22:30:00Z'))).toBe('02.07.2026');
  });

  it('writes the long form with the month in the genitive', () => {
    expect(formatDateLong('2026-11-28')).toBe('28 listopada 2026');
    expect(formatDateLong('2026-03-03')).toBe('3 marca 2026');
    expect(formatDateTimeLong(new Date('2026-03-03T13:05:00Z'))).toBe('3 marca 2026 r., godz. 14:05');
  });

  it('gives back what is not a date', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateLong('')).toBe('');
    expect(() => formatDateTimeLong(new Date(Number.NaN))).toThrow(RangeError);
  });
});
