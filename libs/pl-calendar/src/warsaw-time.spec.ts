import { addDaysToIsoDate, warsawDay, warsawDayClock, warsawMidnight } from './warsaw-time';

describe('Warsaw calendar days', () => {
  it('stores a day as the instant it begins in Warsaw, winter and summer time', () => {
    expect(warsawMidnight('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(warsawMidnight('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    // The days the clocks change: midnight is still in the old offset.
    expect(warsawMidnight('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(warsawMidnight('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });

  it('turns instants back into the Warsaw day', () => {
    for (const day of ['2026-01-15', '2026-03-29', '2026-10-25', '2024-02-29'])
      expect(warsawDay(warsawMidnight(day))).toBe(day);
    expect(warsawDay(new Date('2026-05-31T22:30:00Z'))).toBe('2026-06-01');
  });

  it('keeps the day for as long as the clock stays within it, and moves with it both ways', () => {
    let now = new Date('2026-10-24T21:59:59.999Z'); // 23:59:59.999 in Warsaw, summer time
    const today = warsawDayClock(() => now);
    expect(today()).toBe('2026-10-24');
    now = new Date('2026-10-24T22:00:00.000Z'); // midnight: the day the clocks go back
    expect(today()).toBe('2026-10-25');
    // That day has 25 hours: 23:30 in winter time is still the 25th.
    now = new Date('2026-10-25T22:30:00.000Z');
    expect(today()).toBe('2026-10-25');
    now = new Date('2026-10-25T23:00:00.000Z');
    expect(today()).toBe('2026-10-26');
    now = new Date('2026-10-24T12:00:00.000Z'); // a clock set back
    expect(today()).toBe('2026-10-24');
    now = new Date('2026-03-29T21:59:59.000Z'); // 23:59:59 of the 23-hour day, summer time
    expect(today()).toBe('2026-03-29');
    now = new Date('2026-03-29T22:00:00.000Z');
    expect(today()).toBe('2026-03-30');
  });

  it('rejects what is not a date', () => {
    expect(() => warsawMidnight('1.05.2026')).toThrow('not a YYYY-MM-DD date');
  });

  it('adds whole days to a calendar date across months, leap days and years', () => {
    expect(addDaysToIsoDate('2025-01-20', 90)).toBe('2025-04-20');
    expect(addDaysToIsoDate('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDaysToIsoDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToIsoDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(() => addDaysToIsoDate('2026-02-30', 1)).toThrow('no such date');
  });
});
