import { type ContentFile, type ContentTree } from '../../src/import/content-tree';
import { TAG_SLUGS } from '../../src/import/catalogue';

/** Plain prose of n words for bodies whose length, not wording, is under test. */
export function words(n: number): string {
  const sentence =
    'Przed podpisaniem umowy porównaj całkowity koszt pożyczki oraz RRSO i sprawdź termin spłaty'.split(' ');
  return Array.from({ length: n }, (_, i) => sentence[i % sentence.length]).join(' ') + '.';
}

export function sections(count: number, wordsEach: number): string {
  return Array.from({ length: count }, (_, i) => `## Sekcja numer ${i + 1}\n\n${words(wordsEach)}\n`).join(
    '\n',
  );
}

export const file = (rel: string, text: string): ContentFile => ({ rel, data: Buffer.from(text, 'utf8') });

export function markdown(front: Record<string, unknown> | string, body: string): string {
  const yaml =
    typeof front === 'string'
      ? front
      : Object.entries(front)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
          .join('\n');
  return `---\n${yaml}\n---\n${body}`;
}

export const seoFront = (overrides: Record<string, unknown> = {}) => ({
  path: '/mala-pozyczka/',
  type: 'seo',
  title: 'Mała pożyczka online',
  description: 'Jak porównać małe pożyczki online.',
  h1: 'Mała pożyczka',
  published: '2026-01-10',
  updated: '2026-02-01',
  intro: 'Krótko o małych pożyczkach.',
  faq: [
    { question: 'Czy to bezpłatne?', answer: 'Porównanie jest **bezpłatne**.' },
    { question: 'Ile trwa wniosek?', answer: 'Kilka minut.' },
    { question: 'Czy mogę odstąpić?', answer: 'Tak, w ciągu 14 dni.' },
  ],
  related: ['/placa-minimalna/', '/opinie-o-pozyczkach/vivus/'],
  ...overrides,
});

export const articleFront = (overrides: Record<string, unknown> = {}) => ({
  slug: 'placa-minimalna',
  title: 'Płaca minimalna 2026',
  description: 'Ile wynosi płaca minimalna.',
  h1: 'Płaca minimalna w 2026 roku',
  tags: ['praca-i-kariera'],
  author: 'redakcja',
  written: '2026-01-05',
  edited: '2026-02-10',
  sources: [{ name: 'ISAP', url: 'https://isap.sejm.gov.pl/' }],
  ...overrides,
});

export const lenderFront = (overrides: Record<string, unknown> = {}) => ({
  slug: 'vivus',
  name: 'Vivus',
  title: 'Vivus – opinie',
  subtitle: 'Pożyczki online',
  description: 'Opis pożyczkodawcy.',
  info: { company: null, amount: null, period: null, firstLoanFree: null, checked: '2026-11-21' },
  faq: [
    { question: 'Pytanie pierwsze?', answer: 'Odpowiedź.' },
    { question: 'Pytanie drugie?', answer: 'Odpowiedź.' },
    { question: 'Pytanie trzecie?', answer: 'Odpowiedź.' },
  ],
  ...overrides,
});

export const tagsYaml = (names: Partial<Record<string, string>> = {}) =>
  TAG_SLUGS.map(
    (slug) =>
      `- slug: ${slug}\n  name: ${names[slug] ?? `Tag ${slug}`}\n  description: Artykuły o temacie ${slug}.`,
  ).join('\n');

export const navigationYaml = `
header:
  - title: Pożyczki
    image: /assets/menu/pozyczki.svg
    columns:
      - title: Popularne
        links:
          - text: Mała pożyczka
            link: /mala-pozyczka/
footer:
  - id: loans
    title: Pożyczki
    links: [{ text: Mała pożyczka, link: /mala-pozyczka/ }]
  - id: credits
    title: Kredyty
    links: [{ text: Kredyt gotówkowy, link: /kredyt-gotowkowy/ }]
  - id: cities
    title: Miasta
    links: [{ text: Warszawa, link: /szybkie-pozyczki-warszawa/ }]
  - id: company
    title: Firma
    links: [{ text: O nas, link: /o-nas/ }]
dataRemovalLink:
  text: Usuń moje dane
  link: https://example.pl/unsubscribe/
partners:
  - name: Vivus
    image: /assets/partners/vivus.svg
    link: /opinie-o-pozyczkach/vivus/
`;

/** A small valid tree; pass replacements (rel → text, or null to drop a file). */
export function tree(changes: Record<string, string | null> = {}): ContentTree {
  const base: Record<string, string> = {
    'pages/mala-pozyczka.md': markdown(seoFront(), sections(3, 100)),
    'articles/placa-minimalna.md': markdown(articleFront(), sections(2, 260)),
    'authors/redakcja.md': markdown(
      { slug: 'redakcja', name: 'Redakcja', role: 'Zespół redakcyjny', description: 'Piszemy poradniki.' },
      'Piszemy o finansach osobistych.',
    ),
    'lenders/vivus.md': markdown(
      lenderFront(),
      'Vivus udziela pożyczek online.\n\n## Co sprawdzić\n\nKoszt całkowity.',
    ),
    'tags.yaml': tagsYaml(),
    'navigation.yaml': navigationYaml,
  };
  const files = { ...base, ...changes };
  return {
    label: 'content',
    files: Object.entries(files)
      .filter((entry): entry is [string, string] => entry[1] !== null)
      .map(([rel, text]) => file(rel, text)),
    problems: [],
  };
}
