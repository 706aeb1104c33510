import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

/*
 * Editorial content for tests of the content service and of the gateway over it: a fixture tree on
 * disk and builders for trees held in memory. The tree shape matches the content service's
 * ContentTree structurally, so this library never imports the app.
 */

/** The fixture content tree (absolute path); copy it before changing anything in it. */
export const CONTENT_FIXTURE_DIR = path.join(__dirname, '../fixtures/content');

/** A private, writable copy of the fixture content (named 'content', as import messages show it). */
export async function copyFixtureContent(): Promise<{ dir: string; remove(): Promise<void> }> {
  const parent = await mkdtemp(path.join(tmpdir(), 'content-test-'));
  const dir = path.join(parent, 'content');
  await cp(CONTENT_FIXTURE_DIR, dir, { recursive: true });
  return { dir, remove: () => rm(parent, { recursive: true, force: true }) };
}

export interface TestContentFile {
  /** Path inside the content folder with forward slashes: 'pages/mala-pozyczka.md'. */
  rel: string;
  data: Buffer;
}

export interface TestContentTree {
  label: string;
  files: TestContentFile[];
  problems: { file: string; field: string; message: string }[];
}

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
  // SEO pages declare their offers block; other page types show none.
  ...(overrides['type'] === undefined || overrides['type'] === 'seo'
    ? { offers: { amount: 1000, periodDays: 61 } }
    : {}),
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
  faq: [
    { question: 'Pytanie pierwsze?', answer: 'Odpowiedź.' },
    { question: 'Pytanie drugie?', answer: 'Odpowiedź.' },
    { question: 'Pytanie trzecie?', answer: 'Odpowiedź.' },
  ],
  ...overrides,
});

/*
 * The 14 blog tags, in order, as the fixture's tags.yaml lists them. Read from there rather than
 * written here again: the content service's catalogue is the one list in code, and importing the
 * fixture (content-import.int.spec) fails the moment the fixture no longer matches it.
 */
let fixtureTagSlugs: readonly string[] | undefined;
function tagSlugs(): readonly string[] {
  fixtureTagSlugs ??= (
    parse(readFileSync(path.join(CONTENT_FIXTURE_DIR, 'tags.yaml'), 'utf8')) as { slug: string }[]
  ).map((tag) => tag.slug);
  return fixtureTagSlugs;
}

/** A tags.yaml with every blog tag; names default to `Tag <slug>`. */
export const tagsYaml = (names: Partial<Record<string, string>> = {}) =>
  tagSlugs()
    .map(
      (slug) =>
        `- slug: ${slug}\n  name: ${names[slug] ?? `Tag ${slug}`}\n  description: Artykuły o temacie ${slug}.`,
    )
    .join('\n');

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

/** A small valid tree in memory; pass replacements (rel → text, or null to drop a file). */
export function contentTree(changes: Record<string, string | null> = {}): TestContentTree {
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
      .map(([rel, text]) => ({ rel, data: Buffer.from(text, 'utf8') })),
    problems: [],
  };
}
