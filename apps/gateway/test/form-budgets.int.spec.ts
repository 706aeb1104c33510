import {
  type RateBudgets,
  closeRedisClient,
  createRateBudgets,
  createRedisClient,
  ensureRedisConnected,
} from '@lib/cache';
import { MESSAGES } from '@lib/pl-validation';
import { createLogger } from '@lib/observability';
import { type MailCatcher, startMailCatcher } from '@lib/test-support';
import { type TestRedis, describeWithRedis, provideTestRedis } from '@lib/testing';
import { type Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { COMMENT_TEXTS } from '../src/features/comments/comment-texts';
import { CONTACT_TEXTS } from '../src/features/contact/contact-form';
import { LINK_REFUSAL_TEXTS } from '../src/features/self-service/self-service-texts';
import { FORM_POST_TEXTS } from '../src/kit/forms/form-post';
import { type ContentProcess, startContentProcess } from './support/content-process';
import { type LeadsProcess, startLeadsProcess } from './support/leads-process';
import { type RawResponse, rawRequest } from './support/raw-http';
import { selfServiceLinkIn, testPerson } from './support/self-service';
import { type TestGateway, startTestGateway } from './support/test-gateway';

/*
 * The forms' budgets and their answers on the real thing: the gateway in process with its rate
 * budgets in the test Redis, in front of the leads and content services from their builds, each on
 * a fresh PostgreSQL database, and the mail the leads service really sends. Each form has its own
 * budget counting stored submissions: identical posts at once are one submission, a refused post
 * costs nothing, and a spent contact budget never stands between a person and their data. Every
 * refusal a visitor can provoke is answered in the gateway's Polish words, never in the services'.
 */

const ORIGIN = 'http://localhost:3000';
/** A page of the sample site that takes comments. */
const ARTICLE = '/placa-minimalna/';

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const text = (html: string) => decode(html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '));
const valueOf = (html: string, name: string) =>
  decode(new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '');
const cookiePair = (res: RawResponse, name: string) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${name}=`));

/** What a visitor reads of a refused form: its message and the words next to its fields. */
function visibleAnswer(res: RawResponse): string[] {
  if (String(res.headers['content-type']).startsWith('application/json')) {
    const body = JSON.parse(res.body) as { error: { message: string; fields: Record<string, string> } };
    return [body.error.message, ...Object.values(body.error.fields)];
  }
  // The form's message (an alert) and the error slot of each field.
  const slots = res.body.matchAll(/<(?:div|p) [^>]*(?:role="alert"|data-error-for="[^"]+")[^>]*>([^<]*)</g);
  return [...slots].map((match) => decode(match[1] ?? '')).filter((words) => words.trim() !== '');
}

/** Words of the services' English descriptions that no Polish answer holds. */
const ENGLISH = /\b(the|must|already|was|is|are|used|key|request|submission|invalid|required|characters)\b/i;
const POLISH_LETTERS = /[ąćęłńóśźż]/i;

/** The answer is shown, and every piece of it is Polish. */
function expectPolish(res: RawResponse): string[] {
  const shown = visibleAnswer(res);
  expect(shown.length).toBeGreaterThan(0);
  for (const words of shown) {
    expect(words).not.toMatch(ENGLISH);
    expect(words).toMatch(POLISH_LETTERS);
  }
  expect(res.body).not.toMatch(/new key|already used|must be/i);
  return shown;
}

describeWithRedis('form budgets and answers against the real leads and content services', () => {
  let testRedis: TestRedis;
  let redis: Redis;
  let budgets: RateBudgets;
  let mail: MailCatcher;
  let leads: LeadsProcess;
  let content: ContentProcess;
  let gateway: TestGateway;
  let contentDb: Client;
  let leadsDb: Client;
  let clientNo = 0;
  const seenMail = new Set<string>();

  beforeAll(async () => {
    testRedis = await provideTestRedis();
    redis = createRedisClient(testRedis.url);
    await ensureRedisConnected(redis);
    mail = await startMailCatcher();
    [leads, content] = await Promise.all([
      startLeadsProcess({
        env: { SMTP_URL: mail.smtpUrl, PUBLIC_ORIGIN: ORIGIN, LEADS_DISPATCH_INTERVAL_MS: '200' },
      }),
      startContentProcess(),
    ]);
    // The gateway's own budgets, in Redis under this suite's namespace (cleared when it closes).
    budgets = createRateBudgets(
      testRedis.url,
      testRedis.namespace,
      createLogger({ name: 'test', level: 'silent' }),
    );
    gateway = await startTestGateway({
      targets: { leads: leads.target, content: content.target },
      env: { PAGE_CACHE: 'false', TRUST_PROXY: 'loopback', GRPC_DEADLINE_MS: '5000' },
      rateBudgets: budgets,
    });
    contentDb = new Client({ connectionString: content.databaseUrl });
    leadsDb = new Client({ connectionString: leads.databaseUrl });
    await Promise.all([contentDb.connect(), leadsDb.connect()]);
  }, 120_000);

  afterAll(async () => {
    await contentDb?.end();
    await leadsDb?.end();
    await gateway?.stop();
    await budgets?.close();
    await Promise.all([leads?.stop(), content?.stop()]);
    await mail?.stop();
    if (redis) await closeRedisClient(redis);
    await testRedis?.close();
  });

  beforeEach(() => {
    clientNo += 1;
  });
  // Each test posts as its own client, so one test's budgets never touch another's.
  const clientIp = () => `198.51.100.${clientNo}`;
  /** The places a form's budget holds for this test's client (the submissions it counts). */
  const placesIn = (budget: string) => redis.hkeys(`${testRedis.namespace}:rate:${budget}:${clientIp()}`);

  const get = (path: string, cookie = '') =>
    rawRequest(gateway.port, { path, headers: { cookie, 'x-forwarded-for': clientIp() } });
  const post = (
    path: string,
    fields: Record<string, string>,
    cookie: string,
    headers: Record<string, string> = {},
  ) =>
    rawRequest(gateway.port, {
      method: 'POST',
      path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: ORIGIN,
        cookie,
        'x-forwarded-for': clientIp(),
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
  const postComment = (fields: Record<string, string>, asJson: boolean) =>
    rawRequest(gateway.port, {
      method: 'POST',
      path: '/api/comments',
      headers: {
        'content-type': asJson ? 'application/json' : 'application/x-www-form-urlencoded',
        origin: ORIGIN,
        'x-forwarded-for': clientIp(),
      },
      body: asJson ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
    });

  /** A form page drawn for this visitor: its form cookie and CSRF token. */
  async function openForm(path: string): Promise<{ cookie: string; token: string }> {
    const page = await get(path);
    expect(page.status).toBe(200);
    return { cookie: cookiePair(page, 'pp_form') ?? '', token: valueOf(page.body, 'csrf_token') };
  }

  const comment = (overrides: Record<string, string> = {}) => ({
    page_path: ARTICLE,
    name: 'Jan Cierpliwy',
    email: 'jan@example.pl',
    text: `Komentarz numer ${randomUUID().slice(0, 8)} pod artykułem.`,
    rating: '4',
    reply_to: '',
    website: '',
    ...overrides,
  });
  const commentsWith = async (words: string) =>
    Number(
      (
        await contentDb.query<{ n: string }>(`SELECT count(*) AS n FROM content.comments WHERE text = $1`, [
          words,
        ])
      ).rows[0]?.n,
    );

  describe('comments', () => {
    it('stores ten identical comments posted at once as one, answers all ten as stored, and counts one', async () => {
      const key = randomUUID();
      const form = { ...comment(), idempotency_key: key };
      const answers = await Promise.all(Array.from({ length: 10 }, () => postComment(form, true)));
      expect(answers.map((res) => res.status)).toEqual(Array(10).fill(202));
      for (const res of answers)
        expect(JSON.parse(res.body)).toEqual({ status: 'pending', message: COMMENT_TEXTS.pending });
      expect(await commentsWith(form.text)).toBe(1);
      expect(await placesIn('form-comments')).toEqual([key]);

      // The budget (five a window) counted one: four new comments still fit, the sixth does not.
      for (let i = 0; i < 4; i += 1) expect((await postComment(comment(), true)).status).toBe(202);
      const refused = await postComment(comment(), true);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toMatchObject({ error: { message: COMMENT_TEXTS.rateLimited } });
      // A repeat of one already stored is still answered as stored (it stores nothing new).
      expect((await postComment(form, true)).status).toBe(202);
      expect(await commentsWith(form.text)).toBe(1);
    });

    it('stores ten identical plain posts without a key at once as one, answering each with the notice', async () => {
      const form = comment();
      const answers = await Promise.all(Array.from({ length: 10 }, () => postComment(form, false)));
      expect(answers.map((res) => res.status)).toEqual(Array(10).fill(303));
      for (const res of answers)
        expect(res.headers['location']).toBe(`${ARTICLE}?komentarz=oczekuje#komentarze`);
      expect(await commentsWith(form.text)).toBe(1);
      expect(await placesIn('form-comments')).toHaveLength(1);
    });

    it('answers each refusal of the content service in Polish, and gives the refused posts’ places back', async () => {
      const refusals = [
        // A reply to a comment that is not there (the service's replyTo).
        { form: comment({ reply_to: '987654', rating: '' }), status: 400, says: COMMENT_TEXTS.replyGone },
        // Fields the gateway passes on as they are, for the service's rules.
        {
          form: comment({ name: '<b>Jan</b>' }),
          status: 400,
          says: 'Podaj imię lub pseudonim (od 2 do 100 znaków)',
        },
        { form: comment({ email: 'jan@' }), status: 400, says: MESSAGES.email },
        { form: comment({ text: 'ok' }), status: 400, says: 'Wpisz treść komentarza (od 3 do 5000 znaków)' },
        {
          form: comment({ text: 'Zobacz <a href="x">tu</a> koniecznie' }),
          status: 400,
          says: 'Komentarz nie może zawierać znaczników HTML',
        },
        // No page there takes comments (NOT_FOUND).
        {
          form: comment({ page_path: '/nie-ma-takiej-strony/' }),
          status: 404,
          says: COMMENT_TEXTS.notCommentable,
        },
      ];
      for (const { form, status, says } of refusals)
        for (const asJson of [true, false]) {
          const res = await postComment(form, asJson);
          expect(res.status).toBe(status);
          expect(expectPolish(res)).toContain(says);
        }
      expect(await placesIn('form-comments')).toEqual([]);
    });
  });

  describe('the contact, unsubscribe and erasure forms', () => {
    const message = (i: number, email: string) => ({
      name: 'Marta Wiśniewska',
      email,
      phone: '',
      message: `Wiadomość numer ${i}: proszę o kontakt w sprawie mojego wniosku.`,
    });

    it('gives a refused post its place back: ten refusals cost nothing, ten messages are stored, the eleventh is refused', async () => {
      const { cookie, token } = await openForm('/kontakt/');
      const email = `osoba.${randomUUID().slice(0, 8)}@example.pl`;
      for (let i = 0; i < 10; i += 1) {
        const refused = await post('/kontakt/', { ...message(i, 'nie-email'), csrf_token: token }, cookie);
        expect(refused.status).toBe(400);
      }
      expect(await placesIn('form-contact')).toEqual([]);
      for (let i = 0; i < 10; i += 1)
        expect((await post('/kontakt/', { ...message(i, email), csrf_token: token }, cookie)).status).toBe(
          303,
        );
      expect(await placesIn('form-contact')).toHaveLength(10);
      const spent = await post('/kontakt/', { ...message(10, email), csrf_token: token }, cookie);
      expect(spent.status).toBe(429);
      expect(expectPolish(spent)).toContain(FORM_POST_TEXTS.rateLimited);
    });

    it('lets an address that sent ten messages still ask for its link and erase its data', async () => {
      const person = testPerson();
      const { cookie, token } = await openForm('/kontakt/');
      for (let i = 0; i < 10; i += 1)
        expect(
          (await post('/kontakt/', { ...message(i, person.email), csrf_token: token }, cookie)).status,
        ).toBe(303);
      expect(
        (await post('/kontakt/', { ...message(10, person.email), csrf_token: token }, cookie)).status,
      ).toBe(429);

      // The link request: its own budget.
      const unsubscribe = await openForm('/unsubscribe/');
      const asked = await post(
        '/unsubscribe/',
        { adres: person.email, csrf_token: unsubscribe.token },
        unsubscribe.cookie,
      );
      expect(asked.status).toBe(303);
      expect(asked.headers['location']).toBe('/unsubscribe/?wyslano=email');
      const caught = await mail.waitFor(
        (m) =>
          !seenMail.has(m.id) &&
          m.to.some((to) => to.address === person.email) &&
          selfServiceLinkIn(m) !== undefined,
        15_000,
      );
      seenMail.add(caught.id);

      // The link's confirmation opens the session; the erasure has its own budget too.
      const confirmation = await get(selfServiceLinkIn(caught)!);
      const formCookie = cookiePair(confirmation, 'pp_form') ?? '';
      const opened = await post(
        '/moje-dane/',
        { t: valueOf(confirmation.body, 't'), csrf_token: valueOf(confirmation.body, 'csrf_token') },
        formCookie,
      );
      expect(opened.status).toBe(303);
      const session = [formCookie, cookiePair(opened, 'pp_moje_dane') ?? ''].join('; ');
      const overview = await get('/moje-dane/', session);
      const eraseToken = valueOf(
        overview.body.slice(overview.body.indexOf('/moje-dane/usun/')),
        'csrf_token',
      );
      const erased = await post('/moje-dane/usun/', { potwierdzam: 'tak', csrf_token: eraseToken }, session);
      expect(erased.status).toBe(303);
      expect(String(erased.headers['location'])).toMatch(/^\/moje-dane\/\?wniosek=[0-9a-f-]{36}$/);
      const request = await get(String(erased.headers['location']));
      expect(request.status).toBe(200);
      expect(await placesIn('form-unsubscribe')).toHaveLength(1);
      expect(await placesIn('form-erasure')).toHaveLength(1);
    });

    it('answers every refusal of the leads service in Polish: fields it checks, a reused key, a link unknown or used', async () => {
      const contact = await openForm('/kontakt/');
      const good = {
        ...message(1, `anna.${randomUUID().slice(0, 8)}@example.pl`),
        message: `Pierwsza wiadomość ${randomUUID().slice(0, 8)}: proszę o kontakt.`,
      };
      for (const headers of [{}, { accept: 'application/json' }] as Record<string, string>[]) {
        const badEmail = await post(
          '/kontakt/',
          { ...good, email: 'anna@@example', csrf_token: contact.token },
          contact.cookie,
          headers,
        );
        expect(badEmail.status).toBe(400);
        expect(expectPolish(badEmail)).toContain(MESSAGES.email);
        const html = await post(
          '/kontakt/',
          { ...good, message: 'Proszę o <b>pilny</b> kontakt w sprawie wniosku.', csrf_token: contact.token },
          contact.cookie,
          headers,
        );
        expect(html.status).toBe(400);
        expect(expectPolish(html)).toContain(MESSAGES.html);
      }

      // A key the service holds for another message (a page kept after sending it): stored, answered in Polish.
      const key = randomUUID();
      const json = { accept: 'application/json' };
      const first = await post(
        '/kontakt/',
        { ...good, idempotency_key: key, csrf_token: contact.token },
        contact.cookie,
        json,
      );
      const other = {
        ...good,
        message: `Zupełnie inna wiadomość ${randomUUID().slice(0, 8)}, z tej samej strony.`,
      };
      const reused = await post(
        '/kontakt/',
        { ...other, idempotency_key: key, csrf_token: contact.token },
        contact.cookie,
        json,
      );
      for (const res of [first, reused]) {
        expect(res.status).toBe(200);
        expect(JSON.parse(res.body)).toEqual({ message: CONTACT_TEXTS.sent, href: '/kontakt/?wyslano=tak' });
      }
      const stored = await leadsDb.query<{ message: string }>(
        `SELECT message FROM leads.contact_messages WHERE message = ANY($1)`,
        [[good.message, other.message]],
      );
      expect(stored.rows.map((row) => row.message).sort()).toEqual([good.message, other.message].sort());

      const partners = await openForm('/wspolpraca/');
      const enquiry = {
        company: 'Finanse Blog sp. z o.o.',
        name: 'Piotr Zieliński',
        email: 'piotr@example.pl',
        phone: '',
        website: 'finanseblog',
        traffic_sources: '',
        message: 'Chcemy dołączyć do programu partnerskiego.',
        csrf_token: partners.token,
      };
      const badSite = await post('/wspolpraca/', enquiry, partners.cookie);
      expect(badSite.status).toBe(400);
      expect(expectPolish(badSite).join(' ')).toContain('http://');

      const unsubscribe = await openForm('/unsubscribe/');
      for (const [typed, says] of [
        ['marta@@example', MESSAGES.email],
        ['12', MESSAGES.phone],
      ] as const) {
        const res = await post(
          '/unsubscribe/',
          { adres: typed, csrf_token: unsubscribe.token },
          unsubscribe.cookie,
        );
        expect(res.status).toBe(400);
        expect(expectPolish(res)).toContain(says);
      }

      // A link token the service does not know (NOT_FOUND): the notice, in Polish.
      const unknown = await get(`/moje-dane/?t=${'A'.repeat(43)}`);
      const refused = await post(
        '/moje-dane/',
        { t: 'A'.repeat(43), csrf_token: valueOf(unknown.body, 'csrf_token') },
        cookiePair(unknown, 'pp_form') ?? '',
      );
      expect(refused.status).toBe(404);
      expect(text(refused.body)).toContain(LINK_REFUSAL_TEXTS.invalid);
      expect(LINK_REFUSAL_TEXTS.invalid).not.toMatch(ENGLISH);
      expect(refused.body).not.toMatch(/self-service link|not found/i);

      expect(await placesIn('form-unsubscribe')).toEqual([]);
      expect(await placesIn('form-self-service-open')).toEqual([]);
    });
  });
});
