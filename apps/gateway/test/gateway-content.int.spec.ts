import { status as GrpcStatus } from '@grpc/grpc-js';
import { type contentV1 } from '@lib/contracts';
import { FakeGrpcError, type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import {
  ARTICLE,
  ARTICLE_COMMENTS,
  ARTICLE_PAGE,
  ARTICLE_SLUG,
  ARTICLES,
  AUTHOR,
  DOC_PAGE,
  LENDER_WITH_FACTS,
  NAVIGATION,
  OFFERS_HANDLERS,
  REVIEWS_PAGE,
  SEO_PAGE,
  TAGS,
  VIVUS_REVIEW,
  createFakeContent,
  type FakeContent,
} from './support/content-fixtures';
import { type PagePayload } from '../src/app/page-payload';
import { pageDataKey } from '../src/server/pages/page-data-cache';
import { expectNoStack, rawRequest } from './support/raw-http';
import { type TestGateway, deadTarget, startTestGateway } from './support/test-gateway';
import { readSitemap } from './support/sitemap-reader';

const NOT_FOUND_TEXT = 'Nie mogliśmy znaleźć żądanej strony';
const ORIGIN = 'http://localhost:3000';

type JsonLd = Record<string, unknown> & { '@type': string };

/** Every JSON-LD block of a document, parsed (a block that is not JSON fails the test here). */
function jsonLd(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as JsonLd,
  );
}

const ldOfType = (html: string, type: string) => jsonLd(html).find((item) => item['@type'] === type);

interface FaqLd {
  mainEntity: { name: string; acceptedAnswer: { text: string } }[];
}
const faqLd = (html: string) => ldOfType(html, 'FAQPage') as unknown as FaqLd;
const meta = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];
/** Visible text of the document, tags dropped, for assertions on wording. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
/** The listing's own articles (not the popular ones beside them). */
const listOf = (html: string) => /<ul class="article-list">[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';

/** A page of the tests' own, to show what the recorded content cannot: markup in an FAQ that must not escape its script. */
const FAQ_TRAP_PAGE = {
  ...DOC_PAGE,
  path: '/dokument-z-pulapka/',
  link: '/dokument-z-pulapka/',
  faq: [
    {
      question: 'Czy usunę cookies wpisując </script><script>alert(1)</script>?',
      answerHtml: '<p>Nie &lt;script&gt;, tylko w <em>ustawieniach</em> przeglądarki &amp; systemu.</p>',
    },
  ],
};
/** The article's page as GetPage answers it, with a body the article page must not use (it shows GetArticle's). */
const ARTICLE_PAGE_COPY = {
  ...ARTICLE_PAGE,
  bodyHtml: '<p>Kopia treści, której strona artykułu nie używa.</p>',
};
/** Sitemap entries the recording has no example of: an address with '&' and a lastmod with a time. */
const SITEMAP_EXTRA: [string, string][] = [
  ['/strona-z-&-w-adresie/', '2026-01-01'],
  ['/dokument-z-czasem/', '2026-09-01T08:00:00Z'],
];
const contentKey = (path: string) => pageDataKey('content', { comments: { page: 1, sort: 'newer' }, path });
const EMPTY_TAG = TAGS.find((tag) => tag.articlesCount === 0)!;
const CREDIT_TAG = TAGS.find((tag) => tag.slug === 'kredyty')!;
const rated = ARTICLE_COMMENTS.filter((c) => c.rating > 0);

/** GetLenderFacts of the fake offers service: one verified company, the rest unknown; other slugs fail. */
const lenderFactsAnswer = (request: unknown) => {
  const { slug } = request as { slug: string };
  if (slug !== LENDER_WITH_FACTS.summary!.slug)
    throw new FakeGrpcError(GrpcStatus.UNAVAILABLE, 'offers down');
  const unknown = { value: '', source: null, checkedAt: '' };
  return {
    slug,
    name: LENDER_WITH_FACTS.summary!.name,
    kind: unknown,
    company: {
      value: 'Przykładowa Spółka sp. z o.o.',
      source: { name: 'strona marki (example.pl)', url: 'https://example.pl/' },
      checkedAt: '2026-11-25',
    },
    register: unknown,
    registerEntry: unknown,
    offer: null,
  };
};

/** A review body sentence with lender figure tokens, and what it reads as without the figures. */
const TOKEN_SENTENCE =
  '<p>Pożyczysz {{oferta.kwoty|w kwotach z aktualnej oferty}} na {{oferta.okres-max|okres z aktualnej oferty}}, {{oferta.wiek}}.</p>';
const TOKEN_FALLBACK =
  'Pożyczysz w kwotach z aktualnej oferty na okres z aktualnej oferty, w wieku podanym w aktualnej ofercie.';
const withLenderTokens = (review: contentV1.LenderReview): contentV1.LenderReview => ({
  ...review,
  bodyHtml: `${review.bodyHtml}${TOKEN_SENTENCE}`,
});

describe('gateway editorial pages', () => {
  let fake: FakeContent;
  let content: FakeGrpcServer;
  let offers: FakeGrpcServer;
  let gateway: TestGateway;

  beforeAll(async () => {
    fake = createFakeContent({ pages: [FAQ_TRAP_PAGE, ARTICLE_PAGE_COPY], sitemap: SITEMAP_EXTRA });
    // Every review quotes its offer by figure tokens (content/README.md), as the shipped reviews do;
    // replaced in place, so the review pages the fake composes from it quote them too.
    const recordedReview = fake.handlers['GetLenderReview']!;
    fake.handlers['GetLenderReview'] = (request: unknown) =>
      withLenderTokens(recordedReview(request) as contentV1.LenderReview);
    [content, offers] = await Promise.all([
      startFakeService('content', fake.handlers),
      startFakeService('offers', { ...OFFERS_HANDLERS, GetLenderFacts: lenderFactsAnswer }),
    ]);
    gateway = await startTestGateway({
      targets: { content: content.target, offers: offers.target },
      env: { PAGE_CACHE: 'false' },
    });
  });

  afterAll(async () => {
    await gateway.stop();
    await Promise.all([content.stop(), offers.stop()]);
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    rawRequest(gateway.port, { path, headers });
  const logMessages = () => gateway.logs.map((line) => line.msg);

  describe('SEO landing page', () => {
    it('renders H1, introduction, table of contents, body, FAQ, related links, offers and the call to action', async () => {
      const res = await get(SEO_PAGE.path);
      expect(res.status).toBe(200);
      expect(res.body).toContain(`<h1>${SEO_PAGE.h1}</h1>`);
      expect(res.body).toContain('małe pożyczki powstały właśnie z myślą o takich sytuacjach');
      const toc = SEO_PAGE.toc[2]!;
      expect(res.body).toContain(`<a href="#${toc.anchor}">${toc.title}</a>`);
      expect(res.body).toContain(`<h2 id="${toc.anchor}">${toc.title}</h2>`);
      expect(res.body).toContain(SEO_PAGE.faq[1]!.question);
      const related = SEO_PAGE.related[0]!;
      expect(res.body).toContain(`<a href="${related.path}">${related.title}</a>`);
      // offers block: what the offers service returned, in its order
      expect(res.body.indexOf('Szybka Gotówka')).toBeLessThan(res.body.indexOf('Kredyt Plus'));
      expect(res.body).toContain('Pokazujemy 2 z 27 ofert spełniających te warunki.');
      // its heading says what the page's front matter declares
      expect(res.body).toMatch(
        /<h2 id="oferty_sekcja">Chwilówki \(spłata jednorazowa\): 1\s500\szł na 61 dni<\/h2>/,
      );
      expect(res.body).toMatch(/<a class="button button--large" href="\/application\/">Złóż wniosek<\/a>/);
      // a page without interactive parts ships no React
      expect(res.body).not.toContain('renderer-TEST.js');
      expect(res.body).not.toContain('content-page-TEST.js');
    });

    it('carries canonical, Open Graph and JSON-LD (Organization, BreadcrumbList, FAQPage)', async () => {
      const res = await get(SEO_PAGE.path);
      expect(res.body).toContain(`<link rel="canonical" href="${ORIGIN}${SEO_PAGE.path}">`);
      expect(meta(res.body, 'og:title')).toBe(SEO_PAGE.title);
      expect(meta(res.body, 'og:description')).toBe(SEO_PAGE.description);
      expect(meta(res.body, 'og:url')).toBe(`${ORIGIN}${SEO_PAGE.path}`);
      expect(meta(res.body, 'og:type')).toBe('website');
      expect(meta(res.body, 'og:locale')).toBe('pl_PL');
      expect(meta(res.body, 'og:site_name')).toBe('Porównywarka pożyczek');

      const types = jsonLd(res.body).map((item) => item['@type']);
      expect(types).toEqual(['Organization', 'BreadcrumbList', 'FAQPage']);
      expect(ldOfType(res.body, 'Organization')).toMatchObject({
        '@context': 'https://schema.org',
        name: 'Porównywarka pożyczek',
        url: `${ORIGIN}/`,
      });
      expect(ldOfType(res.body, 'BreadcrumbList')).toMatchObject({
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: SEO_PAGE.breadcrumbs[0]!.text, item: `${ORIGIN}/` },
          {
            '@type': 'ListItem',
            position: 2,
            name: SEO_PAGE.breadcrumbs[1]!.text,
            item: `${ORIGIN}${SEO_PAGE.path}`,
          },
        ],
      });
      const faq = faqLd(res.body);
      expect(faq.mainEntity).toHaveLength(SEO_PAGE.faq.length);
      expect(faq.mainEntity[0]).toMatchObject({
        '@type': 'Question',
        name: SEO_PAGE.faq[0]!.question,
        acceptedAnswer: {
          '@type': 'Answer',
          text: expect.stringMatching(
            /^Najniższe kwoty w ofertach pożyczkodawców zaczynają się zwykle od 100 zł\./,
          ),
        },
      });
      // the inline state leaves the JSON-LD out (the document has it once)
      const state = /<script id="__STATE__" type="application\/json">([\s\S]*?)<\/script>/.exec(
        res.body,
      )![1]!;
      expect(JSON.parse(state).head.structuredData).toBeUndefined();
      // no page hydrates: the state carries neither the navigation nor the page data (the HTML has them once)
      expect(JSON.parse(state)).not.toHaveProperty('navigation');
      expect(JSON.parse(state)).not.toHaveProperty('data');
    });

    it('escapes JSON-LD so no value can close its script element, and gives answers as plain text', async () => {
      const res = await get(FAQ_TRAP_PAGE.path);
      const blocks = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
        (m) => m[1]!,
      );
      expect(blocks).toHaveLength(3);
      for (const block of blocks) expect(block).not.toMatch(/[<>]/);
      const faq = faqLd(res.body);
      expect(faq.mainEntity[0]!.name).toBe('Czy usunę cookies wpisując </script><script>alert(1)</script>?');
      expect(faq.mainEntity[0]!.acceptedAnswer.text).toBe(
        'Nie <script>, tylko w ustawieniach przeglądarki & systemu.',
      );
    });
  });

  describe('document page', () => {
    it('renders a legal document with its update date and no offers', async () => {
      const res = await get(DOC_PAGE.path);
      expect(res.status).toBe(200);
      expect(res.body).toContain(`<h1>${DOC_PAGE.h1}</h1>`);
      expect(res.body).toContain('Pliki cookie to niewielkie pliki tekstowe');
      expect(text(res.body)).toContain('Ostatnia aktualizacja: 29.11.2026');
      expect(res.body).not.toContain('Szybka Gotówka');
      expect(jsonLd(res.body).map((item) => item['@type'])).toEqual(['Organization', 'BreadcrumbList']);
    });
  });

  describe('blog article', () => {
    it('renders dates, author, reading time, views, ratings, contents, body, sources, share links, similar and popular', async () => {
      const res = await get(`/${ARTICLE_SLUG}/`);
      expect(res.status).toBe(200);
      const body = text(res.body);
      expect(res.body).toContain(`<h1>${ARTICLE.h1}</h1>`);
      expect(body).toContain('Napisano: 16.09.2025');
      expect(body).toContain('Zaktualizowano: 22.09.2026');
      expect(res.body).toContain(`Autor: <a href="/autor/${AUTHOR.slug}/">${AUTHOR.name}</a>`);
      expect(body).toContain(`${ARTICLE.summary!.readingTimeMinutes} min czytania`);
      expect(res.body).toContain('<li>12\u00a0345 wyświetleń</li>');
      const average = (rated.reduce((sum, c) => sum + c.rating, 0) / rated.length)
        .toFixed(1)
        .replace('.', ',');
      expect(body).toContain(`Ocena ${average}/5 (${rated.length} ocen)`);
      const toc = ARTICLE.toc[2]!;
      expect(res.body).toContain(`<a href="#${toc.anchor}">${toc.title}</a>`);
      expect(res.body).toContain('<td>od 1 stycznia 2026</td>');
      expect(res.body).not.toContain('Kopia treści, której strona artykułu nie używa');
      expect(res.body).toContain(ARTICLE.sources[2]!.name);
      // share links are plain URLs; copy and system share are buttons for the page script
      const url = encodeURIComponent(`${ORIGIN}/${ARTICLE_SLUG}/`);
      expect(res.body).toContain(`href="https://www.facebook.com/sharer/sharer.php?u=${url}"`);
      expect(res.body).toContain(`href="https://x.com/intent/post?url=${url}&amp;text=`);
      expect(res.body).toContain(`href="https://www.linkedin.com/sharing/share-offsite/?url=${url}"`);
      expect(res.body).toMatch(/href="mailto:\?subject=P%C5%82aca/);
      expect(res.body).toContain('data-share="copy"');
      expect(res.body).toContain('data-share="native"');
      expect(res.body).toMatch(
        new RegExp(`<h2>Podobne artykuły</h2>[\\s\\S]*href="${ARTICLE.similar[0]!.path}"`),
      );
      expect(res.body).toMatch(
        new RegExp(`<h2>Popularne artykuły</h2>[\\s\\S]*href="${ARTICLE.popular.at(-1)!.path}"`),
      );
      // the view is counted by the browser, not while rendering
      expect(res.body).toContain(`data-article-path="/${ARTICLE_SLUG}/"`);
      expect(fake.views).toHaveLength(0);
      expect(res.body).not.toContain('renderer-TEST.js');
    });

    it('describes itself as an Article with headline, dates and author', async () => {
      const res = await get(`/${ARTICLE_SLUG}/`);
      expect(meta(res.body, 'og:type')).toBe('article');
      expect(jsonLd(res.body).map((item) => item['@type'])).toEqual([
        'Organization',
        'BreadcrumbList',
        'Article',
      ]);
      expect(ldOfType(res.body, 'Article')).toMatchObject({
        headline: ARTICLE.h1,
        datePublished: '2025-09-16',
        dateModified: '2026-09-22',
        // the editorial team ("Redakcja …") is an Organization, not a Person
        author: { '@type': 'Organization', name: AUTHOR.name, url: `${ORIGIN}/autor/${AUTHOR.slug}/` },
        mainEntityOfPage: `${ORIGIN}/${ARTICLE_SLUG}/`,
      });
    });
  });

  describe('blog listing', () => {
    it('shows page 1 at /blog/ with the pager, tags and popular articles', async () => {
      const res = await get('/blog/');
      expect(res.status).toBe(200);
      expect(res.body).toContain('<h1>Blog</h1>');
      expect(text(res.body)).toContain('strona 1 z 3');
      expect(listOf(res.body)).toContain(`href="${ARTICLES[0]!.path}"`);
      expect(listOf(res.body)).not.toContain(`href="${ARTICLES[9]!.path}"`);
      expect(res.body).toContain('href="/blog/page-2/" rel="next"');
      expect(res.body).not.toContain('rel="prev"');
      expect(res.body).toContain(`<a class="tag" href="/blog/kredyty/">${CREDIT_TAG.name}</a>`);
      expect(res.body).toMatch(/<h2 id="popularne_sekcja">Popularne artykuły<\/h2>/);
      expect(jsonLd(res.body).map((item) => item['@type'])).toEqual(['Organization', 'BreadcrumbList']);
    });

    it('pages through /blog/page-2/ and /blog/page-3/, with a title per page', async () => {
      const second = await get('/blog/page-2/');
      expect(second.status).toBe(200);
      expect(text(second.body)).toContain('strona 2 z 3');
      expect(listOf(second.body)).toContain(`href="${ARTICLES[9]!.path}"`);
      expect(second.body).toContain('href="/blog/" rel="prev"');
      expect(second.body).toContain('href="/blog/page-3/" rel="next"');
      expect(second.body).toContain('<title>Blog o pożyczkach, kredytach i finansach – strona 2 z 3</title>');
      expect(second.body).toContain(`<link rel="canonical" href="${ORIGIN}/blog/page-2/">`);
      const last = await get('/blog/page-3/');
      expect(last.status).toBe(200);
      expect(text(last.body)).toContain('strona 3 z 3');
      expect(listOf(last.body)).toContain(`href="${ARTICLES.at(-1)!.path}"`);
    });

    it('answers pages beyond the last and malformed numbers with the 404 page', async () => {
      for (const path of ['/blog/page-4/', '/blog/page-99/', '/blog/page-0/', '/blog/page-02/']) {
        const res = await get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(res.body).toContain(NOT_FOUND_TEXT);
      }
      expect(logMessages()).toContain('Page not found: /blog/page-4/');
      expect(logMessages()).toContain('Page Not Found: /blog/page-0/');
    });

    it('redirects /blog/page-1/ to /blog/ with 301, keeping the query, for pages and payloads', async () => {
      const res = await get('/blog/page-1/');
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe('/blog/');
      expect((await get('/blog/page-1/?utm_source=x')).headers.location).toBe('/blog/?utm_source=x');
      expect((await get('/blog/kredyty/page-1/')).headers.location).toBe('/blog/kredyty/');
      const payload = await get('/blog/page-1/_payload.json?v=testbuild01');
      expect(payload.status).toBe(301);
      expect(payload.headers.location).toBe('/blog/_payload.json?v=testbuild01');
    });
  });

  describe('tag pages', () => {
    it('shows the tag name and description with its own pager', async () => {
      expect(CREDIT_TAG.articlesCount).toBe(10);
      const res = await get('/blog/kredyty/');
      expect(res.status).toBe(200);
      expect(res.body).toContain(`<h1>${CREDIT_TAG.name}</h1>`);
      expect(res.body).toContain(CREDIT_TAG.description);
      expect(text(res.body)).toContain('strona 1 z 2');
      expect(res.body).toContain('href="/blog/kredyty/page-2/" rel="next"');
      expect(res.body).toContain(`aria-current="page">${CREDIT_TAG.name}</a>`);
      expect(listOf(res.body)).not.toContain(`href="/${ARTICLE_SLUG}/"`);
      const second = await get('/blog/kredyty/page-2/');
      expect(second.status).toBe(200);
      expect(text(second.body)).toContain('strona 2 z 2');
      expect((await get('/blog/kredyty/page-3/')).status).toBe(404);
    });

    it('answers an unknown tag with the 404 page', async () => {
      const res = await get('/blog/nie-ma-takiego-tagu/');
      expect(res.status).toBe(404);
      expect(res.body).toContain(NOT_FOUND_TEXT);
      expect((await get('/blog/Wielkie_Litery/')).status).toBe(404);
    });

    it('gives a tag without articles its first page', async () => {
      const res = await get(`/blog/${EMPTY_TAG.slug}/`);
      expect(res.status).toBe(200);
      expect(res.body).toContain(`<h1>${EMPTY_TAG.name}</h1>`);
      expect(res.body).toContain('Nie ma jeszcze artykułów w tej kategorii.');
    });
  });

  describe('author page', () => {
    it('shows the bio and the articles', async () => {
      const written = ARTICLES.filter((article) => article.authorId === AUTHOR.id);
      const res = await get(`/autor/${AUTHOR.slug}/`);
      expect(res.status).toBe(200);
      expect(res.body).toContain(`<h1>${AUTHOR.name}</h1>`);
      expect(res.body).toContain(AUTHOR.role);
      expect(res.body).toContain('Redakcja Porównywarki to zespół, który przygotowuje poradniki');
      expect(res.body).toContain(`Artykuły autora (${written.length} artykuły)`);
      expect(listOf(res.body)).toContain('href="/jak-sprawdzic-bik-za-darmo/"');
      expect(listOf(res.body)).not.toContain('href="/waloryzacja-emerytur/"');
      expect((await get('/autor/nieznany-autor/')).status).toBe(404);
    });
  });

  describe('lender reviews', () => {
    it('lists the lenders with breadcrumbs, hero, offers, 3 steps, FAQ and the call to action', async () => {
      const res = await get('/opinie-o-pozyczkach/');
      expect(res.status).toBe(200);
      const [home, middle] = REVIEWS_PAGE.breadcrumbs;
      expect(res.body).toContain(
        `<nav class="breadcrumbs" aria-label="Okruszki"><ol><li><a href="/">${home!.text}</a></li><li><a href="${middle!.link}">${middle!.text}</a></li><li aria-current="page">`,
      );
      expect(res.body).toContain(`<h1>${REVIEWS_PAGE.h1}</h1>`);
      expect(res.body).toContain('Zebraliśmy w jednym miejscu omówienia firm pożyczkowych');
      for (const slug of ['vivus', 'wandoo', 'kuki'])
        expect(res.body).toContain(`href="/opinie-o-pozyczkach/${slug}/"`);
      expect(text(res.body)).toContain('4,6/5 · 128 opinii');
      expect(text(res.body)).toContain('Brak opinii');
      expect(res.body).toContain('Szybka Gotówka');
      expect(res.body.match(/<ol class="steps">[\s\S]*?<\/ol>/)![0].match(/<li>/g)).toHaveLength(3);
      expect(res.body.match(/<details class="faq__item">/g)).toHaveLength(REVIEWS_PAGE.faq.length);
      expect(res.body).toContain('href="/application/"');
      expect(jsonLd(res.body).map((item) => item['@type'])).toEqual([
        'Organization',
        'BreadcrumbList',
        'FAQPage',
      ]);
    });

    it('shows one lender: title, subtitle, FAQ, facts with the checked date, its offer', async () => {
      const review = LENDER_WITH_FACTS;
      const res = await get(review.summary!.path);
      expect(res.status).toBe(200);
      expect(res.body).toContain(`<h1>${review.title}</h1>`);
      expect(res.body).toContain(review.subtitle);
      // The facts block is the offers service's GetLenderFacts, each value with its source and date.
      expect(text(res.body)).toMatch(
        /Firma \(strona umowy\) Przykładowa Spółka sp\. z o\.o\. Źródło: strona marki \(example\.pl\) ?, stan na 25\.11\.2026/,
      );
      expect(text(res.body)).toContain('Licencja lub rejestr w trakcie weryfikacji');
      expect(text(res.body)).toContain('Kwota brak danych');
      // Without an offer the review's figure tokens read as their fallback wording, never as a raw token.
      expect(text(res.body)).toContain(TOKEN_FALLBACK);
      expect(res.body).not.toContain('{{');
      expect(res.body).toContain(review.faq[0]!.question);
      expect(res.body).toContain('<h2 id="oferta_sekcja">Aktualna oferta</h2>');
      expect(res.body).toContain('Szybka Gotówka');
      expect(ldOfType(res.body, 'FAQPage')).toBeDefined();
    });

    it('shows the review count of a rated lender, invites to compare when a lender has no offer, and answers unknown lenders with 404', async () => {
      const vivus = await get(VIVUS_REVIEW.summary!.path);
      expect(vivus.status).toBe(200);
      expect(text(vivus.body)).toContain('128 opinii');
      expect(vivus.body).not.toContain('Aktualna oferta');
      expect(text(vivus.body)).toContain('Informacje o pożyczkodawcy są chwilowo niedostępne'); // GetLenderFacts fails for it
      // With the offers service down the figure tokens read as their fallback wording too.
      expect(text(vivus.body)).toContain(TOKEN_FALLBACK);
      expect(vivus.body).not.toContain('{{');
      expect(vivus.body).toContain('href="/application/"');
      const unknown = await get('/opinie-o-pozyczkach/nie-ma-takiej-firmy/');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toContain(NOT_FOUND_TEXT);
    });
  });

  describe('holiday calendar', () => {
    it('shows 12 months with Monday-first weekday headers, holidays, bridges, totals and the norm', async () => {
      const res = await get('/kalendarz-2026/');
      expect(res.status).toBe(200);
      expect(res.body.match(/<section class="cal-month"/g)).toHaveLength(12);
      const headers = [...res.body.matchAll(/<th scope="col"><abbr title="([^"]+)">([^<]+)<\/abbr><\/th>/g)]
        .slice(0, 7)
        .map((m) => m[2]);
      expect(headers).toEqual(['Pn', 'Wt', 'Śr', 'Cz', 'Pt', 'So', 'Nd']);
      expect(res.body).toContain('Dni wolne w styczniu 2026');
      expect(text(res.body)).toContain('1 stycznia (czwartek) – Nowy Rok');
      expect(text(res.body)).toContain('24 grudnia (czwartek) – Wigilia Bożego Narodzenia');
      expect(res.body).toMatch(/Weź wolne 2 stycznia \(piątek\)/);
      expect(res.body).toContain('Ferie zimowe 19 stycznia – 1 lutego');
      // 1 January 2026 is a Thursday: three empty cells before it, then the holiday
      expect(res.body).toMatch(
        /<tbody><tr><td><\/td><td><\/td><td><\/td><td class="cal-day cal-day--holiday">1<span class="visually-hidden">, święto<\/span><\/td>/,
      );
      // working-time norm of 2026 (art. 130 KP): 251 days, 2008 hours; January 20 days
      expect(res.body).toContain('<dd data-total="norm">251 dni, 2008 godzin</dd>');
      expect(res.body).toMatch(/<dt>Dni robocze<\/dt><dd data-total="working">20<\/dd>/);
      expect(res.body).toContain('href="/kalendarz-2025/" rel="prev"');
      expect(res.body).toContain('href="/kalendarz-2027/" rel="next"');
      expect(jsonLd(res.body).map((item) => item['@type'])).toEqual(['Organization', 'BreadcrumbList']);
    });

    it('serves 1990 to 2100 and answers other years with the 404 page before calling the service', async () => {
      const calls = content.calls.get('GetHolidayCalendar') ?? 0;
      for (const path of ['/kalendarz-1989/', '/kalendarz-2101/', '/kalendarz-0000/']) {
        const res = await get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(res.body).toContain(NOT_FOUND_TEXT);
      }
      expect(content.calls.get('GetHolidayCalendar') ?? 0).toBe(calls);
      expect(logMessages()).toContain('Page Not Found: /kalendarz-1989/');
      const first = await get('/kalendarz-1990/');
      expect(first.status).toBe(200);
      expect(first.body).not.toContain('rel="prev"');
      const last = await get('/kalendarz-2100/');
      expect(last.status).toBe(200);
      expect(last.body).not.toContain('rel="next"');
    });
  });

  describe('navigation', () => {
    it('renders the header groups and footer columns from GetNavigation with the data-removal link and partners', async () => {
      const res = await get(DOC_PAGE.path);
      const [loans] = NAVIGATION.menuGroups;
      expect(res.body).toContain(
        `<p class="menu__title">${loans!.title}</p><img class="menu__image" src="${loans!.imageUrl}" alt=""`,
      );
      expect(res.body).toContain(`<p class="menu__subtitle">${loans!.columns[1]!.title}</p>`);
      const company = NAVIGATION.footerColumns.at(-1)!;
      expect(res.body).toContain(
        `<nav aria-label="${company.title}"><p class="site-footer__title">${company.title}</p>`,
      );
      // Our own page: a site link, no rel of a link that leaves the site.
      expect(NAVIGATION.dataRemovalLink!.link).toBe('/unsubscribe/');
      expect(res.body).toContain(
        `<a href="${NAVIGATION.dataRemovalLink!.link}">${NAVIGATION.dataRemovalLink!.text}</a>`,
      );
      const partner = NAVIGATION.partners[0]!;
      expect(res.body).toContain(
        `<a href="${partner.link}" rel="noopener sponsored"><img src="${partner.imageUrl}" alt="${partner.name}"`,
      );
      expect(res.body).toContain('href="/kalendarz-2025/">Kalendarz dni wolnych</a>');
    });

    it('sends the navigation with every page payload', async () => {
      const payload = JSON.parse((await get('/blog/_payload.json?v=testbuild01')).body) as PagePayload;
      expect(payload.navigation.groups.map((group) => group.title)).toEqual(
        NAVIGATION.menuGroups.map((group) => group.title),
      );
      expect(payload.navigation.dataRemoval).toEqual({
        text: NAVIGATION.dataRemovalLink!.text,
        href: NAVIGATION.dataRemovalLink!.link,
      });
    });
  });

  describe('sitemap.xml and robots.txt', () => {
    it('lists every public page in well-formed sitemap XML with lastmod, the blog in files of its own', async () => {
      const res = await get('/sitemap.xml');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      expect(res.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const sitemap = await readSitemap(get);
      expect(sitemap.files.map((file) => file.path)).toEqual([
        '/sitemap-strony-1.xml',
        '/sitemap-blog-1.xml',
      ]);
      for (const file of sitemap.files) {
        expect((await get(file.path)).headers['content-type']).toBe('application/xml; charset=utf-8');
        expect(file.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      }
      const { urls } = sitemap;
      const locs = urls.map((url) => url.loc);
      // The blog's file: articles, tags and authors; the site's pages and the blog's listings in the other.
      const [pages, blog] = sitemap.files.map((file) => file.body);
      for (const path of ['/blog/kredyty/', '/autor/dzial-analiz/', `/${ARTICLE_SLUG}/`]) {
        expect(blog).toContain(`<loc>${ORIGIN}${path}</loc>`);
        expect(pages).not.toContain(`<loc>${ORIGIN}${path}</loc>`);
      }
      for (const path of [SEO_PAGE.path, DOC_PAGE.path, '/kalendarz-2026/', '/kontakt/', '/blog/page-2/']) {
        expect(pages).toContain(`<loc>${ORIGIN}${path}</loc>`);
        expect(blog).not.toContain(`<loc>${ORIGIN}${path}</loc>`);
      }
      // The index dates each file by its newest address.
      const newest = (body: string) =>
        [...body.matchAll(/<lastmod>([^<]+)</g)]
          .map((m) => m[1]!)
          .sort()
          .at(-1);
      expect(res.body).toContain(
        `<sitemap><loc>${ORIGIN}/sitemap-blog-1.xml</loc><lastmod>${newest(blog!)}</lastmod></sitemap>`,
      );
      expect(res.body).toContain(
        `<sitemap><loc>${ORIGIN}/sitemap-strony-1.xml</loc><lastmod>${newest(pages!)}</lastmod></sitemap>`,
      );
      // content service entries, the '&' escaped
      expect(locs).toContain(`${ORIGIN}${SEO_PAGE.path}`);
      expect(locs).toContain(`${ORIGIN}/strona-z-&amp;-w-adresie/`);
      // the gateway's own routes: home, blog pages, tag pages, this year's and next year's calendar
      for (const path of [
        '/',
        '/blog/',
        '/blog/page-2/',
        '/blog/page-3/',
        '/blog/kredyty/',
        '/blog/kredyty/page-2/',
        `/blog/${EMPTY_TAG.slug}/`,
        '/kalendarz-2025/',
        '/kalendarz-2026/',
      ]) {
        expect(locs).toContain(`${ORIGIN}${path}`);
      }
      expect(locs).not.toContain(`${ORIGIN}/blog/page-4/`);
      // the visitors' forms: contact and partner programme listed, the unsubscribe form (noindex) not
      for (const path of ['/kontakt/', '/wspolpraca/']) expect(locs).toContain(`${ORIGIN}${path}`);
      expect(locs).not.toContain(`${ORIGIN}/unsubscribe/`);
      expect(new Set(locs).size).toBe(locs.length);
      for (const url of urls) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(urls.find((url) => url.loc === `${ORIGIN}${DOC_PAGE.path}`)!.lastmod).toBe('2026-11-29');
      expect(urls.find((url) => url.loc === `${ORIGIN}/dokument-z-czasem/`)!.lastmod).toBe('2026-09-01');
      // the content service lists the home page itself, with its update date
      expect(urls.find((url) => url.loc === `${ORIGIN}/`)!.lastmod).toBe('2026-11-21');
      expect(urls.find((url) => url.loc === `${ORIGIN}/blog/page-2/`)!.lastmod).toBe('2026-10-14');
      // every page of a tag listing is dated by the tag's newest article, an author page by theirs
      const lastmod = (path: string) => urls.find((url) => url.loc === `${ORIGIN}${path}`)?.lastmod;
      expect(lastmod('/blog/finanse-domowe/')).toBe('2024-11-18');
      expect(lastmod('/blog/finanse-domowe/page-2/')).toBe('2024-11-18');
      expect(lastmod('/blog/kredyty/page-2/')).toBe('2026-10-14');
      expect(lastmod('/autor/dzial-analiz/')).toBe('2026-03-04');
    });

    it('answers a sitemap file the content does not fill, or of no section, with the 404 page', async () => {
      for (const path of [
        '/sitemap-blog-2.xml',
        '/sitemap-strony-2.xml',
        '/sitemap-inne-1.xml',
        '/sitemap-blog-01.xml',
      ]) {
        const res = await get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(res.body).toContain('Nie mogliśmy znaleźć żądanej strony');
      }
      // Only GET and HEAD reach a sitemap file.
      const post = await rawRequest(gateway.port, { method: 'POST', path: '/sitemap-blog-1.xml', body: '' });
      expect(post.status).toBe(405);
    });

    it('answers robots.txt: allow all but the API and payloads, with the sitemap', async () => {
      const res = await get('/robots.txt');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toBe(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /przejdz/',
          'Disallow: /*_payload.json',
          '',
          `Sitemap: ${ORIGIN}/sitemap.xml`,
          '',
        ].join('\n'),
      );
    });
  });
});

describe('gateway editorial pages when services fail', () => {
  it('renders an SEO page without the offers block while the offers service is down, uncached', async () => {
    const fake = createFakeContent();
    const content = await startFakeService('content', fake.handlers);
    const gateway = await startTestGateway({
      targets: { content: content.target, offers: await deadTarget() },
    });
    try {
      const res = await rawRequest(gateway.port, { path: SEO_PAGE.path });
      expect(res.status).toBe(200);
      expect(res.body).toContain(`<h1>${SEO_PAGE.h1}</h1>`);
      expect(res.body).not.toContain('offer-list');
      expect(res.body).not.toContain('chwilowo niedostępne');
      expect(res.body).toContain('href="/application/"');
      expect(await gateway.deps.cache.get(contentKey(SEO_PAGE.path))).toBeUndefined();
      // while a page that needs no offers is complete, and cached under the same kind of key
      expect((await rawRequest(gateway.port, { path: DOC_PAGE.path })).status).toBe(200);
      expect(await gateway.deps.cache.get(contentKey(DOC_PAGE.path))).toBeDefined();
    } finally {
      await gateway.stop();
      await content.stop();
    }
  });

  it('falls back to the built-in navigation when GetNavigation fails, and answers the sitemap with 503', async () => {
    const fake = createFakeContent();
    const { GetNavigation: _navigation, ListSitemapEntries: _sitemap, ...rest } = fake.handlers;
    const content = await startFakeService('content', rest);
    const gateway = await startTestGateway({
      targets: { content: content.target, offers: await deadTarget() },
      env: { PAGE_CACHE: 'false' },
    });
    try {
      const res = await rawRequest(gateway.port, { path: '/polityka-cookies/' });
      expect(res.status).toBe(200);
      expect(res.body).toContain('<p class="menu__title">Rankingi</p>');
      expect(res.body).toContain('<a href="/ranking-kredytow-gotowkowych/">Ranking kredytów gotówkowych</a>');
      expect(res.body).toContain('<nav aria-label="Firma">');
      expect(res.body).toContain('<a href="/unsubscribe/">Usuń moje dane</a>');
      expect(gateway.logs.some((line) => line.msg.startsWith('navigation unavailable'))).toBe(true);
      for (const path of ['/sitemap.xml', '/sitemap-strony-1.xml']) {
        const sitemap = await rawRequest(gateway.port, { path });
        expect(sitemap.status).toBe(502);
        expectNoStack(sitemap.body);
      }
    } finally {
      await gateway.stop();
      await content.stop();
    }
  });

  it('caches the navigation like page data: one GetNavigation for many pages', async () => {
    const fake = createFakeContent();
    const content = await startFakeService('content', fake.handlers);
    const gateway = await startTestGateway({
      targets: { content: content.target },
      env: { PAGE_CACHE: 'true' },
    });
    try {
      await rawRequest(gateway.port, { path: '/polityka-cookies/' });
      await rawRequest(gateway.port, { path: '/o-nas/' });
      expect(content.calls.get('GetNavigation')).toBe(1);
    } finally {
      await gateway.stop();
      await content.stop();
    }
  });
});
