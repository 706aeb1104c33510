import { type ArticleDetailRow, type ArticleRow } from '../../src/persistence/articles.repository';
import { type AuthorRow, type TagRow } from '../../src/persistence/blog-taxonomy.repository';
import { CommentEntity } from '../../src/persistence/comment.entity';
import { type LenderRow } from '../../src/persistence/lenders.repository';
import { PageEntity } from '../../src/persistence/page.entity';

/*
 * Rows as the content repositories return them, for use case unit tests that stand in for the
 * repositories: plausible defaults, overridden per test where the value matters.
 */

export const pageRow = (overrides: Partial<PageEntity> = {}): PageEntity =>
  Object.assign(new PageEntity(), {
    id: 7,
    path: '/mala-pozyczka/',
    type: 'seo',
    link: '/mala-pozyczka/',
    title: 'Mała pożyczka online',
    description: 'Jak porównać małe pożyczki online.',
    h1: 'Mała pożyczka',
    bodyHtml: '<h2 id="koszty">Koszty</h2><p>Liczy się RRSO.</p>',
    introHtml: '<p>Krótko.</p>',
    faq: [{ question: 'Czy to bezpłatne?', answerHtml: '<p>Tak.</p>' }],
    related: [],
    toc: [{ anchor: 'koszty', title: 'Koszty', level: 2 }],
    wordCount: 320,
    readingMinutes: 2,
    showOffers: true,
    offerBlock: {
      amountZl: 1_000,
      periodDays: 61,
      productTypes: ['payday'],
      firstLoanFreeOnly: false,
      ageFrom: 0,
      ageTo: 0,
      business: false,
      withoutCreditCheck: false,
      fallbackPath: '',
    },
    contentHash: 'hash',
    renderVersion: 1,
    sourceFile: 'content/pages/mala-pozyczka.md',
    published: true,
    publishedAt: new Date('2026-01-09T23:00:00Z'),
    updatedAt: new Date('2026-01-31T23:00:00Z'),
    ...overrides,
  });

export const articleRow = (overrides: Partial<ArticleRow> = {}): ArticleRow => ({
  id: 1,
  slug: 'placa-minimalna',
  path: '/placa-minimalna/',
  title: 'Płaca minimalna 2026',
  description: 'Ile wynosi płaca minimalna.',
  written: '2026-01-05',
  edited: '2026-02-10',
  views: 10,
  readingMinutes: 3,
  tags: ['praca-i-kariera'],
  authorId: 3,
  ...overrides,
});

export const articleDetailRow = (overrides: Partial<ArticleDetailRow> = {}): ArticleDetailRow => ({
  ...articleRow(),
  h1: 'Płaca minimalna w 2026 roku',
  bodyHtml: '<h2 id="kwota">Kwota</h2><p>4806 zł.</p>',
  toc: [{ anchor: 'kwota', title: 'Kwota', level: 2 }],
  faq: [],
  wordCount: 600,
  sources: [{ name: 'ISAP', url: 'https://isap.sejm.gov.pl/' }],
  ratingsCount: 2,
  ratingsSum: 9,
  commentsCount: 3,
  ...overrides,
});

export const tagRow = (overrides: Partial<TagRow> = {}): TagRow => ({
  slug: 'praca-i-kariera',
  name: 'Praca i kariera',
  description: 'Artykuły o pracy.',
  position: 8,
  articlesCount: 4,
  ...overrides,
});

export const authorRow = (overrides: Partial<AuthorRow> = {}): AuthorRow => ({
  id: 3,
  slug: 'redakcja',
  name: 'Redakcja',
  role: 'Zespół redakcyjny',
  imageUrl: '',
  bioHtml: '<p>Piszemy poradniki.</p>',
  ...overrides,
});

export const lenderRow = (overrides: Partial<LenderRow> = {}): LenderRow => ({
  slug: 'vivus',
  path: '/opinie-o-pozyczkach/vivus/',
  name: 'Vivus',
  logoUrl: '',
  reviewsCount: 2,
  ratingsSum: 9,
  title: 'Vivus – opinie',
  subtitle: 'Pożyczki online',
  description: 'Opis pożyczkodawcy.',
  faq: [{ question: 'Pytanie?', answerHtml: '<p>Odpowiedź.</p>' }],
  info: {
    company: 'Vivus Finance sp. z o.o.',
    amount: null,
    period: null,
    firstLoanFree: true,
    checked: '2026-11-21',
  },
  bodyHtml: '<p>Vivus udziela pożyczek online.</p>',
  ...overrides,
});

export const commentRow = (overrides: Partial<CommentEntity> = {}): CommentEntity =>
  Object.assign(new CommentEntity(), {
    id: '11',
    pagePath: '/opinie-o-pozyczkach/vivus/',
    replyTo: null,
    name: 'Marta',
    email: 'marta@example.pl',
    authorType: 'visitor',
    text: 'Pożyczka przyszła na konto po kwadransie.',
    rating: 5,
    state: 'published',
    sessionId: null,
    createdAt: new Date('2026-03-01T10:00:00Z'),
    moderatedAt: new Date('2026-03-01T11:00:00Z'),
    moderatedBy: 'moderator-1',
    rejectionReason: null,
    ...overrides,
  });
