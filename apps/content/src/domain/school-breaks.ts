import { type SchoolBreak } from '@lib/pl-calendar';

/** Winter school breaks by calendar year, as the editors list them in content/calendar/. */
export class SchoolBreaks {
  constructor(private readonly byYear: ReadonlyMap<number, readonly SchoolBreak[]>) {}

  /** Ferie of the school year that ends in `year` fall in January–February of `year`. */
  forYear(year: number): readonly SchoolBreak[] {
    return this.byYear.get(year) ?? [];
  }
}
