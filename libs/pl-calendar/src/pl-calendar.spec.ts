import {
  bridgeSuggestions,
  countMonth,
  countYear,
  easterSunday,
  holidayCalendar,
  inMonth,
  inMonthCapitalised,
  isoDate,
  lastWorkingDayBefore,
  publicHolidays,
} from './index';

const workingDays = (year: number) =>
  Array.from({ length: 12 }, (_, i) => countMonth(year, i + 1).totals.workingDays);
const normDays = (year: number) => Array.from({ length: 12 }, (_, i) => countMonth(year, i + 1).norm.days);

describe('easterSunday (computus)', () => {
  it.each([
    [1990, '1990-04-15'],
    [2000, '2000-04-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2038, '2038-04-25'],
    [2100, '2100-03-28'],
  ])('%i → %s', (year, date) => {
    expect(isoDate(easterSunday(year))).toBe(date);
  });
});

describe('publicHolidays', () => {
  it('lists the thirteen days off of 2024 with movable feasts from Easter', () => {
    const h = publicHolidays(2024);
    expect(h.map((d) => d.date)).toEqual([
      '2024-01-01',
      '2024-01-06',
      '2024-03-31',
      '2024-04-01',
      '2024-05-01',
      '2024-05-03',
      '2024-05-19',
      '2024-05-30',
      '2024-08-15',
      '2024-11-01',
      '2024-11-11',
      '2024-12-25',
      '2024-12-26',
    ]);
  });

  it('adds Wigilia from 2025 and Epiphany only from 2011', () => {
    expect(publicHolidays(2024).some((h) => h.date === '2024-12-24')).toBe(false);
    expect(publicHolidays(2025).find((h) => h.date === '2025-12-24')?.name).toBe('Wigilia Bożego Narodzenia');
    expect(publicHolidays(2010).some((h) => h.date === '2010-01-06')).toBe(false);
    expect(publicHolidays(2011).some((h) => h.date === '2011-01-06')).toBe(true);
  });

  it('refuses years outside 1990–2100', () => {
    expect(() => publicHolidays(1989)).toThrow(RangeError);
    expect(() => publicHolidays(2101)).toThrow(RangeError);
    expect(() => publicHolidays(2024.5)).toThrow(RangeError);
  });
});

describe('working days and the working-time norm', () => {
  it('2024 by law: May has 20 working days (1 and 3 May and Corpus Christi on weekdays), not the 23 the spec lists', () => {
    expect(workingDays(2024)).toEqual([22, 21, 21, 21, 20, 20, 23, 21, 21, 23, 19, 20]);
  });

  it('2024: Epiphany on a Saturday lowers January’s norm below its working days; the year is 251 days, 2 008 h', () => {
    expect(countMonth(2024, 1)).toEqual({
      totals: { workingDays: 22, freeDays: 9, holidayDays: 2 },
      norm: { days: 21, hours: 168 },
    });
    expect(countYear(2024).norm).toEqual({ days: 251, hours: 2008 });
  });

  it('2025: working days per month, and 3 May and 1 November on Saturdays cut the norm to 1 992 h', () => {
    expect(workingDays(2025)).toEqual([21, 20, 21, 21, 21, 20, 23, 20, 22, 23, 19, 20]);
    expect(normDays(2025)).toEqual([21, 20, 21, 21, 20, 20, 23, 20, 22, 23, 18, 20]);
    expect(countYear(2025).norm.hours).toBe(1992);
  });

  it('2026: norm 20, 20, 22, 21, 20, 21, 23, 20, 22, 22, 20, 20 days = 2 008 h', () => {
    expect(normDays(2026)).toEqual([20, 20, 22, 21, 20, 21, 23, 20, 22, 22, 20, 20]);
    expect(countYear(2026).norm).toEqual({ days: 251, hours: 2008 });
  });

  it('counts free and holiday days, Sunday holidays included', () => {
    // May 2026: 1 (Fri), 3 (Sun), Pentecost 24 (Sun); 31 days, 20 working days.
    expect(countMonth(2026, 5).totals).toEqual({ workingDays: 20, freeDays: 11, holidayDays: 3 });
  });
});

describe('bridgeSuggestions', () => {
  it('finds the long weekends of 2026', () => {
    const iso = bridgeSuggestions(2026).map((b) => [b.leaveDays.map(isoDate).join('+'), b.freeDaysInRow]);
    expect(iso).toEqual([
      ['2026-01-02', 4], // Thu 1 Jan: take Fri → 1–4 Jan
      ['2026-01-05', 4], // Tue 6 Jan: take Mon → 3–6 Jan
      ['2026-06-05', 4], // Corpus Christi on Thu 4 Jun: take Fri
      ['2026-11-09+2026-11-10', 5], // Wed 11 Nov: Mon+Tue join the weekend before → 7–11 Nov
      ['2026-11-12+2026-11-13', 5], // … or Thu+Fri join the weekend after → 11–15 Nov
    ]);
    // Holidays already joined to a weekend (Easter, 1–3 May) need no leave and are not suggested.
  });
});

describe('holidayCalendar', () => {
  const breaks = [{ from: '2026-01-19', to: '2026-02-01', voivodeships: ['dolnośląskie', 'mazowieckie'] }];
  const calendar = holidayCalendar(2026, breaks);

  it('has twelve months with Polish titles, holiday lines and totals', () => {
    expect(calendar.title).toBe('Kalendarz dni wolnych 2026');
    expect(calendar.months).toHaveLength(12);
    const january = calendar.months[0]!;
    expect(january).toMatchObject({
      month: 1,
      name: 'styczeń',
      title: 'Dni wolne w styczniu 2026',
      holidays: [1, 6],
    });
    expect(january.holidayLines[1]).toEqual({
      day: 6,
      name: '6 stycznia (wtorek) – Święto Trzech Króli',
      dayOff: true,
    });
    expect(january.bridgeDays[0]?.description).toBe(
      'Weź wolne 2 stycznia (piątek), a zyskasz 4 dni wolnego z rzędu: 1–4 stycznia.',
    );
    expect(calendar.workingTime).toEqual({ days: 251, hours: 2008 });
  });

  it('notes school breaks in every month they touch', () => {
    expect(calendar.months[0]!.schoolBreakNotes).toEqual([
      'Ferie zimowe 19 stycznia – 1 lutego: dolnośląskie, mazowieckie',
    ]);
    expect(calendar.months[1]!.schoolBreakNotes).toHaveLength(1);
    expect(calendar.months[2]!.schoolBreakNotes).toEqual([]);
  });

  it('says so when a month has no holidays', () => {
    expect(calendar.months[1]!.textHeader).toBe('W lutym 2026 nie ma świąt ustawowo wolnych od pracy');
  });
});

describe('month names in sentences', () => {
  const EXPECTED = [
    'w styczniu',
    'w lutym',
    'w marcu',
    'w kwietniu',
    'w maju',
    'w czerwcu',
    'w lipcu',
    'w sierpniu',
    'we wrześniu',
    'w październiku',
    'w listopadzie',
    'w grudniu',
  ];

  it.each(EXPECTED.map((phrase, index) => [index + 1, phrase] as const))(
    'month %i: "%s"',
    (month, phrase) => {
      expect(inMonth(month)).toBe(phrase);
      expect(inMonthCapitalised(month)).toBe(phrase.charAt(0).toUpperCase() + phrase.slice(1));
    },
  );

  it('uses the same preposition in every month title and header of the calendar', () => {
    const calendar = holidayCalendar(2027);
    expect(calendar.months.map((month) => month.title)).toEqual(
      EXPECTED.map((phrase) => `Dni wolne ${phrase} 2027`),
    );
    expect(calendar.months[8]!.textHeader).toBe('We wrześniu 2027 nie ma świąt ustawowo wolnych od pracy');
    for (const month of calendar.months)
      expect(`${month.title} ${month.textHeader}`).not.toMatch(/\b[wW] wrześniu/u);
  });
});

describe('lastWorkingDayBefore', () => {
  it('steps back over weekends and public holidays', () => {
    expect(lastWorkingDayBefore('2026-11-25')).toBe('2026-11-24'); // Wednesday → Tuesday
    expect(lastWorkingDayBefore('2026-11-23')).toBe('2026-11-20'); // Monday → Friday
    expect(lastWorkingDayBefore('2026-11-12')).toBe('2026-11-10'); // 11 November is a holiday
    expect(lastWorkingDayBefore('2027-01-07')).toBe('2027-01-05'); // 6 January (Epiphany)
    expect(lastWorkingDayBefore('2026-12-28')).toBe('2026-12-23'); // 24–26 December and the weekend
  });
});
