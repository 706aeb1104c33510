import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CONTENT_DIR } from '../src/content.config';
import { isBareHomePage } from '../src/domain/content-schemas';
import { parseFrontMatter } from '../src/domain/front-matter';

/**
 * House rules over the repository's whole content/ folder (every editor's files, lenders and legal
 * documents included) that the import's schemas do not express.
 */

function files(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && extensions.some((ext) => entry.name.endsWith(ext)))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const relative = (file: string) => path.relative(path.dirname(DEFAULT_CONTENT_DIR), file);

/** Front matter of a Markdown file, or undefined when it has none (README.md). */
function frontMatter(file: string): Record<string, unknown> | undefined {
  const parsed = parseFrontMatter(readFileSync(file, 'utf8'));
  return parsed.ok && typeof parsed.data === 'object' && parsed.data !== null
    ? (parsed.data as Record<string, unknown>)
    : undefined;
}

/**
 * Forms of the informal "you" that the site always capitalises. "ci" and "cię" are left out: "ci"
 * is also the plural "those" ("ci, którzy…"), so a lowercase one is not necessarily a mistake.
 */
const LOWERCASE_YOU =
  /(?<!\p{L})(twój|twoja|twoje|twojego|twojej|twoim|twoich|twoją|twoimi|ciebie|tobie|tobą)(?!\p{L})/gu;

export function lowercaseYou(text: string): { line: number; word: string }[] {
  const found: { line: number; word: string }[] = [];
  text.split('\n').forEach((line, index) => {
    // Addresses are not text: https://www.bik.pl/dla-ciebie/… is the site's own path.
    for (const match of line.replace(/https?:\/\/\S+/g, '').matchAll(LOWERCASE_YOU))
      found.push({ line: index + 1, word: match[1]! });
  });
  return found;
}

/**
 * Second-person forms only a man can be addressed with: the past tense and the conditional
 * ("korzystałeś", "zapłaciłbyś"), "powinieneś", and "jesteś" with a masculine adjective ("jesteś
 * pewien"). The site addresses women and men alike, so it says these another way ("masz za sobą",
 * "po podpisaniu umowy", "masz pewność", "warto"). A word ending in -łeś or -łbyś is such a form.
 */
const MASCULINE_YOU =
  /(?<!\p{L})(\p{L}+(?:łeś|łbyś)|powinieneś|jesteś\s+(?:pewien|pewny|gotów|gotowy|winien|pełnoletni|zainteresowany|zadłużony|zatrudniony|zobowiązany))(?!\p{L})/giu;

export function masculineYou(text: string): { line: number; words: string }[] {
  // Addresses are not text; they are blanked rather than removed, so the line numbers stay true.
  const withoutUrls = text.replace(/https?:\/\/\S+/g, (url) => ' '.repeat(url.length));
  return [...withoutUrls.matchAll(MASCULINE_YOU)].map((match) => ({
    // "jesteś" and its adjective may stand on two lines of a wrapped paragraph: the first one counts.
    line: withoutUrls.slice(0, match.index).split('\n').length,
    words: match[1]!.replace(/\s+/g, ' '),
  }));
}

describe('the repository content/ folder follows the house rules', () => {
  const editorial = files(DEFAULT_CONTENT_DIR, ['.md', '.yaml', '.json']).filter(
    (file) => path.basename(file) !== 'README.md',
  );
  const markdown = editorial.filter((file) => file.endsWith('.md'));

  it('finds the content it checks', () => {
    expect(markdown.length).toBeGreaterThan(100);
  });

  it('recognises a lowercase informal "you" and lets the capitalised one and "ci"/"cię" pass', () => {
    expect(lowercaseYou('Sprawdź twoją zdolność.\nTo dla ciebie.')).toEqual([
      { line: 1, word: 'twoją' },
      { line: 2, word: 'ciebie' },
    ]);
    expect(lowercaseYou('Twoja rata, dla Ciebie; ci, którzy czekają; pomożemy cię… Twojego')).toEqual([]);
    // A word that merely contains a form is not one.
    expect(lowercaseYou('twójka, przytobie, https://www.bik.pl/dla-ciebie/raport')).toEqual([]);
  });

  it('capitalises the informal "you" (Twój, Ciebie, Tobie, …) in every file', () => {
    const offenders = editorial.flatMap((file) =>
      lowercaseYou(readFileSync(file, 'utf8')).map(
        ({ line, word }) => `${relative(file)}:${line}: "${word}"`,
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('recognises a second-person masculine form and lets gender-neutral text pass', () => {
    expect(masculineYou('Jeśli korzystałeś z pożyczki, sprawdź.\nZapłaciłbyś więcej.')).toEqual([
      { line: 1, words: 'korzystałeś' },
      { line: 2, words: 'Zapłaciłbyś' },
    ]);
    expect(masculineYou('Tu Powinieneś wiedzieć.\nA jeśli nie jesteś\n  pewien, czy JESTEŚ GOTÓW?')).toEqual([
      { line: 1, words: 'Powinieneś' },
      { line: 2, words: 'jesteś pewien' },
      { line: 3, words: 'JESTEŚ GOTÓW' },
    ]);
    expect(
      masculineYou(
        'Jeśli masz już za sobą pierwszą pożyczkę i masz pewność, że zdążysz, po podpisaniu umowy warto ' +
          'to sprawdzić. Jesteś w BIK; jesteś osobą pełnoletnią; tło, szkło, kołem, pożyczasz. ' +
          'https://example.pl/zgubiłeś-dowód',
      ),
    ).toEqual([]);
  });

  it('addresses the reader without masculine-only forms (korzystałeś, zapłaciłbyś, powinieneś, jesteś pewien) in every file', () => {
    const offenders = editorial.flatMap((file) =>
      masculineYou(readFileSync(file, 'utf8')).map(
        ({ line, words }) => `${relative(file)}:${line}: "${words}"`,
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('writes the en dash, never the em dash, and amounts in złoty grouped by three', () => {
    // The import typesets what slips through (apps/content/src/domain/typography.ts); the files
    // themselves follow the rule, so what editors read is what visitors read.
    const offenders = editorial.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => [
          ...(line.includes('\u2014') ? [`${relative(file)}:${index + 1}: em dash`] : []),
          ...[...line.matchAll(/(?<![\d.,]|\d[ \u00a0])\d{4,}(?:,\d+)? ?zł/g)].map(
            (match) => `${relative(file)}:${index + 1}: "${match[0]}" without a thousands separator`,
          ),
        ]),
    );
    expect(offenders).toEqual([]);
  });

  it('recognises a bare home page and lets deep links and dedicated single-service sites pass', () => {
    expect(isBareHomePage('https://isap.sejm.gov.pl/')).toBe(true);
    expect(isBareHomePage('https://www.knf.gov.pl')).toBe(true);
    expect(isBareHomePage('https://isap.sejm.gov.pl/isap.nsf/DocDetails.xsp?id=WDU20111260715')).toBe(false);
    expect(isBareHomePage('https://isap.sejm.gov.pl/?id=1')).toBe(false);
    expect(isBareHomePage('https://incydent.cert.pl/')).toBe(false);
  });

  it('links every source to the page that states the fact, never to a home page', () => {
    const offenders: string[] = [];
    for (const file of markdown) {
      const data = frontMatter(file);
      const lists = { sources: data?.['sources'], figures: data?.['figures'] };
      for (const [field, list] of Object.entries(lists)) {
        if (!Array.isArray(list)) continue;
        list.forEach((item: unknown, index) => {
          const entry = item as { url?: unknown; source?: { url?: unknown } } | null;
          const url = field === 'sources' ? entry?.url : entry?.source?.url;
          const where = field === 'sources' ? `sources[${index}].url` : `figures[${index}].source.url`;
          if (typeof url === 'string' && isBareHomePage(url))
            offenders.push(`${relative(file)}: ${where}: ${url}`);
        });
      }
    }
    expect(offenders).toEqual([]);
  });

  it('declares the dated figures it states (minimum wage, 800 plus, the art. 36a cap, the lowest pension) with their dates', () => {
    const STATED = [
      { what: 'minimum wage 2026', pattern: /4 ?806 zł/, figure: /minimalne wynagrodzenie/i },
      { what: '800 plus', pattern: /800 zł miesięcznie/, figure: /800 plus/i },
      { what: 'art. 36a cost cap', pattern: /45% (całkowitej )?kwoty/, figure: /pozaodsetkowych/i },
      { what: 'lowest pension from March 2026', pattern: /1 ?970,61 zł/, figure: /najniższa emerytura/i },
    ];
    const missing: string[] = [];
    for (const file of markdown.filter((f) => /[/\\](articles|pages)[/\\]/.test(f))) {
      const text = readFileSync(file, 'utf8');
      const figures =
        (frontMatter(file)?.['figures'] as { name?: string; appliesFrom?: string }[] | undefined) ?? [];
      for (const stated of STATED) {
        const body = text.slice(text.indexOf('\n---', 3));
        if (!stated.pattern.test(body)) continue;
        const declared = figures.some(
          (f) => stated.figure.test(f.name ?? '') && typeof f.appliesFrom === 'string',
        );
        if (!declared) missing.push(`${relative(file)}: states the ${stated.what} without a figures entry`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('says when and by whom the 2027 figures we do not have yet are announced', () => {
    const wage = readFileSync(path.join(DEFAULT_CONTENT_DIR, 'articles/placa-minimalna.md'), 'utf8');
    expect(wage).toMatch(/## Płaca minimalna w 2027 roku/);
    expect(wage).toMatch(/Rada Ministrów w rozporządzeniu[^.]*do 15 września 2026 r\./);
    const holidays = readFileSync(
      path.join(DEFAULT_CONTENT_DIR, 'articles/dni-wolne-od-pracy-2027.md'),
      'utf8',
    );
    expect(holidays).toMatch(/## Ferie zimowe 2027/);
    expect(holidays).toMatch(/rozporządzeniu w sprawie szczegółowej organizacji roku szkolnego/);
    // The calendar page has no winter breaks for 2027: the article must not send readers there for them.
    expect(holidays).not.toMatch(/ferii zimowych znajdziesz/);
  });

  it('explains the consumer credit directive 2023/2225 with its dates and its source', () => {
    const file = path.join(DEFAULT_CONTENT_DIR, 'articles/dyrektywa-ccd2-kredyt-konsumencki.md');
    const text = readFileSync(file, 'utf8');
    for (const date of ['18 października 2023 r.', '20 listopada 2025 r.', '20 listopada 2026 r.'])
      expect(text).toContain(date);
    expect(frontMatter(file)?.['sources']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ url: 'https://eur-lex.europa.eu/eli/dir/2023/2225/oj' }),
      ]),
    );
    expect(text).toMatch(/legislacja\.gov\.pl/);
  });
});
