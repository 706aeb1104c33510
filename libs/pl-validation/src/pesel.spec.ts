import { ageOn, isApplicantAge, isPesel, parsePesel } from './index';

/**
 * Test vectors made independently of the code: the published examples (Wikipedia's 44051401359,
 * 02070803628) and a generator that picks the eleventh digit so that the full weighted sum
 * (1,3,7,9,1,3,7,9,1,3,1) is a multiple of ten — the checksum stated the other way round.
 */
function makePesel(year: number, month: number, day: number, serial = '0123'): string {
  const offset = year < 1900 ? 80 : year < 2000 ? 0 : year < 2100 ? 20 : year < 2200 ? 40 : 60;
  const two = (n: number) => String(n).padStart(2, '0');
  const first = `${two(year % 100)}${two(month + offset)}${two(day)}${serial}`;
  const weights = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3, 1];
  for (let check = 0; check < 10; check += 1) {
    const candidate = `${first}${check}`;
    const sum = [...candidate].reduce((acc, digit, i) => acc + Number(digit) * weights[i]!, 0);
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

describe('PESEL', () => {
  it.each([
    ['44051401359', '1944-05-14', 'male'],
    ['02070803628', '1902-07-08', 'female'],
  ])('reads the published example %s', (pesel, birthDate, sex) => {
    expect(parsePesel(pesel)).toEqual({ birthDate, sex });
  });

  it.each([
    [1850, 3, 1],
    [1899, 12, 31],
    [1900, 1, 1],
    [1988, 2, 29],
    [2000, 2, 29],
    [2005, 12, 31],
    [2150, 6, 15],
    [2299, 11, 30],
  ])('decodes every century’s month offset: %i-%i-%i', (year, month, day) => {
    const pesel = makePesel(year, month, day);
    expect(parsePesel(pesel)?.birthDate).toBe(
      `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    );
  });

  it.each([
    ['44051401358', 'wrong check digit'],
    ['4405140135', 'ten digits'],
    ['440514013590', 'twelve digits'],
    ['4405140135a', 'a letter'],
    ['', 'empty'],
    ['440514 01359', 'a space inside'],
  ])('rejects %p (%s)', (pesel) => {
    expect(isPesel(pesel)).toBe(false);
  });

  it('rejects impossible dates even with a right checksum', () => {
    // 1900 and 2100 are not leap years; month 13 of any century does not exist.
    const feb29of1900 = makePesel(1900, 2, 29);
    expect(parsePesel(feb29of1900)).toBeUndefined();
    expect(parsePesel(makePesel(2023, 4, 31))).toBeUndefined();
    expect(parsePesel(makePesel(2024, 2, 29))?.birthDate).toBe('2024-02-29');
    // Encoded month 33 is past every century block's twelve months (20 + 13).
    const month33 = '993301' + '0123';
    const weights = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];
    const check = (10 - ([...month33].reduce((a, d, i) => a + Number(d) * weights[i]!, 0) % 10)) % 10;
    expect(parsePesel(`${month33}${check}`)).toBeUndefined();
  });
});

describe('applicant ages with an injected today', () => {
  const born = (birthDate: string) => ({ birthDate, sex: 'female' as const });

  it('counts full years, birthdays included on the day', () => {
    expect(ageOn('2008-11-24', '2026-11-24')).toBe(18);
    expect(ageOn('2008-11-25', '2026-11-24')).toBe(17);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('accepts exactly the youngest and the oldest age, refuses a day younger or a day past the oldest', () => {
    const ages = { min: 18, max: 70 };
    expect(isApplicantAge(born('2008-11-24'), '2026-11-24', ages)).toBe(true);
    expect(isApplicantAge(born('2008-11-25'), '2026-11-24', ages)).toBe(false);
    expect(isApplicantAge(born('1956-11-25'), '2026-11-24', ages)).toBe(true); // 69, turns 70 tomorrow
    expect(isApplicantAge(born('1955-11-25'), '2026-11-24', ages)).toBe(true); // 70 until tomorrow
    expect(isApplicantAge(born('1955-11-24'), '2026-11-24', ages)).toBe(false); // 71 today
  });

  it('without an upper limit takes any adult, and never a minor whatever the limits say', () => {
    expect(isApplicantAge(born('1930-01-01'), '2026-11-24')).toBe(true);
    expect(isApplicantAge(born('2008-11-25'), '2026-11-24')).toBe(false);
    expect(isApplicantAge(born('2010-01-01'), '2026-11-24', { min: 16, max: 80 })).toBe(false);
  });
});
