import { MAX_YEAR, MIN_YEAR } from '@lib/pl-calendar';
import { defineRoute } from '../../app/route-types';
import { calendarPath } from '../../app/site-paths/calendar';
import { HOME_CRUMB, pageHead } from '../../app/routes/head';
import { loadCalendar } from './calendar.loader';

/** The holiday calendar of any year the calendar library covers: '/kalendarz-2026/'. */
export const calendarRoute = defineRoute({
  name: 'calendar',
  page: 'calendar',
  // Only four digits match, so other slugs starting with 'kalendarz-' stay content pages.
  pattern: '/kalendarz-:year(\\d{4})/',
  layout: 'default',
  params(raw) {
    const year = Number(raw['year']);
    return Number.isInteger(year) && year >= MIN_YEAR && year <= MAX_YEAR ? { year } : null;
  },
  load: loadCalendar,
  head: (data, ctx) =>
    pageHead(ctx, {
      title: `Kalendarz ${data.year} – dni wolne, święta i długie weekendy`,
      description: `Dni wolne od pracy w ${data.year} roku: święta, długie weekendy, dni robocze i wymiar czasu pracy w każdym miesiącu oraz terminy ferii.`,
      breadcrumbs: [HOME_CRUMB, { text: `Kalendarz ${data.year}`, link: '' }],
    }),
  // This year's and next year's calendars; they are code and data of the build.
  sitemap: {
    entries: ({ today, builtOn }) => {
      const year = Number(today.slice(0, 4));
      const years = [year, year + 1].filter((shown) => shown >= MIN_YEAR && shown <= MAX_YEAR);
      return Promise.resolve(years.map((shown) => ({ loc: calendarPath(shown), lastmod: builtOn })));
    },
  },
});
