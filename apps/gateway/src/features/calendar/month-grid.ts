import { daysInMonth, weekday } from '@lib/pl-calendar';

/** Weeks of a month, Monday first; null cells pad the first and last week. */
export function monthWeeks(year: number, month: number): (number | null)[][] {
  const lead = weekday({ year, month, day: 1 }) - 1;
  const cells: (number | null)[] = [...Array<null>(lead).fill(null)];
  for (let day = 1; day <= daysInMonth(year, month); day += 1) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
