/** Address of a year's holiday calendar: the calendar page's year links and sitemap.xml build it here. */
export const calendarPath = (year: number): string => `/kalendarz-${year}/`;
