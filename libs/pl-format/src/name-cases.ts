/*
 * Brand names in the Polish cases a sentence puts them in. Polish declines names ("opinie o Vivusie",
 * "oferta Pożyczki Plus", "umowa z Kasą Stefczyka"); a name that does not decline well takes a
 * declined noun before it ("w firmie Tarata"), and one that does not decline at all (most names
 * ending in -o or -i: "w Kuki") keeps its form. The forms are data, checked by an editor, never
 * guessed from the spelling.
 */

/** A name in the cases the site's sentences need. */
export interface NameForms {
  /** Mianownik, the name as written: 'Pożyczka Plus'. */
  nominative: string;
  /** Dopełniacz, after 'od', 'do', 'dla', 'u', 'z' (from) and a noun: 'oferta Pożyczki Plus'. */
  genitive: string;
  /** Narzędnik, after 'z' (with) and 'przed': 'umowa z Pożyczką Plus'. */
  instrumental: string;
  /** Miejscownik, after 'o', 'w', 'przy', 'po': 'opinie o Pożyczce Plus'. */
  locative: string;
}

export const NAME_CASES = ['genitive', 'instrumental', 'locative'] as const;
export type NameCase = (typeof NAME_CASES)[number];

/** Longest form the data may give: a name and, at most, a noun before it. */
export const NAME_FORM_MAX_LENGTH = 80;

/**
 * What is wrong with one lender's forms, or [] when nothing: every case present, trimmed, non-empty,
 * bounded, on one line, and ending in the name's last word's stem so a form of another name cannot
 * slip in ('Vivusie' for 'Vivus'; 'firmie Tarata' for 'Tarata').
 */
export function nameFormProblems(forms: Partial<Record<keyof NameForms, unknown>>): string[] {
  const problems: string[] = [];
  const nominative = typeof forms.nominative === 'string' ? forms.nominative : '';
  for (const key of ['nominative', ...NAME_CASES] as const) {
    const value = forms[key];
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push(`${key}: is required`);
      continue;
    }
    if (value !== value.trim() || /\s{2,}|[\n\r\t]/.test(value))
      problems.push(`${key}: must be one line without surrounding or double spaces`);
    if (value.length > NAME_FORM_MAX_LENGTH)
      problems.push(`${key}: must be at most ${NAME_FORM_MAX_LENGTH} characters`);
    if (key !== 'nominative' && nominative !== '' && !sharesStem(value, nominative))
      problems.push(`${key}: "${value}" is not a form of "${nominative}"`);
  }
  return problems;
}

/** The first three letters of the name's last word (at least the word when shorter) appear in the form. */
function sharesStem(form: string, nominative: string): boolean {
  const lastWord = nominative.split(' ').at(-1) ?? nominative;
  const stem = lastWord.slice(0, Math.min(3, lastWord.length)).toLocaleLowerCase('pl');
  return form.toLocaleLowerCase('pl').includes(stem);
}

/** True when the name reads differently in some case: its nominative after a preposition is then wrong. */
export const declines = (forms: NameForms): boolean =>
  NAME_CASES.some((name) => forms[name] !== forms.nominative);

/**
 * Prepositions none of which takes the nominative: after them a declined name must take another case
 * ('o Pożyczce Plus', 'w Kasie Stefczyka', 'z Kasą Stefczyka', 'dla Vivusa'), so the nominative there
 * is a grammar error.
 */
export const CASE_GOVERNING_PREPOSITIONS = ['o', 'w', 'we', 'z', 'ze', 'dla', 'od', 'do', 'u', 'przy', 'po'];

/** One nominative after a preposition found in a text, with the words around it. */
export interface NominativeAfterPreposition {
  name: string;
  found: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Places in a visible text where a name that declines stands in the nominative right after a
 * preposition that governs another case ("Opinie o Pożyczka Plus", "w Kasa Stefczyka"). Any space
 * (plain or no-break: both are `\s`) separates the words; letters decide word boundaries.
 */
export function nominativesAfterPrepositions(
  text: string,
  names: readonly NameForms[],
): NominativeAfterPreposition[] {
  const found: NominativeAfterPreposition[] = [];
  // A preposition may open a sentence ('W Kasa Stefczyka'); the name is matched as written.
  const prepositions = CASE_GOVERNING_PREPOSITIONS.map(
    (word) => `[${word[0]}${word[0]!.toUpperCase()}]${word.slice(1)}`,
  ).join('|');
  for (const forms of names) {
    if (!declines(forms)) continue;
    const name = forms.nominative.split(' ').map(escape).join('\\s+');
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${prepositions})\\s+${name}(?![\\p{L}\\p{N}])`, 'gu');
    for (const match of text.matchAll(pattern)) {
      const start = Math.max(0, match.index - 30);
      found.push({
        name: forms.nominative,
        found: text.slice(start, match.index + match[0].length + 30).replace(/\s+/g, ' '),
      });
    }
  }
  return found;
}
