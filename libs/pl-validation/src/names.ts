/**
 * Characters that change how a name looks without being seen, and so let one name pose as another
 * or turn the text around it ('Jan\u202Ekcin' shows as 'Jannick', a zero-width space makes two
 * identical-looking names different):
 * - \p{Cf}, Unicode's "format" characters: the bidirectional controls (U+202A–U+202E embeddings and
 *   overrides, U+2066–U+2069 isolates, U+200E/U+200F and U+061C marks), the zero-width characters
 *   (U+200B–U+200D, U+2060 word joiner, U+FEFF), soft hyphen, invisible operators, tag characters;
 * - \p{Zl} and \p{Zp}: the line and paragraph separators (U+2028, U+2029).
 * None of them belongs in a person's name.
 */
const HIDDEN_CHARACTERS = /[\p{Cf}\p{Zl}\p{Zp}]/u;

/** The message shown next to a name field that holds such a character. */
export const HIDDEN_CHARACTERS_MESSAGE =
  'Usuń z imienia niewidoczne znaki i znaki zmieniające kierunek tekstu';

/** True when the text holds a bidirectional control, a zero-width or another invisible formatting character. */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_CHARACTERS.test(text);
}
