const POLISH_LETTERS: Record<string, string> = {
  ą: 'a',
  ć: 'c',
  ę: 'e',
  ł: 'l',
  ń: 'n',
  ó: 'o',
  ś: 's',
  ź: 'z',
  ż: 'z',
};

/**
 * Anchor slug of a heading: Polish letters to their ASCII base (ł has no Unicode decomposition, so
 * it is mapped explicitly), other accents dropped, anything else but letters and digits to '-'.
 * 'Jak działa RRSO?' → 'jak-dziala-rrso'.
 */
export function slugify(text: string): string {
  const slug = text
    .toLocaleLowerCase('pl')
    .replace(/[ąćęłńóśźż]/g, (letter) => POLISH_LETTERS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'sekcja';
}

/** Hands out slugs unique within one document: the second 'koszty' becomes 'koszty-2'. */
export class SlugRegistry {
  private readonly used = new Set<string>();

  claim(text: string): string {
    const base = slugify(text);
    let slug = base;
    for (let n = 2; this.used.has(slug); n += 1) slug = `${base}-${n}`;
    this.used.add(slug);
    return slug;
  }
}
