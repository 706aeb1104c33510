import { status } from '@grpc/grpc-js';
import { contentV1, richStatusMetadata } from '@lib/contracts';
import { holidayCalendar, MAX_YEAR, MIN_YEAR } from '@lib/pl-calendar';
import { FakeGrpcError, type FakeHandler } from './fake-grpc';
import { ABOUT_PAGE, HOME_PAGE, OFFERS } from './fixtures';

/*
 * A fake content service with every editorial RPC the gateway calls, answering from the data
 * below. Assertions read the same constants.
 */

export const SEO_PAGE: Partial<contentV1.Page> = {
  path: '/pozyczki-dla-studentow/',
  type: 3,
  link: '/pozyczki-dla-studentow/',
  title: 'Pożyczki dla studentów – jak je porównać',
  description: 'Jak student może pożyczyć pieniądze rozsądnie: warunki, koszty i na co uważać.',
  h1: 'Pożyczki dla studentów',
  introHtml: '<p>Student z własnym dochodem może dostać pożyczkę, ale <strong>warunki</strong> różnią się między firmami.</p>',
  bodyHtml:
    '<h2 id="kto-moze">Kto może dostać pożyczkę</h2><p>Pełnoletni z dochodem.</p><h2 id="koszty">Koszty</h2><p>Liczy się RRSO.</p><h2 id="na-co-uwazac">Na co uważać</h2><p>Na terminy spłaty.</p>',
  updatedAt: '2026-10-28T09:00:00Z',
  publishedAt: '2025-04-14T09:00:00Z',
  breadcrumbs: [
    { text: 'Strona główna', link: '/' },
    { text: 'Pożyczki dla studentów', link: '' },
  ],
  faq: [
    { question: 'Czy student bez pracy dostanie pożyczkę?', answerHtml: '<p>Zwykle potrzebny jest <em>stały</em> dochód &amp; konto.</p>' },
    { question: 'Ile kosztuje pożyczka?', answerHtml: '<p>Zależy od oferty.</p>' },
    { question: 'Czy porównanie jest płatne?', answerHtml: '<p>Nie.</p>' },
  ],
  toc: [
    { anchor: 'kto-moze', title: 'Kto może dostać pożyczkę', level: 2 },
    { anchor: 'koszty', title: 'Koszty', level: 2 },
    { anchor: 'na-co-uwazac', title: 'Na co uważać', level: 2 },
  ],
  related: [
    { path: '/pozyczki-od-18-lat/', title: 'Pożyczki od 18 lat' },
    { path: '/mala-pozyczka/', title: 'Mała pożyczka' },
  ],
  showOffers: true,
  readingTimeMinutes: 4,
  wordCount: 720,
};

export const DOC_PAGE: Partial<contentV1.Page> = {
  path: '/polityka-cookies/',
  type: 5,
  link: '/polityka-cookies/',
  title: 'Polityka cookies',
  description: 'Jak serwis używa plików cookies.',
  h1: 'Polityka plików cookies',
  bodyHtml: '<h2 id="czym-sa">Czym są cookies</h2><p>Małe pliki tekstowe zapisywane przez przeglądarkę.</p>',
  updatedAt: '2026-09-01T08:00:00Z',
  faq: [{ question: 'Czy usunę cookies wpisując </script><script>alert(1)</script>?', answerHtml: '<p>Nie &lt;script&gt;, tylko w ustawieniach przeglądarki.</p>' }],
};

export const ARTICLE_SLUG = 'placa-minimalna';

export const ARTICLE_PAGE: Partial<contentV1.Page> = {
  path: `/${ARTICLE_SLUG}/`,
  type: 1,
  link: `/${ARTICLE_SLUG}/`,
  title: 'Płaca minimalna 2026 – ile wynosi',
  description: 'Płaca minimalna w 2026 roku: kwota brutto i netto oraz stawka godzinowa.',
  h1: 'Płaca minimalna w 2026 roku',
  bodyHtml: '<p>Kopia treści, której strona artykułu nie używa.</p>',
  updatedAt: '2026-09-14T08:00:00Z',
  breadcrumbs: [
    { text: 'Strona główna', link: '/' },
    { text: 'Blog', link: '/blog/' },
    { text: 'Płaca minimalna w 2026 roku', link: '' },
  ],
};

export const REVIEWS_PAGE: Partial<contentV1.Page> = {
  path: '/opinie-o-pozyczkach/',
  type: 7,
  link: '/opinie-o-pozyczkach/',
  title: 'Opinie o pożyczkach – firmy pożyczkowe',
  description: 'Opinie klientów i fakty o firmach pożyczkowych w jednym miejscu.',
  h1: 'Opinie o pożyczkach',
  introHtml: '<p>Sprawdź, co klienci mówią o firmach pożyczkowych, zanim złożysz wniosek.</p>',
  bodyHtml: '<p>Opinie publikujemy po sprawdzeniu przez moderatora.</p>',
  breadcrumbs: [
    { text: 'Pożyczki online', link: '/' },
    { text: 'Opinie o pożyczkach', link: '' },
  ],
  faq: [
    { question: 'Skąd pochodzą opinie?', answerHtml: '<p>Od klientów.</p>' },
    { question: 'Czy opinie są moderowane?', answerHtml: '<p>Tak.</p>' },
    { question: 'Czy mogę dodać opinię?', answerHtml: '<p>Tak, pod opisem firmy.</p>' },
    { question: 'Czy serwis udziela pożyczek?', answerHtml: '<p>Nie, jesteśmy pośrednikiem.</p>' },
  ],
};

export const TAGS: contentV1.Tag[] = [
  { slug: 'kredyty', url: '/blog/kredyty/', name: 'Kredyty', description: 'Wszystko o kredytach gotówkowych i konsolidacyjnych.', articlesCount: 11 },
  { slug: 'praca-i-kariera', url: '/blog/praca-i-kariera/', name: 'Praca i kariera', description: 'Wynagrodzenia, umowy i prawa pracownika.', articlesCount: 0 },
];

export const AUTHOR: contentV1.AuthorSummary = {
  id: 7,
  slug: 'anna-kowalczyk',
  name: 'Anna Kowalczyk',
  role: 'Redaktorka działu finansów osobistych',
  imageUrl: '',
};

const FIRST_TITLES = ['Płaca minimalna w 2026 roku', 'Waloryzacja emerytur', 'Jak sprawdzić BIK za darmo', 'Kredyt w Play'];
const FIRST_SLUGS = [ARTICLE_SLUG, 'waloryzacja-emerytur', 'jak-sprawdzic-bik-za-darmo', 'kredyt-w-play'];

/** 23 articles, newest first: three listing pages of nine. The first eleven carry 'kredyty'. */
export const ARTICLES: contentV1.ArticleSummary[] = Array.from({ length: 23 }, (_, index) => {
  const slug = FIRST_SLUGS[index] ?? `poradnik-finansowy-${index + 1}`;
  const day = String(28 - index).padStart(2, '0');
  return {
    slug,
    path: `/${slug}/`,
    title: FIRST_TITLES[index] ?? `Poradnik finansowy, część ${index + 1}`,
    excerpt: `Krótki wstęp do artykułu numer ${index + 1}.`,
    imageUrl: '',
    imageCaption: '',
    writtenAt: `2026-08-${day}`,
    editedAt: index === 0 ? '2026-09-14' : '',
    views: 1000 - index,
    readingTimeMinutes: 5,
    tagSlugs: index < 11 ? ['kredyty'] : ['gospodarka'],
    authorId: AUTHOR.id,
  };
});

export const ARTICLE: Partial<contentV1.Article> = {
  summary: { ...ARTICLES[0]!, views: 12345 },
  h1: 'Płaca minimalna w 2026 roku',
  description: 'Ile wynosi płaca minimalna w 2026 roku i jak zmieniła się od 2025.',
  bodyHtml:
    '<h2 id="kwota">Kwota brutto</h2><p>Od 1 stycznia 2026 r. płaca minimalna wynosi 4806 zł brutto.</p><h3 id="netto">Kwota netto</h3><p>Netto zależy od składek.</p><h2 id="stawka">Stawka godzinowa</h2><p>31,40 zł.</p>',
  author: AUTHOR,
  tags: [TAGS[0]!],
  ratingsCount: 4,
  ratingsSum: 18,
  commentsCount: 6,
  toc: [
    { anchor: 'kwota', title: 'Kwota brutto', level: 2 },
    { anchor: 'netto', title: 'Kwota netto', level: 3 },
    { anchor: 'stawka', title: 'Stawka godzinowa', level: 2 },
  ],
  similar: [ARTICLES[1]!, ARTICLES[2]!],
  popular: [ARTICLES[3]!],
  sources: [{ name: 'Rozporządzenie Rady Ministrów w sprawie minimalnego wynagrodzenia za pracę w 2026 r.', url: 'https://isap.sejm.gov.pl/' }],
  wordCount: 640,
};

export const LENDERS: contentV1.LenderReviewSummary[] = [
  { slug: 'vivus', path: '/opinie-o-pozyczkach/vivus/', name: 'Vivus', logoUrl: '', reviewsCount: 128, ratingsSum: 589 },
  { slug: 'wonga', path: '/opinie-o-pozyczkach/wonga/', name: 'Wonga', logoUrl: '', reviewsCount: 0, ratingsSum: 0 },
];

export const VIVUS_REVIEW: Partial<contentV1.LenderReview> = {
  summary: LENDERS[0]!,
  title: 'Vivus – opinie i warunki pożyczki',
  subtitle: 'Pierwsza pożyczka za darmo dla nowych klientów – sprawdź warunki.',
  description: 'Opinie klientów o Vivus, kwoty, okresy i koszty pożyczek.',
  faq: [
    { question: 'Czy Vivus sprawdza BIK?', answerHtml: '<p>Tak, jak każdy pożyczkodawca.</p>' },
    { question: 'Ile można pożyczyć?', answerHtml: '<p>Do 5000 zł przy pierwszej pożyczce.</p>' },
  ],
  info: [
    { label: 'Firma', value: '4finance sp. z o.o.' },
    { label: 'Kwota', value: '100 – 5 000 zł' },
    { label: 'Pierwsza pożyczka za darmo', value: 'tak' },
  ],
  infoCheckedAt: '2026-11-01',
  bodyHtml: '<p>Vivus działa w Polsce od 2012 roku.</p>',
  offerId: 101,
};

/** A tiny inline picture, so pages with images load nothing that is not there. */
const PICTURE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="160" height="90"><rect width="160" height="90" fill="#0b6b50"/></svg>')}`;

export const NAVIGATION: Partial<contentV1.Navigation> = {
  menuGroups: [
    {
      title: 'Pożyczki',
      imageUrl: PICTURE,
      columns: [
        { id: '', title: 'Popularne', links: [{ text: 'Pożyczki dla studentów', link: '/pozyczki-dla-studentow/', icon: '' }] },
        { id: '', title: 'Na dowód', links: [{ text: 'Pożyczka na dowód', link: '/pozyczka-na-dowod/', icon: '' }] },
      ],
    },
    { title: 'Kredyty', imageUrl: '', columns: [{ id: '', title: '', links: [{ text: 'Kredyt gotówkowy', link: '/kredyt-gotowkowy/', icon: '' }] }] },
    { title: 'Rankingi', imageUrl: '', columns: [{ id: '', title: '', links: [{ text: 'Ranking chwilówek', link: '/ranking-chwilowek/', icon: '' }] }] },
  ],
  footerColumns: [
    { id: 'loans', title: 'Pożyczki', links: [{ text: 'Pożyczki dla studentów', link: '/pozyczki-dla-studentow/', icon: '' }] },
    { id: 'credits', title: 'Kredyty', links: [{ text: 'Kredyt gotówkowy', link: '/kredyt-gotowkowy/', icon: '' }] },
    { id: 'cities', title: 'Miasta', links: [{ text: 'Pożyczki Kraków', link: '/pozyczki-krakow/', icon: '' }] },
    {
      id: 'company',
      title: 'O serwisie',
      links: [
        { text: 'O nas', link: '/o-nas/', icon: '' },
        { text: 'Kontakt', link: '/kontakt/', icon: '' },
        { text: 'Polityka cookies', link: '/polityka-cookies/', icon: '' },
      ],
    },
  ],
  partners: [{ name: 'Partner Finansowy', imageUrl: PICTURE, link: 'https://partner.example/' }],
  dataRemovalLink: { text: 'Usuń swoje dane osobowe', link: 'https://dane.example/usun/', icon: '' },
};

export interface FakeContent {
  handlers: Record<string, FakeHandler>;
  /** RecordArticleView requests received, in order. */
  views: contentV1.RecordArticleViewRequest[];
  /** SubmitComment requests received, in order (valid or not). */
  submissions: contentV1.SubmitCommentRequest[];
  /** ListComments requests received, in order. */
  commentLists: contentV1.ListCommentsRequest[];
}

const VISITOR = 1;
const COMPANY = 2;
const EXPERT = 3;

/** A published comment of the fake; ids count down so newer comments have larger ids. */
function comment(id: number, name: string, text: string, rating: number, createdAt: string, replies: contentV1.Comment[] = []): contentV1.Comment {
  return { id, replyTo: 0, name, authorType: VISITOR, text, rating, createdAt, replies };
}

/**
 * Published comments of the article, newest first: 12 top-level (two pages of ten) and two staff
 * replies under the newest. Ratings: 12 comments rated, sum 50.
 */
export const ARTICLE_COMMENTS: contentV1.Comment[] = [
  comment(112, 'Marta z Gdańska', 'Bardzo przydatne wyliczenie netto, dzięki!\nDruga linia komentarza.', 5, '2026-10-03T18:30:00Z', [
    { id: 200, replyTo: 112, name: 'Zespół Porównywarki', authorType: COMPANY, text: 'Dziękujemy, cieszymy się, że pomogło.', rating: 0, createdAt: '2026-10-04T08:00:00Z', replies: [] },
    { id: 201, replyTo: 112, name: 'Anna Kowalczyk', authorType: EXPERT, text: 'Stawka godzinowa też rośnie od stycznia.', rating: 0, createdAt: '2026-10-04T09:00:00Z', replies: [] },
  ]),
  ...Array.from({ length: 11 }, (_, index) =>
    comment(111 - index, `Czytelnik ${11 - index}`, `Komentarz numer ${11 - index} <b>bez HTML</b>.`, index % 2 === 0 ? 4 : 3, `2026-09-${String(20 - index).padStart(2, '0')}T10:00:00Z`),
  ),
];
export const ARTICLE_COMMENTS_TOTAL = ARTICLE_COMMENTS.length + 2;

/** What the fake service answers to an invalid comment, like the real one (field + Polish text). */
export const FAKE_VIOLATIONS = {
  email: 'Wprowadź prawidłowy adres e-mail',
  text: 'Wpisz treść komentarza (od 3 do 5000 znaków)',
  rating: 'Wybierz ocenę od 1 do 5',
  replyTo: 'Komentarz, na który odpowiadasz, nie istnieje',
};

const PAGES = [HOME_PAGE, ABOUT_PAGE, SEO_PAGE, DOC_PAGE, ARTICLE_PAGE, REVIEWS_PAGE];

function pageInfo(page: number, pageSize: number, totalItems: number) {
  return { page, pageSize, totalItems, totalPages: Math.ceil(totalItems / pageSize) };
}

const notFound = (what: string) => new FakeGrpcError(status.NOT_FOUND, `${what} not found`);

function submitComment(request: contentV1.SubmitCommentRequest, submissions: contentV1.SubmitCommentRequest[]) {
  submissions.push(request);
  const violations: { field: string; description: string }[] = [];
  if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(request.email.trim())) violations.push({ field: 'email', description: FAKE_VIOLATIONS.email });
  if (request.text.trim().length < 3 || request.text.length > 5000) violations.push({ field: 'text', description: FAKE_VIOLATIONS.text });
  if (request.replyTo === 0 && (request.rating < 1 || request.rating > 5)) violations.push({ field: 'rating', description: FAKE_VIOLATIONS.rating });
  if (request.replyTo !== 0 && !ARTICLE_COMMENTS.some((c) => c.id === request.replyTo)) violations.push({ field: 'replyTo', description: FAKE_VIOLATIONS.replyTo });
  if (violations.length > 0) {
    throw new FakeGrpcError(status.INVALID_ARGUMENT, 'request is invalid', richStatusMetadata({ code: status.INVALID_ARGUMENT, message: 'request is invalid', fieldViolations: violations }));
  }
  return { commentId: 500 + submissions.length, state: 1, createdAt: '2026-10-05T10:00:00Z' };
}

export function createFakeContent(): FakeContent {
  const views: contentV1.RecordArticleViewRequest[] = [];
  const submissions: contentV1.SubmitCommentRequest[] = [];
  const commentLists: contentV1.ListCommentsRequest[] = [];
  const handlers: Record<string, FakeHandler> = {
    GetPage: (request) => {
      const { path } = request as contentV1.GetPageRequest;
      const page = PAGES.find((candidate) => candidate.path === path);
      if (!page) throw notFound(`page ${path}`);
      return page;
    },
    GetArticle: (request) => {
      const { slug } = request as contentV1.GetArticleRequest;
      if (slug !== ARTICLE_SLUG) throw notFound(`article ${slug}`);
      return ARTICLE;
    },
    ListArticles: (request) => {
      const { page, tagSlug, authorSlug } = request as contentV1.ListArticlesRequest;
      const number = page?.page || 1;
      const size = page?.pageSize || 10;
      const matching = ARTICLES.filter((article) => (!tagSlug || article.tagSlugs.includes(tagSlug)) && (!authorSlug || authorSlug === AUTHOR.slug));
      return { articles: matching.slice((number - 1) * size, number * size), pageInfo: pageInfo(number, size, matching.length) };
    },
    ListTags: () => ({ tags: TAGS }),
    GetTag: (request) => {
      const { slug } = request as contentV1.GetTagRequest;
      const tag = TAGS.find((candidate) => candidate.slug === slug);
      if (!tag) throw notFound(`tag ${slug}`);
      return tag;
    },
    ListPopularArticles: (request) => ({ articles: ARTICLES.slice(0, (request as contentV1.ListPopularArticlesRequest).limit || 5) }),
    RecordArticleView: (request) => {
      const view = request as contentV1.RecordArticleViewRequest;
      if (view.slug !== ARTICLE_SLUG) throw notFound(`article ${view.slug}`);
      views.push(view);
      return { views: 12345 + views.length, counted: true };
    },
    GetAuthor: (request) => {
      const { slug, page } = request as contentV1.GetAuthorRequest;
      if (slug !== AUTHOR.slug) throw notFound(`author ${slug}`);
      const size = page?.pageSize || 10;
      return {
        summary: AUTHOR,
        bioHtml: '<p>Anna pisze o budżecie domowym i prawach konsumenta od 2015 roku.</p>',
        articles: ARTICLES.slice(0, size),
        pageInfo: pageInfo(1, size, ARTICLES.length),
      };
    },
    ListLenderReviews: () => ({ lenders: LENDERS }),
    GetLenderReview: (request) => {
      const { slug } = request as contentV1.GetLenderReviewRequest;
      if (slug === 'vivus') return VIVUS_REVIEW;
      if (slug === 'wonga') return { summary: LENDERS[1], title: 'Wonga – opinie', subtitle: 'Pożyczki ratalne.', faq: [], info: [], offerId: 0 };
      throw notFound(`lender ${slug}`);
    },
    GetHolidayCalendar: (request) => {
      const { year } = request as contentV1.GetHolidayCalendarRequest;
      if (year < MIN_YEAR || year > MAX_YEAR) throw notFound(`calendar ${year}`);
      return holidayCalendar(year, [
        { from: `${year}-01-19`, to: `${year}-02-01`, voivodeships: ['mazowieckie', 'lubelskie'] },
      ]);
    },
    GetNavigation: () => NAVIGATION,
    SubmitComment: (request) => submitComment(request as contentV1.SubmitCommentRequest, submissions),
    ListComments: (request) => {
      const list = request as contentV1.ListCommentsRequest;
      commentLists.push(list);
      const all = list.pagePath === `/${ARTICLE_SLUG}/` ? ARTICLE_COMMENTS : [];
      const ordered = list.sort === contentV1.CommentSort.OLDER ? [...all].reverse() : all;
      const number = list.page?.page || 1;
      const size = list.page?.pageSize || 10;
      return {
        comments: ordered.slice((number - 1) * size, number * size),
        pageInfo: pageInfo(number, size, ordered.length),
        totalCount: all.length === 0 ? 0 : ARTICLE_COMMENTS_TOTAL,
        ratingsCount: all.length,
        ratingsSum: all.reduce((sum, c) => sum + c.rating, 0),
      };
    },
    ListSitemapEntries: (request) => {
      const { baseUrl } = request as contentV1.ListSitemapEntriesRequest;
      const paths: [string, string][] = [
        ['/o-nas/', '2025-12-01'],
        ['/pozyczki-dla-studentow/', '2026-10-28'],
        ['/polityka-cookies/', '2026-09-01T08:00:00Z'],
        [`/${ARTICLE_SLUG}/`, '2026-09-14'],
        ['/blog/kredyty/', '2026-08-28'],
        ['/autor/anna-kowalczyk/', '2026-08-28'],
        ['/opinie-o-pozyczkach/', '2026-11-01'],
        ['/opinie-o-pozyczkach/vivus/', '2026-11-01'],
        ['/strona-z-&-w-adresie/', '2026-01-01'],
      ];
      return { entries: paths.map(([path, lastmod]) => ({ loc: `${baseUrl}${path}`, lastmod })) };
    },
  };
  return { handlers, views, submissions, commentLists };
}

/** The offers service for the content pages: the listing and one offer by id. */
export const OFFERS_HANDLERS: Record<string, FakeHandler> = {
  ListOffers: (request) => {
    const { country } = request as { country: string };
    return country === 'PL' ? { offers: OFFERS, total: 27 } : { offers: [], total: 0 };
  },
  GetOffer: (request) => {
    const { offerId } = request as { offerId: number };
    const offer = OFFERS.find((candidate) => candidate.offerId === offerId);
    if (!offer) throw notFound(`offer ${offerId}`);
    return offer;
  },
};
