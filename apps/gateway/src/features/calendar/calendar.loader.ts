import { type LoadContext } from '../../app/route-types';
import { type CalendarData } from './calendar-data';
import { toCalendarData } from './calendar.view-model';

/** GetHolidayCalendar of one year. */
export async function loadCalendar(ctx: LoadContext<{ year: number }>): Promise<CalendarData> {
  return toCalendarData(
    await ctx.services.content.getHolidayCalendar({ year: ctx.params.year }),
    ctx.params.year,
  );
}
