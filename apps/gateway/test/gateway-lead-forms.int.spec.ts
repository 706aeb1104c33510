import { MESSAGES } from '@lib/pl-validation';
import { type Client } from 'pg';
import { FORM_POST_TEXTS } from '../src/kit/forms/form-post';
import { CONTACT_TEXTS } from '../src/features/contact/contact-form';
import { type GatewayWithLeads, startGatewayWithLeads } from './support/leads-process';
import { type RawResponse, rawRequest } from './support/raw-http';
import { type TestGateway, startTestGateway } from './support/test-gateway';

/*
 * The contact and partner programme forms through the gateway against the REAL leads
 * service (its build, on a fresh PostgreSQL database): plain posts without JavaScript (303 to the
 * confirmation, or the page again with the message next to the field and the values kept), the
 * JSON answer the page's script reads, CSRF and same-origin refusals, one row for a form sent twice.
 * The unsubscribe form (the self-service link request) has its own spec: gateway-self-service.int.spec.ts.
 */

const ORIGIN = 'http://localhost:3000';
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/** The opening tag of the element with this attribute, attributes in any order. */
function tagWith(html: string, attribute: string): string {
  const found = new RegExp(`<[a-z]+ [^>]*${attribute.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^>]*>`).exec(
    html,
  );
  if (!found) throw new Error(`no element with ${attribute}`);
  return found[0];
}
const valueOf = (html: string, name: string) =>
  decode(/value="([^"]*)"/.exec(tagWith(html, `name="${name}"`))?.[1] ?? '');
/** The text of the error slot of one field. */
function fieldError(html: string, field: string): string {
  for (const match of html.matchAll(/<p [^>]*data-error-for="([^"]+)"[^>]*>([^<]*)<\/p>/g))
    if (match[1] === field) return decode(match[2] ?? '');
  throw new Error(`no error slot for ${field}`);
}

describe('visitor forms in the gateway against the real leads service', () => {
  let gateway: TestGateway;
  let db: Client;
  let stack: GatewayWithLeads | undefined;
  let clientNo = 0;

  beforeAll(async () => {
    stack = await startGatewayWithLeads();
    ({ gateway, db } = stack);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => {
    clientNo += 1;
  });
  // Each test posts as its own client, so the per-address budget of one never touches another.
  const clientIp = () => `198.51.100.${clientNo}`;

  /** GET of a form page: its HTML, the form cookie it set and the CSRF token drawn into it. */
  async function openForm(path: string): Promise<{ res: RawResponse; cookie: string; token: string }> {
    const res = await rawRequest(gateway.port, { path, headers: { 'x-forwarded-for': clientIp() } });
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const cookie =
      setCookie.map((line) => line.split(';')[0]).find((pair) => pair?.startsWith('pp_form=')) ?? '';
    return { res, cookie, token: valueOf(res.body, 'csrf_token') };
  }

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

  const count = async (table: string) =>
    Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);

  describe('/kontakt/', () => {
    const message = {
      name: 'Anna Zielińska',
      email: 'anna.zielinska@example.pl',
      phone: '600 700 800',
      message: 'Dzień dobry, proszę o informację o porównaniu pożyczek.',
    };

    it('draws the form per visitor: no-store, a form cookie and a CSRF token, every field empty', async () => {
      const { res, cookie, token } = await openForm('/kontakt/');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(cookie).toMatch(/^pp_form=[0-9a-f-]{36}$/);
      expect(token.length).toBeGreaterThan(20);
      for (const field of ['name', 'email', 'phone']) expect(valueOf(res.body, field)).toBe('');
      expect(res.body).toContain('data-island="lead-form"');
      // The footer keeps the data-removal link (to the unsubscribe form).
      expect(res.body).toMatch(/<footer[\s\S]*<a href="[^"]*\/unsubscribe\/"/);
    });

    it('stores a message sent without JavaScript and redirects to the confirmation page (PRG); the same post again stores nothing more', async () => {
      const before = await count('leads.contact_messages');
      const { cookie, token } = await openForm('/kontakt/');
      const first = await post('/kontakt/', { ...message, csrf_token: token, idempotency_key: '' }, cookie);
      expect(first.status).toBe(303);
      expect(first.headers['location']).toBe('/kontakt/?wyslano=tak');
      expect(first.headers['cache-control']).toBe('no-store');
      expect(await count('leads.contact_messages')).toBe(before + 1);

      // A reload of the answer or a second click: the key derived from the post is the same.
      const again = await post('/kontakt/', { ...message, csrf_token: token, idempotency_key: '' }, cookie);
      expect(again.status).toBe(303);
      expect(await count('leads.contact_messages')).toBe(before + 1);

      const confirmation = await rawRequest(gateway.port, { path: '/kontakt/?wyslano=tak' });
      expect(confirmation.status).toBe(200);
      expect(text(confirmation.body)).toContain(CONTACT_TEXTS.sent);
      expect(confirmation.headers['cache-control']).not.toBe('no-store');
    });

    it('answers bad input with the Polish message next to the field and every value kept, storing nothing', async () => {
      const before = await count('leads.contact_messages');
      const { cookie, token } = await openForm('/kontakt/');
      const res = await post(
        '/kontakt/',
        { ...message, email: 'anna@@example', phone: '12', csrf_token: token },
        cookie,
      );
      expect(res.status).toBe(400);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(fieldError(res.body, 'email')).toBe(MESSAGES.email);
      expect(fieldError(res.body, 'phone')).toBe(MESSAGES.phone);
      expect(fieldError(res.body, 'name')).toBe('');
      expect(valueOf(res.body, 'name')).toBe(message.name);
      expect(valueOf(res.body, 'email')).toBe('anna@@example');
      expect(res.body).toContain(message.message);
      // The form drawn again carries a fresh token, so the corrected form can be sent.
      const fixed = await post(
        '/kontakt/',
        {
          ...message,
          csrf_token: valueOf(res.body, 'csrf_token'),
          idempotency_key: valueOf(res.body, 'idempotency_key'),
        },
        cookie,
      );
      expect(fixed.status).toBe(303);
      expect(await count('leads.contact_messages')).toBe(before + 1);
    });

    it('refuses a field over its limit before the service is asked', async () => {
      const { cookie, token } = await openForm('/kontakt/');
      const res = await post(
        '/kontakt/',
        { ...message, message: 'x'.repeat(5001), csrf_token: token },
        cookie,
      );
      expect(res.status).toBe(400);
      expect(fieldError(res.body, 'message')).toContain('najwyżej 5000 znaków');
    });

    it('answers the page script with JSON: the confirmation message, or the field errors', async () => {
      const { cookie, token } = await openForm('/kontakt/');
      const ok = await post(
        '/kontakt/',
        {
          ...message,
          message: 'Druga wiadomość, wysłana przez skrypt strony.',
          csrf_token: token,
          idempotency_key: '3b1f8c52-6a0e-4c1d-9a7b-2f6e5d4c3b2a',
        },
        cookie,
        {
          accept: 'application/json',
        },
      );
      expect(ok.status).toBe(200);
      expect(JSON.parse(ok.body)).toEqual({ message: CONTACT_TEXTS.sent, href: '/kontakt/?wyslano=tak' });
      const bad = await post('/kontakt/', { ...message, email: 'nie-email', csrf_token: token }, cookie, {
        accept: 'application/json',
      });
      expect(bad.status).toBe(400);
      expect((JSON.parse(bad.body) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
        email: MESSAGES.email,
      });
    });

    it('answers a post without a token, with a forged one, with another form’s or from another site with the 403 page', async () => {
      const before = await count('leads.contact_messages');
      const { cookie, token } = await openForm('/kontakt/');
      const partnerToken = (await openForm('/wspolpraca/')).token;
      const forged = `${token.slice(0, -4)}AAAA`;
      for (const [fields, headers] of [
        [{ ...message }, {}],
        [{ ...message, csrf_token: forged }, {}],
        [{ ...message, csrf_token: partnerToken }, {}],
        [{ ...message, csrf_token: token }, { origin: 'https://evil.example' }],
      ] as const) {
        const res = await post('/kontakt/', fields, cookie, headers);
        expect(res.status).toBe(403);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(text(res.body)).toContain('Nie przyjęliśmy formularza');
      }
      // The token of one visitor's cookie is not another's.
      const other = await post(
        '/kontakt/',
        { ...message, csrf_token: token },
        'pp_form=0f0e0d0c-0b0a-4909-8807-060504030201',
      );
      expect(other.status).toBe(403);
      expect(await count('leads.contact_messages')).toBe(before);
    });
  });

  describe('/wspolpraca/', () => {
    const enquiry = {
      company: 'Finanse Blog Sp. z o.o.',
      name: 'Piotr Nowicki',
      email: 'piotr@finanseblog.example',
      phone: '',
      website: 'https://finanseblog.example',
      traffic_sources: 'Blog o budżecie domowym, newsletter (12 tys. odbiorców)',
      message: 'Chcemy polecać porównanie pożyczek naszym czytelnikom.',
    };

    it('stores an enquiry and redirects to its confirmation', async () => {
      const before = await count('leads.partner_enquiries');
      const { cookie, token } = await openForm('/wspolpraca/');
      const res = await post('/wspolpraca/', { ...enquiry, csrf_token: token }, cookie);
      expect(res.status).toBe(303);
      expect(res.headers['location']).toBe('/wspolpraca/?wyslano=tak');
      expect(await count('leads.partner_enquiries')).toBe(before + 1);
    });

    it('shows the service’s message next to the website field and keeps the traffic sources', async () => {
      const { cookie, token } = await openForm('/wspolpraca/');
      const res = await post(
        '/wspolpraca/',
        { ...enquiry, website: 'finanseblog', csrf_token: token },
        cookie,
      );
      expect(res.status).toBe(400);
      expect(fieldError(res.body, 'website')).toContain('http://');
      expect(res.body).toContain(enquiry.traffic_sources);
      expect(valueOf(res.body, 'company')).toBe(enquiry.company);
    });
  });

  it('refuses the 11th stored form from one address with 429, the refused posts before costing nothing', async () => {
    const { cookie, token } = await openForm('/kontakt/');
    const fields = (i: number) => ({
      name: 'Ewa Malinowska',
      email: `osoba${i}@example.pl`,
      phone: '',
      message: `Wiadomość numer ${i} w sprawie porównania pożyczek.`,
      csrf_token: token,
    });
    // Refused by the service (no valid e-mail): the budget gets the hit back.
    for (let i = 0; i < 3; i += 1)
      expect((await post('/kontakt/', { ...fields(i), email: 'nie-email' }, cookie)).status).toBe(400);
    const answers: Awaited<ReturnType<typeof post>>[] = [];
    for (let i = 0; i < 11; i += 1) answers.push(await post('/kontakt/', fields(i), cookie));
    expect(answers.map((res) => res.status)).toEqual([...Array<number>(10).fill(303), 429]);
    expect(text(answers[10]!.body)).toContain(FORM_POST_TEXTS.rateLimited);
  });
});

describe('visitor forms while the leads service is down', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    // No target for leads: every call fails with UNAVAILABLE at once.
    gateway = await startTestGateway({ targets: {}, env: { PAGE_CACHE: 'false' } });
  });

  afterAll(async () => {
    await gateway?.stop();
  });

  it('says clearly that the form may not have arrived and can be sent again, keeping every value and the key', async () => {
    const page = await rawRequest(gateway.port, { path: '/kontakt/' });
    const cookie = ([] as string[])
      .concat(page.headers['set-cookie'] ?? [])
      .map((line) => line.split(';')[0])
      .join('; ');
    const fields = {
      name: 'Ewa Malinowska',
      email: 'ewa@example.pl',
      phone: '',
      message: 'Wiadomość wysłana, gdy usługa nie odpowiada.',
      csrf_token: valueOf(page.body, 'csrf_token'),
      idempotency_key: '6f1d2c3b-4a59-4e8f-9d7c-1b2a3c4d5e6f',
    };
    const res = await rawRequest(gateway.port, {
      method: 'POST',
      path: '/kontakt/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, cookie },
      body: new URLSearchParams(fields).toString(),
    });
    expect(res.status).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(text(res.body)).toContain(FORM_POST_TEXTS.uncertain);
    expect(valueOf(res.body, 'name')).toBe(fields.name);
    expect(res.body).toContain(fields.message);
    // The same key: sending it again cannot store it twice.
    expect(valueOf(res.body, 'idempotency_key')).toBe(fields.idempotency_key);
  });
});
