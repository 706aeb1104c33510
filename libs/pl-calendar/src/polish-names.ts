/** Month names: nominative (headings), genitive (dates: "6 stycznia") and locative ("w styczniu"). */
export const MONTHS = [
  { nominative: 'styczeń', genitive: 'stycznia', locative: 'styczniu' },
  { nominative: 'luty', genitive: 'lutego', locative: 'lutym' },
  { nominative: 'marzec', genitive: 'marca', locative: 'marcu' },
  { nominative: 'kwiecień', genitive: 'kwietnia', locative: 'kwietniu' },
  { nominative: 'maj', genitive: 'maja', locative: 'maju' },
  { nominative: 'czerwiec', genitive: 'czerwca', locative: 'czerwcu' },
  { nominative: 'lipiec', genitive: 'lipca', locative: 'lipcu' },
  { nominative: 'sierpień', genitive: 'sierpnia', locative: 'sierpniu' },
  { nominative: 'wrzesień', genitive: 'września', locative: 'wrześniu' },
  { nominative: 'październik', genitive: 'października', locative: 'październiku' },
  { nominative: 'listopad', genitive: 'listopada', locative: 'listopadzie' },
  { nominative: 'grudzień', genitive: 'grudnia', locative: 'grudniu' },
] as const;

/** Weekday names, Monday first (index 0 = Monday), and the short headers of a calendar grid. */
export const WEEKDAYS = [
  'poniedziałek',
  'wtorek',
  'środa',
  'czwartek',
  'piątek',
  'sobota',
  'niedziela',
] as const;
export const WEEKDAY_HEADERS = ['Pn', 'Wt', 'Śr', 'Cz', 'Pt', 'So', 'Nd'] as const;

export function monthNames(month: number) {
  const names = MONTHS[month - 1];
  if (!names) throw new RangeError(`month must be 1–12, got ${month}`);
  return names;
}

/**
 * "w styczniu", "we wrześniu": the locative with its preposition. "w" becomes "we" before a word
 * starting with "w" or "f" followed by a consonant (we wrześniu), as Polish pronunciation requires.
 */
export function inMonth(month: number): string {
  const locative = monthNames(month).locative;
  return `${/^[wf][^aąeęioóuy]/iu.test(locative) ? 'we' : 'w'} ${locative}`;
}

/** inMonth() at the start of a sentence: "W styczniu", "We wrześniu". */
export function inMonthCapitalised(month: number): string {
  const phrase = inMonth(month);
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/** "6 stycznia" */
export function dayAndMonth(day: number, month: number): string {
  return `${day} ${monthNames(month).genitive}`;
}

/** Polish plural of "dzień": 1 dzień, 2–4 dni… all other counts "dni" too, so only 1 differs. */
export function days(count: number): string {
  return `${count} ${count === 1 ? 'dzień' : 'dni'}`;
}
