import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  articleFront,
  copyFixtureContent,
  lenderFront,
  markdown,
  sections,
  seoFront,
} from './content-builders';

/*
 * The sample site: the fixture content tree (CONTENT_FIXTURE_DIR) plus what a whole site needs on
 * top of it, built here with the same builders the content tests use: the home page, the lender
 * review listing's page, a lender whose facts are known, the calendar's school breaks and enough articles to page the blog and a
 * tag. The gateway's tests run the real services on it, and its fake content service answers what
 * the real one answered for it (apps/gateway/test/fixtures/content-answers.json, checked against
 * the real service by apps/gateway/test/stack.int.spec.ts). This file and the fixture tree are the
 * one definition of that sample content.
 */

/** Articles added to the fixture's three: 23 in all, three blog pages of nine. */
export const SAMPLE_GUIDE_COUNT = 20;
/** The first this many added articles carry the 'kredyty' tag (with the fixture's BIK article: two tag pages). */
export const SAMPLE_CREDIT_GUIDES = 9;

export const sampleGuideSlug = (n: number) => `poradnik-finansowy-${n}`;

/** Added articles, newest first, all older than the fixture's articles (so those open the blog). */
function guide(n: number): string {
  const day = String(28 - n).padStart(2, '0');
  return markdown(
    articleFront({
      slug: sampleGuideSlug(n),
      title: `Poradnik finansowy, część ${n}`,
      description: `Część ${n} poradnika o domowych finansach: budżet, koszty i spłata zobowiązań.`,
      h1: `Poradnik finansowy – część ${n}`,
      tags: n <= SAMPLE_CREDIT_GUIDES ? ['kredyty'] : ['finanse-domowe'],
      author: 'redakcja',
      written: `2024-11-${day}`,
      edited: `2024-11-${day}`,
    }),
    sections(2, 260),
  );
}

/** Winter school breaks of the sample site's calendar (content/calendar/ferie-zimowe.json), per year. */
export const SAMPLE_SCHOOL_BREAKS: Readonly<
  Record<string, readonly { from: string; to: string; voivodeships: readonly string[] }[]>
> = {
  '2026': [{ from: '2026-01-19', to: '2026-02-01', voivodeships: ['mazowieckie', 'lubelskie'] }],
  '2027': [{ from: '2027-01-18', to: '2027-01-31', voivodeships: ['mazowieckie', 'lubelskie'] }],
};

/** What the sample site adds to the fixture tree: content-folder path → file text. */
export function sampleSiteExtras(): Record<string, string> {
  const files: Record<string, string> = {
    'pages/index.md': markdown(
      seoFront({
        path: '/',
        type: 'page',
        title: 'Porównywarka pożyczek online – oferty do 15 000 zł',
        description: 'Porównaj pożyczki online i kredyty gotówkowe w jednym miejscu, bez opłat.',
        h1: 'Pożyczka online do 15 000 zł — porównaj oferty w kilka minut',
        published: '2025-03-03',
        updated: '2026-11-21',
        intro:
          'Ustaw kwotę i okres spłaty, a potem porównaj oferty firm, które mogą rozpatrzyć Twój wniosek.',
        faq: undefined,
        related: undefined,
      }),
      sections(2, 80),
    ),
    // Replaces the copy the content service seeds in a migration (whose dates are those of the run).
    'pages/jak-to-dziala.md': markdown(
      seoFront({
        path: '/jak-to-dziala/',
        type: 'page',
        title: 'Jak to działa — od wniosku do wypłaty',
        description:
          'Jak w trzech krokach porównać oferty pożyczek i złożyć wniosek u wybranego pożyczkodawcy.',
        h1: 'Jak to działa',
        published: '2025-03-03',
        updated: '2026-10-01',
        intro: undefined,
        faq: undefined,
        related: undefined,
      }),
      sections(3, 40),
    ),
    'pages/opinie-o-pozyczkach.md': markdown(
      seoFront({
        path: '/opinie-o-pozyczkach/',
        type: 'page',
        title: 'Opinie o pożyczkach – recenzje firm pożyczkowych',
        description: 'Opinie klientów i nasze omówienia firm pożyczkowych w jednym miejscu.',
        h1: 'Opinie o pożyczkach',
        published: '2025-06-16',
        updated: '2026-11-21',
        intro: 'Zebraliśmy w jednym miejscu omówienia firm pożyczkowych i opinie ich klientów.',
        faq: [
          {
            question: 'Kto pisze opinie o firmach?',
            answer: 'Omówienia pisze redakcja, opinie dodają użytkownicy.',
          },
          {
            question: 'Czy opinie są moderowane?',
            answer: 'Tak, każdą sprawdza moderator przed publikacją.',
          },
          {
            question: 'Czy firmy płacą za opinie?',
            answer: 'Nie, współpraca nie wpływa na publikowane opinie.',
          },
          {
            question: 'Czy serwis udziela pożyczek?',
            answer: 'Nie, pomagamy porównać oferty pożyczkodawców.',
          },
        ],
        related: undefined,
      }),
      sections(2, 80),
    ),
    'lenders/kuki.md': markdown(
      lenderFront({
        slug: 'kuki',
        name: 'Kuki',
        title: 'Kuki – opinie i warunki pożyczki',
        subtitle: 'Krótkoterminowe pożyczki online – sprawdź warunki przed wnioskiem.',
        description: 'Opinie klientów o Kuki, kwoty, okresy i koszty pożyczek.',
        faq: [
          {
            question: 'Czy Kuki sprawdza bazy dłużników?',
            answer: 'Tak, jak każdy pożyczkodawca ocenia zdolność kredytową.',
          },
          { question: 'Ile można pożyczyć w Kuki?', answer: 'Kwoty i okresy podaje formularz informacyjny.' },
          { question: 'Jak odstąpić od umowy?', answer: 'W ciągu 14 dni, bez podawania przyczyny.' },
        ],
      }),
      'Kuki udziela krótkoterminowych pożyczek przez internet.\n\n## Co sprawdzić\n\nCałkowity koszt i termin spłaty.',
    ),
  };
  files['calendar/ferie-zimowe.json'] = JSON.stringify(SAMPLE_SCHOOL_BREAKS, null, 2);
  for (let n = 1; n <= SAMPLE_GUIDE_COUNT; n += 1) files[`articles/${sampleGuideSlug(n)}.md`] = guide(n);
  return files;
}

/** A private, writable copy of the fixture tree with the sample site's additions written into it. */
export async function writeSampleSite(): Promise<{ dir: string; remove(): Promise<void> }> {
  const copy = await copyFixtureContent();
  try {
    for (const [rel, text] of Object.entries(sampleSiteExtras())) {
      await mkdir(path.dirname(path.join(copy.dir, rel)), { recursive: true });
      await writeFile(path.join(copy.dir, rel), text, 'utf8');
    }
  } catch (error) {
    await copy.remove();
    throw error;
  }
  return copy;
}
