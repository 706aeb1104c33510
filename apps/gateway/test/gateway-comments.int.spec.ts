import { status } from '@grpc/grpc-js';
import { type contentV1, richStatusMetadata } from '@lib/contracts';
import { randomUUID } from 'node:crypto';
import { COMMENT_TEXTS } from '../src/features/comments/comment-texts';
import {
  ARTICLE as ARTICLE_DATA,
  ARTICLE_SLUG,
  FAKE_VIOLATIONS,
  OFFERS_HANDLERS,
  VIVUS_REVIEW,
  createFakeContent,
  type FakeContent,
} from './support/content-fixtures';
import { FakeGrpcError, type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { expectNoStack, rawRequest } from './support/raw-http';
import { type TestGateway, startTestGateway } from './support/test-gateway';

const ORIGIN = 'http://localhost:3000';
const ARTICLE = `/${ARTICLE_SLUG}/`;
const VIVUS = '/opinie-o-pozyczkach/vivus/';
/** The opening tag of the element with this attribute (e.g. 'id="komentarz-email"'), attributes in any order. */
function tagWith(html: string, attribute: string): string {
  const found = new RegExp(`<[a-z]+ [^>]*${attribute.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^>]*>`).exec(
    html,
  );
  if (!found) throw new Error(`no element with ${attribute}`);
  return found[0];
}
/** The comments section alone. */
const commentsOf = (html: string) =>
  /<section id="komentarze"[\s\S]*?<\/form><\/section>/.exec(html)?.[0] ?? '';
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The value of the form's hidden idempotency key. */
const formKey = (html: string) => /value="([^"]*)"/.exec(tagWith(html, 'name="idempotency_key"'))?.[1];

const VALID = {
  page_path: ARTICLE,
  name: 'Jan Nowak',
  email: 'jan.nowak@example.pl',
  text: 'Dobry artykuł, dziękuję.',
  rating: '5',
  reply_to: '',
  website: '',
};

describe('comments in the gateway', () => {
  let fake: FakeContent;
  let content: FakeGrpcServer;
  let offers: FakeGrpcServer;
  let gateway: TestGateway;
  let clientNo = 0;

  beforeAll(async () => {
    fake = createFakeContent();
    [content, offers] = await Promise.all([
      startFakeService('content', fake.handlers),
      startFakeService('offers', OFFERS_HANDLERS),
    ]);
    // Each test posts as its own client (X-Forwarded-For behind a trusted loopback proxy), so the limit of one never touches another.
    gateway = await startTestGateway({
      targets: { content: content.target, offers: offers.target },
      env: { PAGE_CACHE: 'false', TRUST_PROXY: 'loopback', COMMENT_RATE_LIMIT: '3' },
    });
  });

  afterAll(async () => {
    await gateway.stop();
    await Promise.all([content.stop(), offers.stop()]);
  });

  beforeEach(() => {
    clientNo += 1;
    fake.submissions.length = 0;
  });

  const clientIp = () => `203.0.113.${clientNo}`;
  const get = (path: string) => rawRequest(gateway.port, { path });
  const postForm = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    rawRequest(gateway.port, {
      method: 'POST',
      path: '/api/comments',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: ORIGIN,
        'x-forwarded-for': clientIp(),
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
  const postJson = (body: unknown, headers: Record<string, string> = {}) =>
    rawRequest(gateway.port, {
      method: 'POST',
      path: '/api/comments',
      headers: {
        'content-type': 'application/json',
        origin: ORIGIN,
        'x-forwarded-for': clientIp(),
        ...headers,
      },
      body: JSON.stringify(body),
    });

  describe('the list under an article', () => {
    it('shows count, average rating, nested staff replies with their labels, pl-PL dates and no e-mail', async () => {
      const res = await get(ARTICLE);
      expect(res.status).toBe(200);
      const visible = text(res.body);
      expect(visible).toContain('14 komentarzy · Średnia ocena 3,7/5 (12 ocen)');
      expect(res.body).toMatch(
        /<li class="comment" id="komentarz-112">[\s\S]*<ol class="comment__replies"><li class="comment comment--staff" id="komentarz-200">/,
      );
      expect(visible).toContain('Zespół Porównywarki Odpowiedź firmy');
      expect(visible).toContain('Anna Kowalczyk Odpowiedź eksperta');
      expect(res.body).toContain(
        '<time class="comment__date" dateTime="2026-10-03T18:30:00Z">03.10.2026</time>',
      );
      // plain text: markup in a comment is shown, never interpreted
      expect(res.body).toContain('Komentarz numer 11 &lt;b&gt;bez HTML&lt;/b&gt;.');
      expect(commentsOf(res.body)).not.toContain('@');
      // ten per page, newest first, with a pager
      expect(res.body.match(/class="comment" id=/g)).toHaveLength(10);
      expect(visible).toContain('strona 1 z 2');
      expect(res.body).toContain(`href="${ARTICLE}?komentarze-strona=2#komentarze"`);
      expect(res.body.indexOf('komentarz-112')).toBeLessThan(res.body.indexOf('komentarz-111'));
      expect(fake.commentLists.at(-1)).toMatchObject({
        pagePath: ARTICLE,
        sort: 1,
        page: { page: 1, pageSize: 10 },
      });
    });

    it('switches to oldest first and pages with the query, keeping the canonical address', async () => {
      const res = await get(`${ARTICLE}?komentarze=starsze`);
      expect(res.status).toBe(200);
      expect(fake.commentLists.at(-1)).toMatchObject({ sort: 2 });
      expect(res.body.indexOf('komentarz-101')).toBeLessThan(res.body.indexOf('komentarz-102'));
      expect(res.body).toContain(`<span class="comments__sort-option" aria-current="true">najstarsze</span>`);
      expect(res.body).toContain(
        `<a class="comments__sort-option" href="${ARTICLE}#komentarze">najnowsze</a>`,
      );
      expect(res.body).toContain(`<link rel="canonical" href="${ORIGIN}${ARTICLE}">`);

      const second = await get(`${ARTICLE}?komentarze-strona=2`);
      expect(fake.commentLists.at(-1)).toMatchObject({ sort: 1, page: { page: 2 } });
      expect(second.body.match(/class="comment" id=/g)).toHaveLength(2);
      expect(text(second.body)).toContain('strona 2 z 2');
      // an unknown value falls back to the default rather than failing the page
      expect((await get(`${ARTICLE}?komentarze=cokolwiek&komentarze-strona=abc`)).status).toBe(200);
      expect(fake.commentLists.at(-1)).toMatchObject({ sort: 1, page: { page: 1 } });
    });

    it('renders the form: hidden page path and reply target, radio stars, and a honeypot people never reach', async () => {
      const res = await get(ARTICLE);
      const form = tagWith(res.body, 'data-comment-form=""');
      for (const attribute of ['id="formularz-komentarza"', 'method="post"', 'action="/api/comments"'])
        expect(form).toContain(attribute);
      expect(tagWith(res.body, 'name="page_path"')).toMatch(new RegExp(`type="hidden".*value="${ARTICLE}"`));
      expect(res.body.match(/<input type="radio" required="" name="rating" value="[1-5]"\/>/g)).toHaveLength(
        5,
      );
      expect(res.body).toContain('<legend>Twoja ocena</legend>');
      const trap = tagWith(res.body, 'name="website"');
      for (const attribute of ['type="text"', 'tabindex="-1"', 'autoComplete="off"', 'value=""'])
        expect(trap).toContain(attribute);
      expect(res.body).toMatch(/<div class="comment-form__trap" aria-hidden="true">[^]*?name="website"/);
      expect(res.body).toContain(`href="${ARTICLE}?odpowiedz=112#formularz-komentarza"`);
    });

    it('answers a reply link with the form set to answer that comment, without a rating', async () => {
      const res = await get(`${ARTICLE}?odpowiedz=112`);
      expect(tagWith(res.body, 'name="reply_to"')).toContain('value="112"');
      expect(text(res.body)).toContain('Odpowiadasz na komentarz: Marta z Gdańska.');
      expect(res.body).toMatch(
        /<fieldset class="form-field stars" data-rating-field="" disabled="" hidden=""/,
      );
    });

    it('shows the moderation notice after the redirect', async () => {
      const res = await get(`${ARTICLE}?komentarz=oczekuje`);
      expect(res.status).toBe(200);
      expect(res.body).toContain(
        `<div class="comment-form__status" role="status" data-comment-status="">${COMMENT_TEXTS.pending}</div>`,
      );
    });

    it('lists the comments of a lender review page too', async () => {
      const res = await get(VIVUS);
      expect(res.status).toBe(200);
      expect(fake.commentLists.at(-1)).toMatchObject({ pagePath: VIVUS });
      expect(text(res.body)).toContain('0 komentarzy · Brak ocen');
      expect(res.body).toContain(`<input type="hidden" name="page_path" value="${VIVUS}"/>`);
    });

    it('keeps the page up with a short notice while ListComments fails, and the form still there', async () => {
      const original = fake.handlers['ListComments']!;
      fake.handlers['ListComments'] = () => {
        throw new FakeGrpcError(status.UNAVAILABLE, 'database down');
      };
      try {
        const res = await get(ARTICLE);
        expect(res.status).toBe(200);
        expect(text(res.body)).toContain(
          'Komentarze są chwilowo niedostępne. Spróbuj ponownie za kilka minut.',
        );
        expect(res.body).toContain('data-comment-form=""');
        expect(res.body).toContain(`<h2 id="${ARTICLE_DATA.toc[0]!.anchor}">`);
      } finally {
        fake.handlers['ListComments'] = original;
      }
    });

    it('shows a lender review with the same notice when its one answer says the comments are unavailable', async () => {
      const composed = content.calls.get('GetLenderReviewPage') ?? 0;
      const listed = content.calls.get('ListComments') ?? 0;
      await withHandler(
        'ListComments',
        () => {
          throw new FakeGrpcError(status.UNAVAILABLE, 'database down');
        },
        async () => {
          const res = await get(VIVUS);
          expect(res.status).toBe(200);
          expect(text(res.body)).toContain(
            'Komentarze są chwilowo niedostępne. Spróbuj ponownie za kilka minut.',
          );
          expect(res.body).toContain(`<input type="hidden" name="page_path" value="${VIVUS}"/>`);
          expect(res.body).toContain(`<h1>${VIVUS_REVIEW.title}</h1>`);
        },
      );
      // The review and its comments came in one call: the gateway never asked ListComments itself.
      expect(content.calls.get('GetLenderReviewPage')).toBe(composed + 1);
      expect(content.calls.get('ListComments') ?? 0).toBe(listed);
    });
  });

  describe('POST /api/comments as a plain form', () => {
    it('stores the comment and answers 303 back to the page with the moderation notice', async () => {
      const res = await postForm(VALID);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`${ARTICLE}?komentarz=oczekuje#komentarze`);
      expect(fake.submissions).toMatchObject([
        {
          pagePath: ARTICLE,
          name: 'Jan Nowak',
          email: 'jan.nowak@example.pl',
          text: 'Dobry artykuł, dziękuję.',
          rating: 5,
          replyTo: 0,
          sessionId: '',
          // The form sent none (a client of its own): the gateway made one for the submission.
          idempotencyKey: expect.stringMatching(UUID_V4),
        },
      ]);
    });

    it('sends a reply with its target and no rating', async () => {
      const res = await postForm({ ...VALID, rating: '', reply_to: '112' });
      expect(res.status).toBe(303);
      expect(fake.submissions[0]).toMatchObject({ replyTo: 112, rating: 0 });
    });

    it('re-renders the page with the Polish field errors and the values kept (400)', async () => {
      const res = await postForm({ ...VALID, email: 'jan@', text: 'x', rating: '' });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain(
        `<p class="field-error" id="komentarz-email-blad" data-error-for="email">${FAKE_VIOLATIONS.email}</p>`,
      );
      expect(res.body).toContain(`data-error-for="text">${FAKE_VIOLATIONS.text}</p>`);
      expect(res.body).toContain(`data-error-for="rating">${FAKE_VIOLATIONS.rating}</p>`);
      expect(res.body).toContain(COMMENT_TEXTS.fixFields);
      const email = tagWith(res.body, 'id="komentarz-email"');
      for (const attribute of [
        'aria-invalid="true"',
        'aria-describedby="komentarz-email-opis komentarz-email-blad"',
        'value="jan@"',
      ])
        expect(email).toContain(attribute);
      expect(tagWith(res.body, 'id="komentarz-imie"')).not.toContain('aria-invalid');
      expect(res.body).toContain('value="Jan Nowak"');
      expect(res.body).toMatch(/<textarea id="komentarz-tresc"[^>]*>x<\/textarea>/);
      expect(res.body).toContain(`<h1>${ARTICLE_DATA.h1}</h1>`);
    });

    it('maps an error on a hidden field (reply target) to the form message, in the gateway’s words', async () => {
      const res = await postForm({ ...VALID, rating: '', reply_to: '999' });
      expect(res.status).toBe(400);
      expect(res.body).toContain(`data-comment-message="">${COMMENT_TEXTS.replyGone}</div>`);
      expect(res.body).not.toContain(FAKE_VIOLATIONS.replyTo);
    });

    it('drops a filled honeypot with the usual answer, never calling the service, and logs it', async () => {
      const res = await postForm({ ...VALID, website: 'https://spam.example/' });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`${ARTICLE}?komentarz=oczekuje#komentarze`);
      expect(fake.submissions).toEqual([]);
      expect(
        gateway.logs.some(
          (line) => line.level === 'info' && line.msg === 'comment dropped: honeypot field filled',
        ),
      ).toBe(true);
    });

    it('answers 429 in Polish once an address has used its limit, without calling the service', async () => {
      for (let i = 0; i < 3; i += 1)
        expect((await postForm({ ...VALID, idempotency_key: randomUUID() })).status).toBe(303);
      const res = await postForm(VALID);
      expect(res.status).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.body).toContain(COMMENT_TEXTS.rateLimited);
      expect(res.body).toContain('value="Jan Nowak"');
      expect(fake.submissions).toHaveLength(3);
      // another address is not affected
      expect((await postForm(VALID, { 'x-forwarded-for': '198.51.100.77' })).status).toBe(303);
    });

    it('refuses a cross-origin post (403) and one naming no origin at all', async () => {
      const cross = await postForm(VALID, { origin: 'https://evil.example' });
      expect(cross.status).toBe(403);
      expect(text(cross.body)).toContain('Nie przyjęliśmy formularza');
      const none = await rawRequest(gateway.port, {
        method: 'POST',
        path: '/api/comments',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(VALID).toString(),
      });
      expect(none.status).toBe(403);
      // the Referer counts when there is no Origin; the address the request was sent to does not
      const withReferer = (referer: string) =>
        rawRequest(gateway.port, {
          method: 'POST',
          path: '/api/comments',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            referer,
            'x-forwarded-for': clientIp(),
          },
          body: new URLSearchParams(VALID).toString(),
        });
      expect((await withReferer(`http://127.0.0.1:${gateway.port}${ARTICLE}`)).status).toBe(403);
      expect((await withReferer(`${ORIGIN}${ARTICLE}`)).status).toBe(303);
      expect(fake.submissions).toHaveLength(1);
    });

    it('takes the longest comment the form allows, 5,000 Polish letters at 6 bytes each form-encoded', async () => {
      const text = 'ą'.repeat(5000);
      const body = new URLSearchParams({ ...VALID, name: 'Żaneta Łęcka-Ślązak', text }).toString();
      expect(body.length).toBeGreaterThan(30_000);
      const res = await postForm({ ...VALID, name: 'Żaneta Łęcka-Ślązak', text });
      expect(res.status).toBe(303);
      expect(fake.submissions[0]?.text).toBe(text);
    });

    it('answers a body over the limit with 413 on the page it was sent from, with the form and a Polish message', async () => {
      const res = await postForm(
        { ...VALID, text: 'a'.repeat(70 * 1024) },
        { referer: `${ORIGIN}${ARTICLE}` },
      );
      expect(res.status).toBe(413);
      expect(res.headers['cache-control']).toBe('no-store');
      expectNoStack(res.body);
      expect(res.body).toContain(`<h1>${ARTICLE_DATA.h1}</h1>`);
      expect(res.body).toContain(`data-comment-message="">${COMMENT_TEXTS.tooLarge}</div>`);
      // The body was never read: no key to give back; the next post gets the island's or a derived one.
      expect(formKey(res.body)).toBe('');
      expect(fake.submissions).toEqual([]);
    });
  });

  describe('POST /api/comments as JSON', () => {
    const json = (body: string) => JSON.parse(body) as Record<string, unknown>;

    it('answers 202 with the moderation message after SubmitComment, passing the visit id', async () => {
      const res = await postJson({ ...VALID, rating: 4, session_id: '6f1c1f5e-2a8b-4c1d-9e2f-0a1b2c3d4e5f' });
      expect(res.status).toBe(202);
      expect(json(res.body)).toEqual({ status: 'pending', message: COMMENT_TEXTS.pending });
      expect(fake.submissions[0]).toMatchObject({
        rating: 4,
        sessionId: '6f1c1f5e-2a8b-4c1d-9e2f-0a1b2c3d4e5f',
      });
    });

    it('answers 400 with the field messages of the service', async () => {
      const res = await postJson({ ...VALID, email: 'nie-email', text: '' });
      expect(res.status).toBe(400);
      expect(json(res.body)).toEqual({
        error: {
          status: 400,
          message: COMMENT_TEXTS.fixFields,
          fields: { email: FAKE_VIOLATIONS.email, text: FAKE_VIOLATIONS.text },
          idempotencyKey: expect.stringMatching(UUID_V4),
        },
      });
    });

    it('answers 400 for wrong types without calling the service', async () => {
      const res = await postJson({ ...VALID, name: ['a'], rating: 'pięć' });
      expect(res.status).toBe(400);
      expect(json(res.body)).toMatchObject({
        error: { fields: { name: COMMENT_TEXTS.badField, rating: COMMENT_TEXTS.badField } },
      });
      expect((await postJson({ ...VALID, page_path: 'https://evil.example/' })).status).toBe(400);
      expect((await postJson([1, 2])).status).toBe(400);
      expect(fake.submissions).toEqual([]);
    });

    it('pretends success for a filled honeypot', async () => {
      const res = await postJson({ ...VALID, website: 'x' });
      expect(res.status).toBe(202);
      expect(json(res.body)).toEqual({ status: 'pending', message: COMMENT_TEXTS.pending });
      expect(fake.submissions).toEqual([]);
    });

    it('answers 429 after the limit', async () => {
      for (let i = 0; i < 3; i += 1) await postJson({ ...VALID, idempotency_key: randomUUID() });
      const res = await postJson(VALID);
      expect(res.status).toBe(429);
      expect(json(res.body)).toMatchObject({ error: { status: 429, message: COMMENT_TEXTS.rateLimited } });
    });

    it('answers 403 cross-origin and 413 over the limit, as JSON', async () => {
      const cross = await postJson(VALID, { origin: 'http://localhost:3000.evil.example' });
      expect(cross.status).toBe(403);
      expect(json(cross.body)).toMatchObject({ error: { status: 403 } });
      const large = await postJson({ ...VALID, text: 'ż'.repeat(40_000) });
      expect(large.status).toBe(413);
      expect(json(large.body)).toMatchObject({ error: { status: 413, message: COMMENT_TEXTS.tooLarge } });
    });

    it('takes 5,000 Polish letters written as JSON \\u escapes (6 bytes each)', async () => {
      const body = JSON.stringify({ ...VALID, text: 'ą'.repeat(5000) }).replace(/ą/g, '\\u0105');
      expect(body.length).toBeGreaterThan(30_000);
      const res = await rawRequest(gateway.port, {
        method: 'POST',
        path: '/api/comments',
        headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': clientIp() },
        body,
      });
      expect(res.status).toBe(202);
      expect(fake.submissions[0]?.text).toBe('ą'.repeat(5000));
    });
  });

  /** Runs `body` with the fake content service's handler of `rpc` replaced. */
  async function withHandler(
    rpc: string,
    handler: (request: unknown) => unknown,
    body: () => Promise<void>,
  ): Promise<void> {
    const original = fake.handlers[rpc]!;
    fake.handlers[rpc] = handler;
    try {
      await body();
    } finally {
      fake.handlers[rpc] = original;
    }
  }

  describe('exactly once: the idempotency key', () => {
    it('draws the shared page with an empty key and forwards a posted key unchanged', async () => {
      expect(formKey((await get(ARTICLE)).body)).toBe('');
      const key = randomUUID();
      expect((await postForm({ ...VALID, idempotency_key: key })).status).toBe(303);
      expect(fake.submissions[0]?.idempotencyKey).toBe(key);
    });

    it('gives a plain form post without a key one derived from the post: the same post sent again is one submission', async () => {
      const from = { 'x-forwarded-for': '198.51.100.40' };
      expect((await postForm(VALID, from)).status).toBe(303);
      expect((await postForm(VALID, from)).status).toBe(303);
      expect((await postForm({ ...VALID, text: 'Inna treść komentarza.' }, from)).status).toBe(303);
      expect((await postForm(VALID, { 'x-forwarded-for': '198.51.100.41' })).status).toBe(303);
      const [first, again, otherText, otherVisitor] = fake.submissions.map((s) => s.idempotencyKey);
      expect(first).toMatch(UUID_V4);
      expect(again).toBe(first);
      expect(otherText).toMatch(UUID_V4);
      expect(otherText).not.toBe(first);
      expect(otherVisitor).not.toBe(first);
    });

    it('tells the truth when the service does not answer in time, and the retry carries the same key', async () => {
      const key = randomUUID();
      let release: () => void = () => undefined;
      // SubmitComment hangs past the gateway's deadline (GRPC_DEADLINE_MS) until the test lets it go.
      await withHandler(
        'SubmitComment',
        (request) => {
          fake.submissions.push(request as contentV1.SubmitCommentRequest);
          return new Promise(
            (resolve) =>
              (release = () => resolve({ commentId: 1, state: 1, createdAt: '2026-10-05T10:00:00Z' })),
          );
        },
        async () => {
          const form = await postForm({ ...VALID, idempotency_key: key });
          release();
          expect(form.status).toBe(503);
          expect(form.body).toContain(COMMENT_TEXTS.uncertain);
          expect(form.body).not.toContain(COMMENT_TEXTS.pending);
          expect(form.body).toMatch(
            /<textarea id="komentarz-tresc"[^>]*>Dobry artykuł, dziękuję.<\/textarea>/,
          );
          expect(formKey(form.body)).toBe(key);
          expect(
            gateway.logs.some(
              (line) =>
                line.msg === 'comment outcome unknown: content service failed' &&
                line['grpcCode'] === 'DEADLINE_EXCEEDED',
            ),
          ).toBe(true);
        },
      );
      // The visitor sends the refilled form again: the same submission, the same key.
      expect((await postForm({ ...VALID, idempotency_key: key })).status).toBe(303);
      expect(fake.submissions.map((s) => s.idempotencyKey)).toEqual([key, key]);
    });

    it('answers JSON outages with the same truth and the key the submission goes by', async () => {
      const key = randomUUID();
      await withHandler(
        'SubmitComment',
        () => {
          throw new FakeGrpcError(status.UNAVAILABLE, 'database down');
        },
        async () => {
          const api = await postJson({ ...VALID, idempotency_key: key });
          expect(api.status).toBe(503);
          expect(JSON.parse(api.body)).toEqual({
            error: { status: 503, message: COMMENT_TEXTS.uncertain, fields: {}, idempotencyKey: key },
          });
          expectNoStack(api.body);
        },
      );
    });

    it('sends a comment whose key belongs to another comment (a page from the cache) under a new key', async () => {
      const key = randomUUID();
      let calls = 0;
      await withHandler(
        'SubmitComment',
        (request) => {
          fake.submissions.push(request as contentV1.SubmitCommentRequest);
          calls += 1;
          if (calls === 1) {
            const fieldViolations = [
              { field: 'idempotencyKey', description: 'was already used for a different submission' },
            ];
            throw new FakeGrpcError(
              status.INVALID_ARGUMENT,
              'request is invalid',
              richStatusMetadata({
                code: status.INVALID_ARGUMENT,
                message: 'request is invalid',
                fieldViolations,
              }),
            );
          }
          return { commentId: 9, state: 1, createdAt: '2026-10-05T10:00:00Z' };
        },
        async () => {
          expect((await postForm({ ...VALID, idempotency_key: key })).status).toBe(303);
        },
      );
      const [first, second] = fake.submissions.map((s) => s.idempotencyKey);
      expect(first).toBe(key);
      expect(second).toMatch(UUID_V4);
      expect(second).not.toBe(key);
    });

    it('never shows the service’s own words: a field’s English description becomes its Polish rule, the key’s and a hidden field’s the form’s message', async () => {
      const english = [
        { field: 'text', description: 'must be at most 5000 characters' },
        { field: 'sessionId', description: 'must be a UUID' },
        { field: 'idempotencyKey', description: 'was already used for a different submission' },
      ];
      const refuse = () => {
        throw new FakeGrpcError(
          status.INVALID_ARGUMENT,
          'request is invalid',
          richStatusMetadata({
            code: status.INVALID_ARGUMENT,
            message: 'request is invalid',
            fieldViolations: english,
          }),
        );
      };
      await withHandler('SubmitComment', refuse, async () => {
        const res = await postJson({ ...VALID, idempotency_key: randomUUID() });
        expect(res.status).toBe(400);
        expect(JSON.parse(res.body)).toMatchObject({
          error: {
            message: `${COMMENT_TEXTS.badBody} ${COMMENT_TEXTS.keyReused}`,
            fields: { text: 'Wpisz treść komentarza (od 3 do 5000 znaków)' },
          },
        });
        const page = await postForm({ ...VALID, idempotency_key: randomUUID() });
        expect(page.status).toBe(400);
        expect(page.body).toContain(COMMENT_TEXTS.keyReused);
        for (const { description } of english) {
          expect(res.body).not.toContain(description);
          expect(page.body).not.toContain(description);
        }
      });
    });
  });

  describe('nothing typed is lost', () => {
    it('answers an outage with a page holding just the form, refilled, when the commented page cannot be drawn either', async () => {
      const key = randomUUID();
      const down = () => {
        throw new FakeGrpcError(status.UNAVAILABLE, 'database down');
      };
      await withHandler('GetPage', down, () =>
        withHandler('SubmitComment', down, async () => {
          const res = await postForm({ ...VALID, idempotency_key: key });
          expect(res.status).toBe(503);
          expect(res.headers['cache-control']).toBe('no-store');
          expect(res.body).toContain('<h1>Twój komentarz</h1>');
          expect(res.body).toContain(`data-comment-message="">${COMMENT_TEXTS.uncertain}</div>`);
          expect(res.body).toMatch(
            /<textarea id="komentarz-tresc"[^>]*>Dobry artykuł, dziękuję.<\/textarea>/,
          );
          expect(tagWith(res.body, 'id="komentarz-email"')).toContain('value="jan.nowak@example.pl"');
          expect(tagWith(res.body, 'name="page_path"')).toContain(`value="${ARTICLE}"`);
          expect(formKey(res.body)).toBe(key);
        }),
      );
    });

    it('answers 404 for a path where no page takes comments, showing the text to copy', async () => {
      await withHandler(
        'SubmitComment',
        () => {
          throw new FakeGrpcError(status.NOT_FOUND, 'commented page /nie-ma-takiej-strony/ not found');
        },
        async () => {
          const form = await postForm({ ...VALID, page_path: '/nie-ma-takiej-strony/' });
          expect(form.status).toBe(404);
          expect(form.body).toContain('<h1>Nie można dodać komentarza</h1>');
          expect(form.body).toContain(COMMENT_TEXTS.notCommentable);
          expect(form.body).toMatch(
            /<textarea id="komentarz-kopia"[^>]*readOnly=""[^>]*>Dobry artykuł, dziękuję.<\/textarea>|<textarea[^>]*id="komentarz-kopia"[^>]*>Dobry artykuł, dziękuję.<\/textarea>/,
          );
          expect(form.body).not.toContain('data-comment-form=""');
          const api = await postJson({ ...VALID, page_path: '/a/b/c/d/e/f/g/h/' });
          expect(api.status).toBe(404);
          expect(JSON.parse(api.body)).toMatchObject({
            error: { status: 404, message: COMMENT_TEXTS.notCommentable },
          });
        },
      );
    });
  });

  describe('the comment budget counts accepted comments only', () => {
    it('lets a visitor who made five typos in the e-mail still post (limit 3 here)', async () => {
      for (let i = 0; i < 5; i += 1)
        expect((await postForm({ ...VALID, email: `jan${i}@` })).status).toBe(400);
      // …nor do posts the gateway itself refuses, nor ones whose fate is unknown.
      expect((await postForm({ ...VALID, rating: 'x' })).status).toBe(400);
      await withHandler(
        'SubmitComment',
        () => {
          throw new FakeGrpcError(status.UNAVAILABLE, 'database down');
        },
        async () => {
          expect((await postForm(VALID)).status).toBe(503);
        },
      );
      for (let i = 0; i < 3; i += 1)
        expect((await postForm({ ...VALID, idempotency_key: randomUUID() })).status).toBe(303);
      expect((await postForm(VALID)).status).toBe(429);
    });

    it('keys the budget by the client address behind a trusted proxy', async () => {
      for (let i = 0; i < 3; i += 1)
        expect(
          (
            await postForm(
              { ...VALID, idempotency_key: randomUUID() },
              { 'x-forwarded-for': '198.51.100.20' },
            )
          ).status,
        ).toBe(303);
      expect((await postForm(VALID, { 'x-forwarded-for': '198.51.100.20' })).status).toBe(429);
      expect((await postForm(VALID, { 'x-forwarded-for': '198.51.100.21' })).status).toBe(303);
    });
  });
});
