import { Injectable } from '@nestjs/common';
import { type contentV1 } from '@lib/contracts';
import { holidayCalendar } from '@lib/pl-calendar';
import { SchoolBreaks } from '../domain/school-breaks';

/** The holiday calendar is computed (pure @lib/pl-calendar); only the school breaks come from content files. */
@Injectable()
export class CalendarUseCases {
  constructor(private readonly schoolBreaks: SchoolBreaks) {}

  getHolidayCalendar(year: number): contentV1.HolidayCalendar {
    return holidayCalendar(year, this.schoolBreaks.forYear(year));
  }
}
