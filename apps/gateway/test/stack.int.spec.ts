import { contentV1 } from '@lib/contracts';
import {
  describeWithRedis,
  provideTestRedis,
  SAMPLE_GUIDE_COUNT,
  sampleGuideSlug,
  type TestRedis,
} from '@lib/testing';
import { Client } from 'pg';
import { COMMENT_TEXTS } from '../src/features/comments/comment-texts';
import { pageDataKey } from '../src/server/pages/page-data-cache';
import {
  asStored,
  contentAnswers,
  recordContentAnswers,
  writeContentAnswers,
} from './support/content-answers';
import { expectNoStack, rawRequest } from './support/raw-http';
import { eventually, startStack, type Stack } from './support/stack';
import { readSitemap } from './support/sitemap-reader';

/*
 * The gateway in front of the real content, offers and rates services (processes from their
 * builds), real PostgreSQL and Redis, and its real page cache in Redis, over the sample site of
 * @lib/testing (the shared fixture tree plus its additions). One stack for the file; the tests run
 * in order and the last ones stop services.
 */

type JsonLd = Record<string, unknown> & { '@type': string };
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as JsonLd,
  );
const ldTypes = (html: string) => jsonLd(html).map((item) => item['@type']);
/** Visible text, tags dropped, for assertions on wording. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
/** The listing's own articles (not the popular ones beside them). */
const listOf = (html: string) => /<ul class="article-list">[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
/** The comments section alone. */
const commentsOf = (html: string) => /<section id="komentarze"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';

/** The Redis key of a page's data: the gateway's namespace, then the page-data key. */
const contentPageKey = (path: string) =>
  `gateway:${pageDataKey('content', { comments: { page: 1, sort: 'newer' }, path })}`;

interface Envelope {
  value: unknown;
  freshUntil: number;
}

describeWithRedis('the gateway on the real services, PostgreSQL, Redis and its Redis page cache', () => {
  let redis: TestRedis;
  let stack: Stack;

  beforeAll(async () => {
    redis = await provideTestRedis();
    // These tests change page-data entries in Redis by hand and expect the very next request to
    // act on them; the answer memo (PAGE_MEMO_MS, up to 1 s later) is tested in gateway-caching.int.
    stack = await startStack({ redis, gatewayEnv: { PAGE_MEMO_MS: '0' } });
  });

  afterAll(async () => {
    await stack?.stop();
    await redis?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    rawRequest(stack.port, { path, headers });
  const envelope = async (key: string): Promise<Envelope | null> => {
    const raw = await stack.redis.get(key);
    return raw === null ? null : (JSON.parse(raw) as Envelope);
  };
  /** Marks a cached entry stale (as if its TTL had passed), keeping its expiry. */
  const makeStale = async (key: string) => {
    const entry = await envelope(key);
    if (!entry) throw new Error(`nothing cached under ${key}`);
    await stack.redis.set(key, JSON.stringify({ ...entry, freshUntil: 0 }), 'KEEPTTL');
  };

  it('records what the fake content service answers: the real service answers the same for the sample site', async () => {
    // First test: nothing has been viewed or commented yet.
    const recorded = asStored(await recordContentAnswers(stack.content));
    if (process.env['UPDATE_CONTENT_ANSWERS'] === '1') writeContentAnswers(recorded);
    expect(recorded).toEqual(contentAnswers());
  });

  describe('pages of every feature', () => {
    it('home: hero copy from the content folder, offers from the offers service, NBP rates, the calculator', async () => {
      const res = await get('/');
      expect(res.status).toBe(200);
      expect(res.body).toContain(
        '<h1>Pożyczka online do 15\u00a0000\u00a0zł – porównaj oferty w kilka minut</h1>',
      );
      expect(res.body).toContain('<h2 id="sekcja-numer-1">Sekcja numer 1</h2>');
      // offers: the offers service's PL starter list; rates: the rates service's bundled NBP archive
      expect(res.body).toContain('Polecane oferty');
      // The shipped feed's stars have no count or source: no rating is shown on the cards.
      expect(text(res.body)).toContain('Vivus');
      expect(text(res.body)).not.toMatch(/Vivus ★/);
      expect(text(res.body)).toMatch(/Porównujemy \d+ ofert/);
      // the table number and its date; the bundled archive ends long before today, and the box says so
      expect(text(res.body)).toMatch(
        /Kurs z dnia \d{2}\.\d{2}\.\d{4} \(tabela nr \d{3}\/A\/NBP\/\d{4}\) – nowszej tabeli nie mamy/,
      );
      expect(res.body).toContain('data-sample-notice="nbpRates"');
      expect(text(res.body)).toMatch(/EUR \d,\d{4} zł/);
      // the sliders over the offers catalogue's range, and the top-ranked offer's example
      expect(res.body).toContain('data-slider="amount"');
      expect(res.body).toMatch(/<strong data-example="lender">[^<]+<\/strong>/);
      expect(res.body).toMatch(/<dd data-example-row="rrso">\d+,\d{2}\u00a0%<\/dd>/);
    });

    it('SEO page: intro, contents, body, FAQ with JSON-LD, related pages and the offers block', async () => {
      const res = await get('/mala-pozyczka/');
      expect(res.status).toBe(200);
      expect(res.body).toContain('<h1>Mała pożyczka online</h1>');
      expect(text(res.body)).toContain('małe pożyczki powstały właśnie z myślą o takich sytuacjach');
      expect(res.body).toContain('<a href="#czym-jest-mala-pozyczka">Czym jest mała pożyczka</a>');
      expect(res.body).toContain('<h2 id="ustawowe-limity-kosztow">Ustawowe limity kosztów</h2>');
      expect(res.body).toContain('Od jakiej kwoty można wziąć małą pożyczkę?');
      expect(res.body).toContain(
        '<h2>Zobacz także</h2><ul><li><a href="/pozyczka-na-dowod/">Pożyczka na dowód osobisty</a></li>',
      );
      expect(res.body).toContain('offer-list');
      expect(ldTypes(res.body)).toEqual(['Organization', 'BreadcrumbList', 'FAQPage']);
      expect(res.body).toContain(`<link rel="canonical" href="${stack.url}/mala-pozyczka/">`);
    });

    it('document: the cookie policy with its update date and no offers', async () => {
      const res = await get('/polityka-cookies/');
      expect(res.status).toBe(200);
      expect(res.body).toContain('<h1>Polityka cookies</h1>');
      expect(text(res.body)).toContain('Ostatnia aktualizacja: 29.11.2026');
      expect(text(res.body)).toContain('Pliki cookie to niewielkie pliki tekstowe');
      expect(res.body).not.toContain('offer-list');
    });

    it('article: meta, contents, body, sources, similar and popular articles, Article JSON-LD', async () => {
      const res = await get('/placa-minimalna/');
      expect(res.status).toBe(200);
      const visible = text(res.body);
      expect(res.body).toContain('<h1>Płaca minimalna w latach 2024–2026</h1>');
      expect(visible).toContain('Napisano: 16.09.2025');
      expect(visible).toContain('Zaktualizowano: 22.09.2026');
      expect(res.body).toContain('Autor: <a href="/autor/redakcja/">Redakcja Porównywarki</a>');
      expect(res.body).toContain('<a class="tag" href="/blog/gospodarka/">Gospodarka</a>');
      expect(res.body).toContain('<a href="#kogo-dotyczy-placa-minimalna">Kogo dotyczy płaca minimalna</a>');
      expect(res.body).toContain('<h2 id="kogo-dotyczy-placa-minimalna">Kogo dotyczy płaca minimalna</h2>');
      expect(visible).toContain('od 1 stycznia 2026 4 806 zł');
      expect(visible).toContain(
        'Ustawa z 10 października 2002 r. o minimalnym wynagrodzeniu za pracę (ISAP)',
      );
      // similar: shares the 'gospodarka' tag; popular: the service's ranking
      expect(res.body).toMatch(/<h2>Podobne artykuły<\/h2><ul[^>]*>[\s\S]*?href="\/waloryzacja-emerytur\/"/);
      expect(res.body).toMatch(/<h2>Popularne artykuły<\/h2><ul[^>]*><li/);
      expect(ldTypes(res.body)).toEqual(['Organization', 'BreadcrumbList', 'Article']);
      expect(jsonLd(res.body).find((item) => item['@type'] === 'Article')).toMatchObject({
        headline: 'Płaca minimalna w latach 2024–2026',
        datePublished: '2025-09-16',
        dateModified: '2026-09-22',
        author: { name: 'Redakcja Porównywarki', url: `${stack.url}/autor/redakcja/` },
      });
      expect(res.body).toContain('data-article-path="/placa-minimalna/"');
    });

    it('blog listing: three pages of nine, newest first, and the 404 page past the last', async () => {
      const first = await get('/blog/');
      expect(first.status).toBe(200);
      expect(text(first.body)).toContain('strona 1 z 3');
      expect(listOf(first.body)).toContain('href="/placa-minimalna/"');
      expect(first.body).toContain('href="/blog/page-2/" rel="next"');
      expect(first.body).toContain('<a class="tag" href="/blog/kredyty/">Kredyty</a>');
      const last = await get('/blog/page-3/');
      expect(last.status).toBe(200);
      expect(text(last.body)).toContain('strona 3 z 3');
      expect(listOf(last.body)).toContain(`href="/${sampleGuideSlug(SAMPLE_GUIDE_COUNT)}/"`);
      expect(listOf(last.body)).not.toContain('href="/placa-minimalna/"');
      expect(last.body).not.toContain('rel="next"');
      const beyond = await get('/blog/page-4/');
      expect(beyond.status).toBe(404);
      expect(beyond.body).toContain('Nie mogliśmy znaleźć żądanej strony');
    });

    it('tag page: name and description from tags.yaml, its own pager, 404 past its last page and for unknown tags', async () => {
      const first = await get('/blog/kredyty/');
      expect(first.status).toBe(200);
      expect(first.body).toContain('<h1>Kredyty</h1>');
      expect(text(first.body)).toContain('Kredyty gotówkowe, konsolidacyjne, ratalne i samochodowe');
      expect(text(first.body)).toContain('strona 1 z 2');
      expect(listOf(first.body)).toContain('href="/jak-sprawdzic-bik-za-darmo/"');
      expect(listOf(first.body)).not.toContain('href="/placa-minimalna/"');
      const second = await get('/blog/kredyty/page-2/');
      expect(second.status).toBe(200);
      expect(text(second.body)).toContain('strona 2 z 2');
      expect((await get('/blog/kredyty/page-3/')).status).toBe(404);
      expect((await get('/blog/nie-ma-takiego-tagu/')).status).toBe(404);
    });

    it('author page: bio and articles of the author', async () => {
      const res = await get('/autor/dzial-analiz/');
      expect(res.status).toBe(200);
      expect(res.body).toContain('<h1>Dział analiz rynku</h1>');
      expect(res.body).toContain('Analizy i rankingi');
      expect(text(res.body)).toContain('Dział analiz rynku zajmuje się liczbami');
      expect(listOf(res.body)).toContain('href="/waloryzacja-emerytur/"');
      expect(listOf(res.body)).not.toContain('href="/placa-minimalna/"');
      expect((await get('/autor/nieznany-autor/')).status).toBe(404);
    });

    it('lender reviews: the listing with every lender, FAQ and offers; a lender with its facts and comment form', async () => {
      const listing = await get('/opinie-o-pozyczkach/');
      expect(listing.status).toBe(200);
      expect(listing.body).toContain('<h1>Opinie o pożyczkach</h1>');
      for (const slug of ['vivus', 'wandoo', 'kuki'])
        expect(listing.body).toContain(`href="/opinie-o-pozyczkach/${slug}/"`);
      expect(listing.body.match(/<details class="faq__item">/g)).toHaveLength(4);
      expect(listing.body).toContain('offer-list');

      const kuki = await get('/opinie-o-pozyczkach/kuki/');
      expect(kuki.status).toBe(200);
      expect(kuki.body).toContain('<h1>Kuki – opinie i warunki pożyczki</h1>');
      // The facts block comes from the real offers service (GetLenderFacts over the shipped PL feed).
      expect(kuki.body).toContain('data-lender-facts="kuki"');
      expect(text(kuki.body)).toContain('Firma (strona umowy) w trakcie weryfikacji');
      expect(text(kuki.body)).toMatch(
        /Pierwsza pożyczka za 0 zł tak, do 1\s500 zł dla nowego klienta Źródło: dane przykładowe z pliku pl_feed\.json dołączonego do serwisu, nie od pożyczkodawcy ?, stan na \d{2}\.\d{2}\.\d{4}/,
      );
      expect(text(kuki.body)).toMatch(/RRSO przykładu reprezentatywnego \d+,\d{2}\s%/);
      expect(kuki.body).toContain(
        '<input type="hidden" name="page_path" value="/opinie-o-pozyczkach/kuki/"/>',
      );
      expect(text(commentsOf(kuki.body))).toContain('0 komentarzy');

      const vivus = await get('/opinie-o-pozyczkach/vivus/');
      expect(vivus.status).toBe(200);
      expect(vivus.body).toContain('Czy pierwsza pożyczka w Vivusie jest darmowa?');
      expect(text(vivus.body)).toMatch(
        /Firma \(strona umowy\) 4finance sp\. z o\.o\. Źródło: strona marki \(www\.vivus\.pl\) ?, stan na \d{2}\.\d{2}\.\d{4}/,
      );
      expect((await get('/opinie-o-pozyczkach/nie-ma-takiej-firmy/')).status).toBe(404);
    });

    it('calendar: 2026 with holidays, bridge days, the working-time norm and the school breaks of the content folder', async () => {
      const res = await get('/kalendarz-2026/');
      expect(res.status).toBe(200);
      expect(res.body.match(/<section class="cal-month"/g)).toHaveLength(12);
      expect(text(res.body)).toContain('1 stycznia (czwartek) – Nowy Rok');
      expect(res.body).toContain('<dd data-total="norm">251 dni, 2008 godzin</dd>');
      expect(res.body).toContain('Ferie zimowe 19 stycznia – 1 lutego');
      expect(res.body).toContain('href="/kalendarz-2027/" rel="next"');
      expect((await get('/kalendarz-1989/')).status).toBe(404);
    });

    it('sitemap.xml indexes files listing the content pages and the gateway own addresses; robots.txt names it', async () => {
      const res = await get('/sitemap.xml');
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const sitemap = await readSitemap(get);
      expect(sitemap.files.map((file) => file.path)).toEqual([
        '/sitemap-strony-1.xml',
        '/sitemap-blog-1.xml',
      ]);
      const urls = new Map(sitemap.urls.map((url) => [url.loc, url.lastmod]));
      expect(urls.get(`${stack.url}/mala-pozyczka/`)).toBe('2026-10-15');
      expect(urls.get(`${stack.url}/placa-minimalna/`)).toBe('2026-09-22');
      for (const path of [
        '/',
        '/polityka-cookies/',
        '/opinie-o-pozyczkach/kuki/',
        '/autor/redakcja/',
        '/blog/',
        '/blog/page-3/',
        '/blog/kredyty/page-2/',
      ]) {
        expect({ path, listed: urls.has(`${stack.url}${path}`) }).toEqual({ path, listed: true });
      }
      const year = new Date().getFullYear();
      expect(urls.has(`${stack.url}/kalendarz-${year}/`)).toBe(true);
      expect(urls.has(`${stack.url}/kalendarz-${year + 1}/`)).toBe(true);
      expect(urls.has(`${stack.url}/blog/page-4/`)).toBe(false);

      const robots = await get('/robots.txt');
      expect(robots.status).toBe(200);
      expect(robots.body).toContain('Disallow: /api/');
      expect(robots.body).toContain(`Sitemap: ${stack.url}/sitemap.xml`);
    });
  });

  describe('the article view beacon', () => {
    /** A report of a reader who accepted cookies (`consent: false`: one who has not chosen). */
    const beacon = (body: unknown, headers: Record<string, string> = {}, { consent = true } = {}) =>
      rawRequest(stack.port, {
        method: 'POST',
        path: '/api/views',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          origin: stack.url,
          ...headers,
          ...(consent
            ? { cookie: ['cookie_consent=granted', headers['cookie']].filter(Boolean).join('; ') }
            : {}),
        },
        body: JSON.stringify(body),
      });
    /** A visit as the beacon starts it: the first report (counted as nothing) answers with the cookie. */
    async function startVisit(path: string): Promise<{ cookie: string; visitId: string }> {
      const first = await beacon({ path });
      expect(first.status).toBe(200);
      const cookie = String(first.headers['set-cookie']).split(';')[0]!;
      // The token starts with the visit id the content service counts by.
      return { cookie, visitId: cookie.replace(/^pp_visit=/, '').split('.')[0]! };
    }

    async function storedViews(slug: string): Promise<number> {
      const client = new Client({ connectionString: stack.databaseUrls.content });
      await client.connect();
      try {
        const result = await client.query<{ views: number }>(
          'SELECT views::int AS views FROM content.articles WHERE slug = $1',
          [slug],
        );
        return result.rows[0]?.views ?? -1;
      } finally {
        await client.end();
      }
    }

    it('counts none of 300 reports from a foreign origin, one per visit however often it reports, and the page shows the count', async () => {
      // An article nothing has asked for yet: neither the content service nor the gateway has it cached.
      const slug = sampleGuideSlug(SAMPLE_GUIDE_COUNT - 1);
      const path = `/${slug}/`;
      // A foreign page firing the beacon from its visitors' browsers, with and without a visit of ours.
      const ours = await startVisit(path);
      for (let i = 0; i < 300; i += 1) {
        const headers: Record<string, string> =
          i % 2 === 0
            ? { origin: 'https://evil.example' }
            : { origin: 'https://evil.example', cookie: ours.cookie };
        expect((await beacon({ path }, headers)).status).toBe(403);
      }
      // One visit reporting the article five times (reloads), and a second visit once.
      for (let i = 0; i < 5; i += 1)
        expect((await beacon({ path }, { cookie: ours.cookie })).status).toBe(204);
      const other = await startVisit(path);
      expect((await beacon({ path }, { cookie: other.cookie })).status).toBe(204);
      // Read back through the service: the first visit again is not counted, the total is two. An
      // answer given while the flush job (every 200 ms here) moves counts to PostgreSQL may be a few
      // views short, never over (ArticleViewsUseCases); the next one is whole again. Asking again
      // with the same visit counts nothing, so a count of three would never come down to two.
      const counted: boolean[] = [];
      await eventually(async () => {
        const answer = await stack.content.recordArticleView({ slug, sessionId: ours.visitId });
        counted.push(answer.counted);
        return answer.views === 2;
      });
      expect(counted).not.toContain(true);
      // A reader who has not accepted cookies: no visit, no cookie, the report counted on its own.
      const anonymous = await beacon({ path }, {}, { consent: false });
      expect(anonymous.status).toBe(204);
      expect(anonymous.headers['set-cookie']).toBeUndefined();

      // The counts reach PostgreSQL on the service's flush; then the page shows them.
      await eventually(async () => (await storedViews(slug)) === 3);
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<li>3 wyświetlenia</li>');
    });

    it('answers 400 for a bad body and 204 for an unknown article (best effort)', async () => {
      const bad = await beacon({ path: 'placa-minimalna' });
      expect(bad.status).toBe(400);
      expectNoStack(bad.body);
      const { cookie } = await startVisit('/nie-ma-takiego-artykulu/');
      expect((await beacon({ path: '/nie-ma-takiego-artykulu/' }, { cookie })).status).toBe(204);
    });
  });

  describe('comments and the page cache', () => {
    const ARTICLE = '/placa-minimalna/';
    const post = (contentType: string, body: string) =>
      rawRequest(stack.port, {
        method: 'POST',
        path: '/api/comments',
        headers: { 'content-type': contentType, origin: stack.url },
        body,
      });

    it('keeps page data in Redis under the gateway namespace, fresh for the TTL', async () => {
      const key = contentPageKey('/o-nas/');
      await stack.redis.del(key);
      const res = await get('/o-nas/');
      expect(res.status).toBe(200);
      const entry = await envelope(key);
      expect(entry).not.toBeNull();
      expect(JSON.stringify(entry!.value)).toContain('Pośrednik, nie pożyczkodawca');
      expect(entry!.freshUntil).toBeGreaterThan(Date.now());
      // stored for TTL + stale (30 s + 600 s by default)
      expect(await stack.redis.pttl(key)).toBeGreaterThan(600_000);
    });

    it('takes comments as a form and as JSON, holds them for moderation, and shows them once approved and the cache refreshed', async () => {
      const key = contentPageKey(ARTICLE);
      const before = await get(ARTICLE);
      expect(before.status).toBe(200);
      expect(await envelope(key)).not.toBeNull();

      const form = await post(
        'application/x-www-form-urlencoded',
        new URLSearchParams({
          page_path: ARTICLE,
          name: 'Jan z formularza',
          email: 'jan@example.pl',
          text: 'Przydatne zestawienie kwot, dziękuję.',
          rating: '5',
          reply_to: '',
          website: '',
        }).toString(),
      );
      expect(form.status).toBe(303);
      expect(form.headers.location).toBe(`${ARTICLE}?komentarz=oczekuje#komentarze`);
      const json = await post(
        'application/json',
        JSON.stringify({
          page_path: ARTICLE,
          name: 'Ola ze skryptu',
          email: 'ola@example.pl',
          text: 'Brakuje mi kwoty netto, ale i tak dobrze.',
          rating: '4',
          reply_to: '',
          website: '',
        }),
      );
      expect(json.status).toBe(202);
      expect(JSON.parse(json.body)).toEqual({ status: 'pending', message: COMMENT_TEXTS.pending });

      // Pending: in the moderation queue, not in what the service publishes.
      const queue = await stack.content.listCommentsForModeration({
        state: contentV1.CommentState.PENDING,
        page: { page: 1, pageSize: 50 },
      });
      const ours = queue.comments.filter((c) => c.pagePath === ARTICLE);
      expect(ours.map((c) => [c.name, c.rating]).sort()).toEqual([
        ['Jan z formularza', 5],
        ['Ola ze skryptu', 4],
      ]);
      const published = () =>
        stack.content.listComments({
          pagePath: ARTICLE,
          sort: contentV1.CommentSort.NEWER,
          page: { page: 1, pageSize: 10 },
        });
      expect((await published()).totalCount).toBe(0);

      for (const comment of ours)
        await stack.content.approveComment({ commentId: comment.id, moderator: 'test' });
      expect((await published()).totalCount).toBe(2);

      // The gateway's copy is still fresh: it keeps answering without them.
      const cached = await get(ARTICLE);
      expect(cached.body).toContain('<h1>Płaca minimalna w latach 2024–2026</h1>');
      expect(commentsOf(cached.body)).not.toContain('Jan z formularza');
      expect(JSON.stringify((await envelope(key))!.value)).not.toContain('Jan z formularza');

      // Once stale, the first request still gets the stale copy and starts one background refresh…
      await makeStale(key);
      const stale = await get(ARTICLE);
      expect(stale.status).toBe(200);
      expect(commentsOf(stale.body)).not.toContain('Jan z formularza');
      await eventually(async () => ((await envelope(key))?.freshUntil ?? 0) > 0);
      expect(JSON.stringify((await envelope(key))!.value)).toContain('Jan z formularza');

      // …and the next one shows the published comments.
      const fresh = await get(ARTICLE);
      const comments = commentsOf(fresh.body);
      expect(comments).toContain('Jan z formularza');
      expect(comments).toContain('Przydatne zestawienie kwot, dziękuję.');
      expect(comments).toContain('Ola ze skryptu');
      expect(text(comments)).toContain('2 komentarze · Średnia ocena 4,5/5 (2 oceny)');
      expect(comments).not.toContain('jan@example.pl');
    });

    it('answers the form post with the service field messages when the service refuses a comment', async () => {
      const res = await post(
        'application/x-www-form-urlencoded',
        new URLSearchParams({
          page_path: ARTICLE,
          name: 'Jan',
          email: 'jan@',
          text: 'ok',
          rating: '5',
          reply_to: '',
          website: '',
        }).toString(),
      );
      expect(res.status).toBe(400);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatch(/data-error-for="email">[^<]+<\/p>/);
      expect(res.body).toContain('value="jan@"');
    });
  });

  describe('with services stopped', () => {
    it('answers an SEO page without the offers block while offers is down, keeps it out of the cache, and shows offers again once it is back', async () => {
      const path = '/pozyczka-na-dowod/';
      const key = contentPageKey(path);
      await stack.stopService('offers');
      try {
        const res = await get(path);
        expect(res.status).toBe(200);
        expect(res.body).toContain('<h1>Pożyczka na dowód osobisty</h1>');
        expect(res.body).not.toContain('offer-list');
        // the rest of the page is there, its application action included
        expect(res.body).toContain('<footer class="site-footer">');
        expect(res.body).toContain('href="/application/"');
        expect(await envelope(key)).toBeNull();
      } finally {
        await stack.startService('offers');
      }
      // The gateway reconnects by itself (backoff capped at 2 s): the block comes back, and the page is cached.
      await eventually(async () => (await get(path)).body.includes('offer-list'));
      expect(await envelope(key)).not.toBeNull();
    });

    it('serves a page stale from Redis while content is stopped, to a gateway that has nothing in memory', async () => {
      const cachedPath = '/o-nas/';
      expect((await get(cachedPath)).status).toBe(200);
      await makeStale(contentPageKey(cachedPath));
      await stack.stopService('content');
      try {
        await stack.restartGateway();
        const res = await get(cachedPath);
        expect(res.status).toBe(200);
        expect(res.body).toContain('<h1>O nas</h1>');
        expect(res.body).toContain('Pośrednik, nie pożyczkodawca');
        // its background refresh failed: the stale copy stays
        await eventually(() =>
          stack
            .output('gateway')
            .some((line) => line.includes('background refresh failed; stale value kept')),
        );
        expect(await envelope(contentPageKey(cachedPath))).not.toBeNull();
        // a page that was never cached has nothing to fall back on
        const uncached = await get('/opinie-o-pozyczkach/wandoo/');
        expect(uncached.status).toBe(503);
        expectNoStack(uncached.body);
      } finally {
        await stack.startService('content');
      }
    });
  });
});
