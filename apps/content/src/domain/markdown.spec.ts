import { renderMarkdown } from './markdown';
import { slugify, SlugRegistry } from './heading-slugs';
import { countWords, readingMinutes } from './text-stats';

/** Every tag in the HTML with its attributes, so assertions look at markup, not escaped text. */
const tags = (html: string) =>
  [...html.matchAll(/<([a-z0-9]+)([^>]*)>/gi)].map((m) => ({ tag: m[1]!.toLowerCase(), attrs: m[2]! }));

describe('renderMarkdown: sanitising', () => {
  it('never lets a script, a style, an iframe or an inline handler through', () => {
    const source = [
      'Tekst <script>alert("x")</script> dalej.',
      '',
      '<p onclick="steal()">akapit</p>',
      '',
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
      '',
      '<img src=x onerror=alert(1)>',
    ].join('\n');
    const { html } = renderMarkdown(source);
    const found = tags(html);
    expect(found.map((t) => t.tag)).toEqual(['p', 'p', 'p', 'p']);
    expect(found.every((t) => !/\bon\w+\s*=/i.test(t.attrs) && !/style=/i.test(t.attrs))).toBe(true);
    // What remains is inert, escaped text.
    expect(html).toContain('&lt;script&gt;');
  });

  it('drops javascript: and data: links but keeps our paths, anchors and mailto', () => {
    const { html } = renderMarkdown(
      '[a](javascript:alert(1)) [b](data:text/html,x) [c](/kalkulator-kredytowy/) [d](#koszty) [e](mailto:kontakt@example.pl)',
    );
    const hrefs = tags(html)
      .filter((t) => t.tag === 'a')
      .map((t) => t.attrs);
    expect(hrefs).toEqual([
      ' href="/kalkulator-kredytowy/"',
      ' href="#koszty"',
      ' href="mailto:kontakt@example.pl"',
    ]);
    expect(html).toContain('<a href="/kalkulator-kredytowy/">c</a>');
    expect(html).toContain('<a href="#koszty">d</a>');
    expect(html).toContain('<a href="mailto:kontakt@example.pl">e</a>');
  });

  it('gives external links rel="noopener" and a tab of their own', () => {
    const { html } = renderMarkdown('Źródło: [ISAP](https://isap.sejm.gov.pl/).');
    expect(html).toBe(
      '<p>Źródło: <a href="https://isap.sejm.gov.pl/" rel="noopener" target="_blank">ISAP</a>.</p>',
    );
  });

  it('keeps the allowed structure: lists, emphasis, quotes, code and aligned tables', () => {
    const source =
      '**ważne** i *kursywa*\n\n> cytat\n\n- jeden\n- dwa\n\n`kod`\n\n| Kwota | RRSO |\n|:--|--:|\n| 100 zł | 0% |';
    const { html } = renderMarkdown(source);
    expect(new Set(tags(html).map((t) => t.tag))).toEqual(
      new Set([
        'p',
        'strong',
        'em',
        'blockquote',
        'ul',
        'li',
        'code',
        'table',
        'thead',
        'tr',
        'th',
        'tbody',
        'td',
      ]),
    );
    expect(html).toContain('<td style="text-align:right">0%</td>');
  });
});

describe('renderMarkdown: headings, table of contents and statistics', () => {
  it('anchors headings with Polish-to-ASCII slugs, unique in the document, and lists ## and ### in the toc', () => {
    const source =
      '## Ile kosztuje pożyczka?\n\ntekst\n\n### Źródła i łączna kwota\n\n#### Szczegół\n\n## Ile kosztuje pożyczka?\n';
    const { html, toc, headings } = renderMarkdown(source, { headingIds: true });
    expect(toc).toEqual([
      { anchor: 'ile-kosztuje-pozyczka', title: 'Ile kosztuje pożyczka?', level: 2 },
      { anchor: 'zrodla-i-laczna-kwota', title: 'Źródła i łączna kwota', level: 3 },
      { anchor: 'ile-kosztuje-pozyczka-2', title: 'Ile kosztuje pożyczka?', level: 2 },
    ]);
    expect(html).toContain('<h4 id="szczegol">Szczegół</h4>');
    expect(headings).toEqual({ h1: 0, h2: 2, h3: 1 });
  });

  it('leaves headings without ids when not asked, and counts h1 and images for the importer', () => {
    const result = renderMarkdown('# Tytuł\n\n## Sekcja\n\n![wykres](/wykres.png)');
    expect(result.html).toContain('<h2>Sekcja</h2>');
    expect(result.toc).toEqual([]);
    expect(result.headings.h1).toBe(1);
    expect(result.images).toBe(1);
    expect(result.html).not.toContain('<img');
  });

  it('counts the words a reader sees, not link targets or markup', () => {
    expect(renderMarkdown('**Dwa** [słowa](https://example.pl/bardzo/dlugi/adres)').words).toBe(2);
  });
});

describe('slugify', () => {
  it('maps every Polish letter to ASCII', () => {
    expect(slugify('Zażółć gęślą jaźń – ĄĆĘŁŃÓŚŹŻ')).toBe('zazolc-gesla-jazn-acelnoszz');
    expect(slugify('RRSO: 0% (dla nowych)!')).toBe('rrso-0-dla-nowych');
    expect(slugify('???')).toBe('sekcja');
  });

  it('numbers repeated slugs', () => {
    const registry = new SlugRegistry();
    expect(['Koszty', 'koszty', 'KOSZTY'].map((t) => registry.claim(t))).toEqual([
      'koszty',
      'koszty-2',
      'koszty-3',
    ]);
  });
});

describe('reading statistics', () => {
  it('counts words with Polish letters, hyphenated words and numbers', () => {
    expect(countWords('Płaca minimalna w 2026 r. to 4 806 zł; e-mail się liczy jako jedno.')).toBe(14);
    expect(countWords('')).toBe(0);
  });

  it('reads 200 words a minute, rounding up, at least one minute', () => {
    expect([0, 1, 200, 201, 650].map(readingMinutes)).toEqual([1, 1, 1, 2, 4]);
  });
});
