import { contactMessageSchema, HIDDEN_CHARACTERS_MESSAGE, hasHiddenCharacters } from './index';

/** Every character the issue names, and the rest of their kind. */
const HIDDEN = [
  ...['\u202A', '\u202B', '\u202C', '\u202D', '\u202E'], // bidi embeddings and overrides
  ...['\u2066', '\u2067', '\u2068', '\u2069'], // bidi isolates
  ...['\u200E', '\u200F', '\u061C'], // direction marks
  ...['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'], // zero-width
  ...['\u00AD', '\u2028', '\u2029', '\u{E0041}'], // soft hyphen, line and paragraph separators, a tag character
];

describe('hasHiddenCharacters', () => {
  it.each(HIDDEN.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, c]))(
    'finds %s inside a name',
    (_name, c) => {
      expect(hasHiddenCharacters(`Jan${c}kcin`)).toBe(true);
    },
  );

  it.each([
    'Łucja Żółć-Ślęzak',
    "D'Artagnan",
    'Anna Maria von Künßberg',
    'Ola 🙂',
    'Jean-Luc Picard',
    'محمد',
    'אורי',
  ])('accepts %s', (name) => {
    expect(hasHiddenCharacters(name)).toBe(false);
  });
});

describe('contact form name', () => {
  const form = { email: 'jan@example.pl', phone: '', message: 'Dzień dobry, mam pytanie o ofertę.' };

  it('refuses a right-to-left override or a zero-width space with a Polish message', () => {
    for (const name of ['Jan\u202Ekcin', 'Jan\u200BKowalski']) {
      const result = contactMessageSchema.safeParse({ ...form, name });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain(HIDDEN_CHARACTERS_MESSAGE);
    }
    expect(contactMessageSchema.safeParse({ ...form, name: 'Jan Kowalski' }).success).toBe(true);
  });
});
