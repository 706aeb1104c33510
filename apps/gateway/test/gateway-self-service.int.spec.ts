import { leadsV1 } from '@lib/contracts';
import { type MailCatcher, startMailCatcher } from '@lib/test-support';
import { randomUUID } from 'node:crypto';
import { UNSUBSCRIBE_TEXTS } from '../src/features/unsubscribe/unsubscribe-form';
import { LINK_REFUSAL_TEXTS, SELF_SERVICE_TEXTS } from '../src/features/self-service/self-service-texts';
import { type LeadsProcess, startLeadsProcess } from './support/leads-process';
import { type RawResponse, rawRequest } from './support/raw-http';
import { selfServiceLinkIn, submitApplicationOf, testPerson } from './support/self-service';
import { type TestGateway, startTestGateway } from './support/test-gateway';

/*
 * Verified self-service through the gateway over the REAL leads service (its build, on a fresh
 * PostgreSQL database) and the mail it really sends (MailDev, @lib/test-support): asking for a
 * link at /unsubscribe/ changes nothing and reads the same for a known and an unknown address;
 * the mailed link opens a session only by its confirmation post; one consent withdrawn; the export
 * holds what was submitted; a used link is refused; the erasure needs its box ticked. The tests
 * run in order: each goes on from the state the one before left.
 */

const ORIGIN = 'http://localhost:3000';
const SESSION_COOKIE = 'pp_moje_dane';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
const decode = (value: string) => value.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
const valueOf = (html: string, name: string) =>
  decode(new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '');
function fieldError(html: string, field: string): string {
  for (const match of html.matchAll(/<p [^>]*data-error-for="([^"]+)"[^>]*>([^<]*)<\/p>/g))
    if (match[1] === field) return decode(match[2] ?? '');
  throw new Error(`no error slot for ${field}`);
}
const cookiePair = (res: RawResponse, name: string) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${name}=`));
const linkIn = selfServiceLinkIn;

describe('self-service through the gateway against the real leads service and its mail', () => {
  let mail: MailCatcher;
  let leads: LeadsProcess;
  let gateway: TestGateway;
  let clientNo = 0;
  const seen = new Set<string>();
  // A person of this run only (the service limits links per address and hour).
  const person = {
    ...testPerson(),
    message: `Proszę o informację o moim wniosku ${randomUUID().slice(0, 8)}.`,
  };
  const stranger = `nieznany.${randomUUID().slice(0, 8)}@example.pl`;

  beforeAll(async () => {
    mail = await startMailCatcher();
    leads = await startLeadsProcess({
      env: { SMTP_URL: mail.smtpUrl, PUBLIC_ORIGIN: ORIGIN, LEADS_DISPATCH_INTERVAL_MS: '200' },
    });
    gateway = await startTestGateway({
      targets: { leads: leads.target },
      env: { PAGE_CACHE: 'false', TRUST_PROXY: 'loopback', GRPC_DEADLINE_MS: '5000' },
    });
    // What the person left with us: an application (through the service) and a contact message (through the site).
    await submitApplicationOf(leads.client, person);
    const contact = await get('/kontakt/');
    const sent = await post(
      '/kontakt/',
      {
        name: 'Marta Wiśniewska',
        email: person.email,
        phone: '',
        message: person.message,
        csrf_token: valueOf(contact.body, 'csrf_token'),
      },
      cookiePair(contact, 'pp_form') ?? '',
    );
    expect(sent.status).toBe(303);
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
    await leads?.stop();
    await mail?.stop();
  });

  beforeEach(() => {
    clientNo += 1;
  });
  const clientIp = () => `198.51.100.${clientNo}`;

  function get(path: string, cookie = ''): Promise<RawResponse> {
    return rawRequest(gateway.port, { path, headers: { cookie, 'x-forwarded-for': clientIp() } });
  }
  function post(
    path: string,
    fields: Record<string, string>,
    cookie: string,
    headers: Record<string, string> = {},
  ): Promise<RawResponse> {
    return rawRequest(gateway.port, {
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
  }

  /** Asks for a link at /unsubscribe/ (as the page's script does: its own key, JSON back). */
  async function requestLink(address: string): Promise<RawResponse> {
    const page = await get('/unsubscribe/');
    return post(
      '/unsubscribe/',
      { adres: address, csrf_token: valueOf(page.body, 'csrf_token'), idempotency_key: randomUUID() },
      cookiePair(page, 'pp_form') ?? '',
      { accept: 'application/json' },
    );
  }

  /** The next mail to the address with a self-service link: the link's path and query. */
  async function nextLink(address: string): Promise<string> {
    const caught = await mail.waitFor(
      (m) => !seen.has(m.id) && m.to.some((to) => to.address === address) && linkIn(m) !== undefined,
      15_000,
    );
    seen.add(caught.id);
    return linkIn(caught)!;
  }

  /** Follows a link as a person does: its confirmation page, then the button. */
  async function follow(link: string): Promise<{ page: RawResponse; res: RawResponse; cookie: string }> {
    const page = await get(link);
    const form = cookiePair(page, 'pp_form') ?? '';
    const res = await post(
      '/moje-dane/',
      { t: valueOf(page.body, 't'), csrf_token: valueOf(page.body, 'csrf_token') },
      form,
    );
    return { page, res, cookie: [form, cookiePair(res, SESSION_COOKIE) ?? ''].join('; ') };
  }

  let link = '';
  let cookie = '';
  const overview = async (session: string) => {
    const token = /pp_moje_dane=([^;]+)/.exec(session)?.[1] ?? '';
    const answer = await leads.client.getSelfServiceOverview({ sessionToken: decodeURIComponent(token) });
    return { ...answer, sessionExpiresAt: '' };
  };

  it('asking for a link reads the same for a known and an unknown address, and changes nothing', async () => {
    const unknown = await requestLink(stranger);
    const known = await requestLink(person.email);
    expect(known.status).toBe(200);
    expect(JSON.parse(known.body)).toEqual(JSON.parse(unknown.body));
    expect(JSON.parse(known.body)).toEqual({
      message: UNSUBSCRIBE_TEXTS.sentEmail,
      href: '/unsubscribe/?wyslano=email',
    });

    link = await nextLink(person.email);
    ({ cookie } = await follow(link));
    const before = await overview(cookie);
    expect(before.applications).toBe(1);
    expect(before.contactMessages).toBe(1);

    // Another request (a plain post this time): 303 to the same confirmation, and nothing changed.
    const page = await get('/unsubscribe/');
    const plain = await post(
      '/unsubscribe/',
      { adres: person.email, csrf_token: valueOf(page.body, 'csrf_token') },
      cookiePair(page, 'pp_form') ?? '',
    );
    expect(plain.status).toBe(303);
    expect(plain.headers['location']).toBe('/unsubscribe/?wyslano=email');
    const confirmation = await get('/unsubscribe/?wyslano=email');
    expect(text(confirmation.body)).toContain(UNSUBSCRIBE_TEXTS.sentEmail);
    await nextLink(person.email);
    expect(await overview(cookie)).toEqual(before);
    // Nothing was sent to the unknown address.
    expect((await mail.messages()).some((m) => m.to.some((to) => to.address === stranger))).toBe(false);
  });

  it('asks for the e-mail when only a phone is given and no SMS can go out; the service’s messages sit next to the field', async () => {
    const page = await get('/unsubscribe/');
    const form = cookiePair(page, 'pp_form') ?? '';
    const token = valueOf(page.body, 'csrf_token');
    const phone = await post('/unsubscribe/', { adres: person.phone, csrf_token: token }, form);
    expect(phone.status).toBe(303);
    expect(phone.headers['location']).toBe('/unsubscribe/?sms=niedostepny');
    const again = await get('/unsubscribe/?sms=niedostepny', form);
    expect(text(again.body)).toContain(UNSUBSCRIBE_TEXTS.smsUnavailable);
    expect(again.headers['cache-control']).toBe('no-store');

    const empty = await post('/unsubscribe/', { adres: '', csrf_token: token }, form);
    expect(empty.status).toBe(400);
    expect(fieldError(empty.body, 'adres')).toBe('Podaj adres e-mail lub numer telefonu');
    const typo = await post('/unsubscribe/', { adres: 'marta@@example', csrf_token: token }, form);
    expect(typo.status).toBe(400);
    expect(fieldError(typo.body, 'adres')).not.toBe('');
    expect(valueOf(typo.body, 'adres')).toBe('marta@@example');
  });

  it('opens the session only by the confirmation’s post, and shows the person’s data', async () => {
    expect((await requestLink(person.email)).status).toBe(200);
    const fresh = await nextLink(person.email);
    const page = await get(fresh);
    expect(page.status).toBe(200);
    expect(text(page.body)).toContain(SELF_SERVICE_TEXTS.confirmTitle);
    // The GET used nothing: the same link still opens.
    const { res, cookie: opened } = await follow(fresh);
    expect(res.status).toBe(303);
    expect(res.headers['location']).toBe('/moje-dane/');
    const line = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith(SESSION_COOKIE));
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Strict/);
    expect(line).toMatch(/Path=\/moje-dane\//);
    const shown = await get('/moje-dane/', opened);
    expect(shown.status).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(text(shown.body)).toMatch(/m\*\*\*@example\.pl/);
    expect(shown.body).toContain('data-count="applications">1<');
    expect(shown.body).toContain('data-count="contact-messages">1<');
    cookie = opened;
  });

  it('withdraws one consent and leaves the others', async () => {
    const page = await get('/moje-dane/', cookie);
    expect(page.body).toMatch(/data-consent="marketingSms"[\s\S]*?data-consent-state="granted"/);
    const res = await post(
      '/moje-dane/zgody/',
      { zgoda: 'marketingSms', csrf_token: valueOf(page.body, 'csrf_token') },
      cookie,
    );
    expect(res.status).toBe(303);
    expect(res.headers['location']).toBe('/moje-dane/?zmiana=zgoda');
    const after = await overview(cookie);
    const state = (type: leadsV1.ConsentType) => after.consents.find((c) => c.type === type)?.granted;
    expect(state(leadsV1.ConsentType.MARKETING_SMS)).toBe(false);
    expect(state(leadsV1.ConsentType.MARKETING_EMAIL)).toBe(true);
    expect(state(leadsV1.ConsentType.MATCHING)).toBe(true);
    const shown = await get('/moje-dane/?zmiana=zgoda', cookie);
    expect(text(shown.body)).toContain(SELF_SERVICE_TEXTS.withdrawn);
    expect(shown.body).toMatch(/data-consent="marketingSms"[\s\S]*?data-consent-state="answered"/);
  });

  it('exports what was submitted as a JSON attachment', async () => {
    const res = await get('/moje-dane/eksport/', cookie);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="moje-dane-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const exported = JSON.stringify(JSON.parse(res.body));
    for (const submitted of [person.email, 'Wiśniewska', person.message])
      expect(exported).toContain(submitted);
  });

  it('refuses a second use of a link with the Polish answer and the way to a new one', async () => {
    const again = await follow(link);
    expect(again.res.status).toBe(410);
    expect(text(again.res.body)).toContain(LINK_REFUSAL_TEXTS.used);
    expect(again.res.body).toContain('href="/unsubscribe/"');
    expect(cookiePair(again.res, SESSION_COOKIE)).toBeUndefined();
  });

  it('erases only with the box ticked, then shows what was erased; the session ends with it', async () => {
    const page = await get('/moje-dane/', cookie);
    const token = valueOf(page.body.slice(page.body.indexOf('/moje-dane/usun/')), 'csrf_token');
    const unticked = await post('/moje-dane/usun/', { csrf_token: token }, cookie);
    expect(unticked.status).toBe(400);
    expect(fieldError(unticked.body, 'potwierdzam')).toBe(SELF_SERVICE_TEXTS.confirmErase);
    expect((await overview(cookie)).applications).toBe(1);

    const erased = await post('/moje-dane/usun/', { potwierdzam: 'tak', csrf_token: token }, cookie);
    expect(erased.status).toBe(303);
    const location = String(erased.headers['location']);
    expect(location).toMatch(/^\/moje-dane\/\?wniosek=[0-9a-f-]{36}$/);
    expect(cookiePair(erased, SESSION_COOKIE)).toBe(`${SESSION_COOKIE}=`);
    const result = await get(location);
    expect(result.status).toBe(200);
    expect(text(result.body)).toMatch(/Usunięte (dotąd )?wpisy: [1-9]/);
    const after = await get('/moje-dane/', cookie);
    expect(text(after.body)).toContain(SELF_SERVICE_TEXTS.ended);
  });
});
