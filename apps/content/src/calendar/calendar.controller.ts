import { Controller, Inject } from '@nestjs/common';
import { contentV1 } from '@lib/contracts';
import { holidayCalendar, MAX_YEAR, MIN_YEAR } from '@lib/pl-calendar';
import { GrpcService, parseRequest } from '@lib/service-kit';
import { z } from 'zod';
import { SchoolBreaks } from './school-breaks';

const request = z.object({
  year: z.number().int().min(MIN_YEAR, `must be from ${MIN_YEAR} to ${MAX_YEAR}`).max(MAX_YEAR, `must be from ${MIN_YEAR} to ${MAX_YEAR}`),
});

/** The holiday calendar is computed (pure @lib/pl-calendar), only the school breaks come from content files. */
@Controller()
@GrpcService(contentV1.CONTENT_SERVICE_NAME)
export class CalendarController implements Pick<contentV1.ContentServiceController, 'getHolidayCalendar'> {
  constructor(@Inject(SchoolBreaks) private readonly schoolBreaks: SchoolBreaks) {}

  getHolidayCalendar(input: contentV1.GetHolidayCalendarRequest): contentV1.HolidayCalendar {
    const { year } = parseRequest(request, input);
    // Ferie of the school year that ends in `year` fall in January–February of `year`.
    return holidayCalendar(year, this.schoolBreaks.forYear(year));
  }
}
