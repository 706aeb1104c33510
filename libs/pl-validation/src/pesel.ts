/**
 * PESEL, the Polish personal identification number (ustawa o ewidencji ludności, art. 15):
 * YYMMDD birth date, four serial digits (the last of them odd for men, even for women) and a
 * check digit. The century is carried in the month: +80 for 1800–1899, +0 for 1900–1999, +20 for
 * 2000–2099, +40 for 2100–2199, +60 for 2200–2299. Check digit: weights 1,3,7,9,1,3,7,9,1,3 on
 * the first ten digits; (10 − sum mod 10) mod 10.
 */

const WEIGHTS = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3] as const;
const CENTURIES = [
  { offset: 80, century: 1800 },
  { offset: 0, century: 1900 },
  { offset: 20, century: 2000 },
  { offset: 40, century: 2100 },
  { offset: 60, century: 2200 },
] as const;

export interface PeselData {
  /** 'YYYY-MM-DD'. */
  birthDate: string;
  sex: 'female' | 'male';
}

/** The check digit of the first ten digits. */
export function peselCheckDigit(firstTen: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i += 1) sum += Number(firstTen[i]) * WEIGHTS[i]!;
  return (10 - (sum % 10)) % 10;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Birth date and sex from a PESEL; undefined when the number, its check digit or its date is wrong. */
export function parsePesel(input: string): PeselData | undefined {
  const value = input.trim();
  if (!/^\d{11}$/.test(value)) return undefined;
  if (peselCheckDigit(value) !== Number(value[10])) return undefined;
  const yy = Number(value.slice(0, 2));
  const encodedMonth = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  const era = CENTURIES.find(({ offset }) => encodedMonth > offset && encodedMonth <= offset + 12);
  if (!era) return undefined;
  const year = era.century + yy;
  const month = encodedMonth - era.offset;
  if (day < 1 || day > daysInMonth(year, month)) return undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    birthDate: `${year}-${pad(month)}-${pad(day)}`,
    sex: Number(value[9]) % 2 === 1 ? 'male' : 'female',
  };
}

export function isPesel(input: string): boolean {
  return parsePesel(input) !== undefined;
}

/** Full years between a birth date and `today` (both 'YYYY-MM-DD'); one born on 29 February turns a year older on 1 March. */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** The youngest borrower: 18, the age of full legal capacity (art. 11 Kodeksu cywilnego). */
export const ADULT_AGE = 18;

/**
 * Ages an application is accepted at, inclusive; `max` null: no upper limit. The application form's
 * come from the lenders it passes applications to (the leads service's form limits).
 */
export interface ApplicantAges {
  min: number;
  max: number | null;
}

/** Adults of any age: what is checked while the lenders' limits are not known. */
export const ADULT_APPLICANTS: ApplicantAges = { min: ADULT_AGE, max: null };

/** Whether the person the PESEL names is of an accepted age on `today`. A separate rule from the checksum. */
export function isApplicantAge(
  pesel: PeselData,
  today: string,
  ages: ApplicantAges = ADULT_APPLICANTS,
): boolean {
  const age = ageOn(pesel.birthDate, today);
  return age >= Math.max(ages.min, ADULT_AGE) && (ages.max === null || age <= ages.max);
}
