import { isCurrentTable, lastWorkingDay, rateDateText } from './rates-format-date';

describe('rate dates', () => {
  it('dates a figure by its table', () => {
    expect(rateDateText('2025-04-08')).toBe('kurs z dnia 08.04.2025');
  });

  it('finds the last working day: the day itself, or before a weekend and Polish holidays', () => {
    // Tuesday 8 April 2025 is a working day
    expect(lastWorkingDay('2025-04-08')).toBe('2025-04-08');
    // Sunday 13 April 2025 → Friday 11 April
    expect(lastWorkingDay('2025-04-13')).toBe('2025-04-11');
    // Easter Monday 21 April 2025 → Friday 18 April (Good Friday is a working day in Poland)
    expect(lastWorkingDay('2025-04-21')).toBe('2025-04-18');
    // 1 January 2026 (Thursday, New Year) → Wednesday 31 December 2025
    expect(lastWorkingDay('2026-01-01')).toBe('2025-12-31');
  });

  it('calls a table current only when it is of the last working day and not sample data', () => {
    expect(isCurrentTable('2025-04-08', '2025-04-08')).toBe(true);
    // the morning before the day's table: yesterday's is not called current
    expect(isCurrentTable('2025-04-07', '2025-04-08')).toBe(false);
    // over a weekend Friday's table is the current one
    expect(isCurrentTable('2025-04-11', '2025-04-13')).toBe(true);
    expect(isCurrentTable('2025-04-10', '2025-04-13')).toBe(false);
    // the bundled archive's last day, seen a year later
    expect(isCurrentTable('2025-04-08', '2026-04-08')).toBe(false);
    // sample data is never current, whatever its date
    expect(isCurrentTable('2025-04-08', '2025-04-08', true)).toBe(false);
    expect(isCurrentTable('', '2025-04-08')).toBe(false);
  });
});
