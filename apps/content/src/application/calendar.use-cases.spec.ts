import { holidayCalendar } from '@lib/pl-calendar';
import { SchoolBreaks } from '../domain/school-breaks';
import { CalendarUseCases } from './calendar.use-cases';

describe('CalendarUseCases', () => {
  const ferie = {
    from: '2026-01-19',
    to: '2026-02-01',
    voivodeships: ['mazowieckie'],
    label: 'Ferie zimowe',
  };
  const breaks = new SchoolBreaks(new Map([[2026, [ferie]]]));

  it("answers the year's calendar with the school breaks the editors listed for that year", () => {
    const calendar = new CalendarUseCases(breaks).getHolidayCalendar(2026);
    expect(calendar).toEqual(holidayCalendar(2026, [ferie]));
    expect(calendar.months[0]!.schoolBreakNotes).not.toEqual([]);
  });

  it('answers a year without listed breaks with no break notes', () => {
    const calendar = new CalendarUseCases(breaks).getHolidayCalendar(2027);
    expect(calendar).toEqual(holidayCalendar(2027, []));
    expect(calendar.months.flatMap((month) => month.schoolBreakNotes)).toEqual([]);
  });
});
