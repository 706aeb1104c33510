import { status as GrpcStatus } from '@grpc/grpc-js';
import { leadsV1, richStatusMetadata } from '@lib/contracts';
import { UNSUBSCRIBE_TEXTS } from '../src/features/unsubscribe/unsubscribe-form';
import { LINK_REFUSAL_TEXTS, SELF_SERVICE_TEXTS } from '../src/features/self-service/self-service-texts';
import { FakeGrpcError, type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { type RawResponse, rawRequest, setCookies } from './support/raw-http';
import { type TestGateway, startTestGateway } from './support/test-gateway';

/*
 * The gateway's side of the verified self-service (/unsubscribe/ asks for a link, /moje-dane/ acts
 * on the data) over a fake leads service that keeps links and sessions the way the proto says:
 * the pages, cookies, CSRF and same-origin refusals, each refusal's Polish answer and status, and
 * that no bad input ends in a 500. gateway-self-service.int.spec.ts runs the same journey over the
 * real leads service and the mail it sends.
 */

const ORIGIN = 'http://localhost:3000';
const SESSION_COOKIE = 'pp_moje_dane';
const { ConsentType } = leadsV1;

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
const decode = (value: string) => value.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
/** The value of the first input named so (attributes in React's order: name before value). */
const valueOf = (html: string, name: string) =>
  decode(new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '');
function fieldError(html: string, field: string): string {
  for (const match of html.matchAll(/<p [^>]*data-error-for="([^"]+)"[^>]*>([^<]*)<\/p>/g))
    if (match[1] === field) return decode(match[2] ?? '');
  throw new Error(`no error slot for ${field}`);
}
const cookiePair = (res: RawResponse, name: string) =>
  setCookies(res)
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${name}=`));

/** The fake leads service: links (once, 24 h) → sessions, consents per session, what each call received. */
function fakeLeads() {
  const links = new Map<string, 'fresh' | 'used' | 'expired'>();
  const sessions = new Map<string, { consents: leadsV1.ConsentInForce[]; erased: boolean }>();
  const received: Record<string, unknown[]> = {};
  let seq = 0;
  const note = (rpc: string, request: unknown) => (received[rpc] ??= []).push(request);
  const session = (request: unknown) => {
    const token = (request as { sessionToken: string }).sessionToken;
    const found = sessions.get(token);
    if (!found || found.erased) throw new FakeGrpcError(GrpcStatus.UNAUTHENTICATED, 'session over');
    return found;
  };
  const overview = (consents: leadsV1.ConsentInForce[]): leadsV1.SelfServiceOverview => ({
    maskedAddress: 'a***@example.pl',
    applications: 1,
    contactMessages: 2,
    consents,
    marketingStopped: !consents.some(
      (consent) =>
        consent.granted &&
        [ConsentType.MARKETING_EMAIL, ConsentType.MARKETING_SMS, ConsentType.MARKETING_PHONE].includes(
          consent.type,
        ),
    ),
    pendingDeliveries: 0,
    sessionExpiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  });
  const refusal = (reason: string) =>
    new FakeGrpcError(
      GrpcStatus.FAILED_PRECONDITION,
      reason,
      richStatusMetadata({
        code: GrpcStatus.FAILED_PRECONDITION,
        message: reason,
        errorInfo: { reason, domain: 'leads.v1' },
      }),
    );
  const handlers = {
    RequestSelfServiceLink: (request: unknown) => {
      note('RequestSelfServiceLink', request);
      const { email, phone } = request as { email: string; phone: string };
      if (!email && !phone)
        throw new FakeGrpcError(
          GrpcStatus.INVALID_ARGUMENT,
          'invalid',
          richStatusMetadata({
            code: GrpcStatus.INVALID_ARGUMENT,
            message: 'invalid',
            fieldViolations: [{ field: 'email', description: 'Podaj adres e-mail lub numer telefonu' }],
          }),
        );
      return {
        channel: email ? leadsV1.SelfServiceChannel.EMAIL : leadsV1.SelfServiceChannel.UNAVAILABLE,
        expiresAt: '',
      };
    },
    OpenSelfService: (request: unknown) => {
      note('OpenSelfService', request);
      const token = (request as { linkToken: string }).linkToken;
      const state = links.get(token);
      if (!state) throw new FakeGrpcError(GrpcStatus.NOT_FOUND, 'no such link');
      if (state === 'used') throw refusal('LINK_USED');
      if (state === 'expired') throw refusal('LINK_EXPIRED');
      links.set(token, 'used');
      seq += 1;
      const sessionToken = `session-${seq}-${'s'.repeat(32)}`;
      sessions.set(sessionToken, {
        erased: false,
        consents: [
          { type: ConsentType.TERMS, granted: true, answeredAt: '2026-11-20T10:00:00Z' },
          { type: ConsentType.MATCHING, granted: true, answeredAt: '2026-11-20T10:00:00Z' },
          { type: ConsentType.MARKETING_EMAIL, granted: true, answeredAt: '2026-11-20T10:00:00Z' },
          { type: ConsentType.MARKETING_SMS, granted: true, answeredAt: '2026-11-20T10:00:00Z' },
        ],
      });
      return { sessionToken, expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() };
    },
    GetSelfServiceOverview: (request: unknown) => overview(session(request).consents),
    WithdrawSelfServiceConsents: (request: unknown) => {
      note('WithdrawSelfServiceConsents', request);
      const found = session(request);
      const types = (request as { types: number[] }).types;
      found.consents = found.consents.map((consent) =>
        types.includes(consent.type)
          ? { ...consent, granted: false, answeredAt: '2026-11-28T12:00:00Z' }
          : consent,
      );
      return overview(found.consents);
    },
    ExportSelfServiceData: (request: unknown) => {
      session(request);
      return {
        fileName: 'moje-dane-2026-11-28.json',
        json: JSON.stringify({ email: 'anna.kowalska@example.pl', imię: 'Anna' }),
      };
    },
    EraseSelfServiceData: (request: unknown) => {
      note('EraseSelfServiceData', request);
      const found = session(request);
      found.erased = true;
      return {
        requestId: '0f0e0d0c-0b0a-4909-8807-060504030201',
        status: leadsV1.RequestStatus.COMPLETED,
        receivedAt: '2026-11-28T12:00:00Z',
        completedAt: '2026-11-28T12:00:01Z',
        erasedRecords: 3,
        rejectionReason: '',
      };
    },
    GetErasureRequest: (request: unknown) => {
      if ((request as { requestId: string }).requestId !== '0f0e0d0c-0b0a-4909-8807-060504030201')
        throw new FakeGrpcError(GrpcStatus.NOT_FOUND, 'no such request');
      return {
        requestId: '0f0e0d0c-0b0a-4909-8807-060504030201',
        status: leadsV1.RequestStatus.COMPLETED,
        receivedAt: '2026-11-28T12:00:00Z',
        completedAt: '2026-11-28T12:00:01Z',
        erasedRecords: 3,
        rejectionReason: '',
      };
    },
  };
  return { links, sessions, received, handlers };
}

describe('self-service pages in the gateway (fake leads service)', () => {
  let leads: ReturnType<typeof fakeLeads>;
  let fake: FakeGrpcServer;
  let gateway: TestGateway;
  let clientNo = 0;

  beforeAll(async () => {
    leads = fakeLeads();
    fake = await startFakeService('leads', leads.handlers);
    gateway = await startTestGateway({
      targets: { leads: fake.target },
      env: { PAGE_CACHE: 'false', TRUST_PROXY: 'loopback' },
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await fake?.stop();
  });

  beforeEach(() => {
    clientNo += 1;
  });
  const clientIp = () => `203.0.113.${clientNo}`;

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

  /** A fresh link, opened as a person would: the confirmation page, then its button. */
  async function openSession(): Promise<{ session: string; form: string; cookie: string; res: RawResponse }> {
    const link = `link-${Math.random().toString(36).slice(2)}-${'x'.repeat(20)}`;
    leads.links.set(link, 'fresh');
    const page = await get(`/moje-dane/?t=${link}`);
    const form = cookiePair(page, 'pp_form') ?? '';
    const res = await post('/moje-dane/', { t: link, csrf_token: valueOf(page.body, 'csrf_token') }, form);
    const session = cookiePair(res, SESSION_COOKIE) ?? '';
    return { session, form, cookie: `${form}; ${session}`, res };
  }

  describe('/unsubscribe/', () => {
    it('asks for one address, no erasure box; a request goes to RequestSelfServiceLink only, with a key', async () => {
      const page = await get('/unsubscribe/');
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('name="adres"');
      expect(page.body).not.toContain('type="checkbox"');
      const res = await post(
        '/unsubscribe/',
        { adres: 'anna.kowalska@example.pl', csrf_token: valueOf(page.body, 'csrf_token') },
        cookiePair(page, 'pp_form') ?? '',
      );
      expect(res.status).toBe(303);
      expect(res.headers['location']).toBe('/unsubscribe/?wyslano=email');
      expect(leads.received['RequestSelfServiceLink']?.at(-1)).toMatchObject({
        email: 'anna.kowalska@example.pl',
        phone: '',
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(fake.calls.get('Unsubscribe')).toBeUndefined();
      expect(fake.calls.get('RequestErasure')).toBeUndefined();
      const confirmation = await get('/unsubscribe/?wyslano=email');
      expect(text(confirmation.body)).toContain(UNSUBSCRIBE_TEXTS.sentEmail);
      expect(confirmation.headers['cache-control']).not.toBe('no-store');
    });

    it('asks for the e-mail when only a phone was given and no SMS can go out, the form drawn with a token', async () => {
      const page = await get('/unsubscribe/');
      const form = cookiePair(page, 'pp_form') ?? '';
      const res = await post(
        '/unsubscribe/',
        { adres: '600 123 456', csrf_token: valueOf(page.body, 'csrf_token') },
        form,
      );
      expect(res.status).toBe(303);
      expect(res.headers['location']).toBe('/unsubscribe/?sms=niedostepny');
      expect(leads.received['RequestSelfServiceLink']?.at(-1)).toMatchObject({
        email: '',
        phone: '600 123 456',
      });
      const again = await get('/unsubscribe/?sms=niedostepny', form);
      expect(again.status).toBe(200);
      expect(again.headers['cache-control']).toBe('no-store');
      expect(text(again.body)).toContain(UNSUBSCRIBE_TEXTS.smsUnavailable);
      const token = valueOf(again.body, 'csrf_token');
      expect(token.length).toBeGreaterThan(20);
      const byMail = await post(
        '/unsubscribe/',
        { adres: 'anna.kowalska@example.pl', csrf_token: token },
        form,
      );
      expect(byMail.headers['location']).toBe('/unsubscribe/?wyslano=email');
    });

    it('puts the service’s message for an empty field next to it', async () => {
      const page = await get('/unsubscribe/');
      const res = await post(
        '/unsubscribe/',
        { adres: '', csrf_token: valueOf(page.body, 'csrf_token') },
        cookiePair(page, 'pp_form') ?? '',
      );
      expect(res.status).toBe(400);
      expect(fieldError(res.body, 'adres')).toBe('Podaj adres e-mail lub numer telefonu');
    });
  });

  describe('/moje-dane/', () => {
    it('confirms a link with a POST button: the GET uses nothing, and keeps the token out of referrers', async () => {
      const before = fake.calls.get('OpenSelfService') ?? 0;
      const page = await get('/moje-dane/?t=some-link-token-abcdefghij');
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['referrer-policy']).toBe('strict-origin');
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(page.body).toContain('noindex, nofollow');
      expect(text(page.body)).toContain(SELF_SERVICE_TEXTS.confirmTitle);
      expect(valueOf(page.body, 't')).toBe('some-link-token-abcdefghij');
      // No menu or footer to navigate away by (the tracker would report the address as a referrer).
      expect(page.body).not.toContain('<footer');
      expect(fake.calls.get('OpenSelfService') ?? 0).toBe(before);
    });

    it('opens the session on the post: an HttpOnly, SameSite=Strict cookie on /moje-dane/ and 303', async () => {
      const { res, session } = await openSession();
      expect(res.status).toBe(303);
      expect(res.headers['location']).toBe('/moje-dane/');
      expect(res.headers['cache-control']).toBe('no-store');
      const line = setCookies(res).find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`)) ?? '';
      expect(line).toMatch(/; Path=\/moje-dane\/; SameSite=Strict; HttpOnly$/);
      const maxAge = Number(/Max-Age=(\d+)/.exec(line)?.[1]);
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(86_400);
      expect(session).toMatch(/^pp_moje_dane=session-/);
    });

    it('refuses a used, an expired and an unknown link in Polish, each with the way to a new one', async () => {
      leads.links.set('used-link-abcdefghijklmnop', 'used');
      leads.links.set('old-link-abcdefghijklmnopq', 'expired');
      for (const [link, status, message] of [
        ['used-link-abcdefghijklmnop', 410, LINK_REFUSAL_TEXTS.used],
        ['old-link-abcdefghijklmnopq', 410, LINK_REFUSAL_TEXTS.expired],
        ['nobody-knows-this-link-123', 404, LINK_REFUSAL_TEXTS.invalid],
      ] as const) {
        const page = await get(`/moje-dane/?t=${link}`);
        const res = await post(
          '/moje-dane/',
          { t: link, csrf_token: valueOf(page.body, 'csrf_token') },
          cookiePair(page, 'pp_form') ?? '',
        );
        expect(res.status).toBe(status);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(text(res.body)).toContain(message);
        expect(res.body).toContain('href="/unsubscribe/"');
        expect(cookiePair(res, SESSION_COOKIE)).toBeUndefined();
      }
      // A token that cannot be one is refused without asking the service.
      const malformed = await get('/moje-dane/?t=x');
      expect(malformed.status).toBe(404);
      expect(text(malformed.body)).toContain(LINK_REFUSAL_TEXTS.invalid);
    });

    it('refuses a post without the form’s token or from another site with 403, using nothing', async () => {
      leads.links.set('kept-link-abcdefghijklmnop', 'fresh');
      const page = await get('/moje-dane/?t=kept-link-abcdefghijklmnop');
      const form = cookiePair(page, 'pp_form') ?? '';
      const token = valueOf(page.body, 'csrf_token');
      for (const [fields, headers] of [
        [{ t: 'kept-link-abcdefghijklmnop' }, {}],
        [{ t: 'kept-link-abcdefghijklmnop', csrf_token: token }, { origin: 'https://evil.example' }],
      ] as const) {
        const res = await post('/moje-dane/', fields, form, headers);
        expect(res.status).toBe(403);
      }
      expect(leads.links.get('kept-link-abcdefghijklmnop')).toBe('fresh');
    });

    it('shows the overview with the session, and the end of it without one', async () => {
      const { cookie } = await openSession();
      const page = await get('/moje-dane/', cookie);
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(text(page.body)).toContain('a***@example.pl');
      expect(page.body).toContain('data-count="contact-messages">2<');
      const none = await get('/moje-dane/');
      expect(none.status).toBe(200);
      expect(text(none.body)).toContain(SELF_SERVICE_TEXTS.ended);
      expect(none.body).toContain('href="/unsubscribe/"');
      const forged = await get('/moje-dane/', `${SESSION_COOKIE}=${'f'.repeat(43)}`);
      expect(text(forged.body)).toContain(SELF_SERVICE_TEXTS.ended);
      expect(setCookies(forged).join('\n')).toMatch(/pp_moje_dane=; Max-Age=0; Path=\/moje-dane\//);
      // The client router's payload of it is personal too.
      const payload = await get('/moje-dane/_payload.json?v=testbuild01', cookie);
      expect(payload.headers['cache-control']).toBe('no-store');
      expect((JSON.parse(payload.body) as { page: string; data: { view: string } }).data.view).toBe(
        'overview',
      );
    });

    it('withdraws one consent, or the three marketing ones at once, with 303 and a notice', async () => {
      const { cookie } = await openSession();
      const page = await get('/moje-dane/', cookie);
      const token = valueOf(page.body, 'csrf_token');
      const one = await post('/moje-dane/zgody/', { zgoda: 'marketingEmail', csrf_token: token }, cookie);
      expect(one.status).toBe(303);
      expect(one.headers['location']).toBe('/moje-dane/?zmiana=zgoda');
      expect(leads.received['WithdrawSelfServiceConsents']?.at(-1)).toMatchObject({
        types: [ConsentType.MARKETING_EMAIL],
      });
      const shown = await get('/moje-dane/?zmiana=zgoda', cookie);
      expect(text(shown.body)).toContain(SELF_SERVICE_TEXTS.withdrawn);
      expect(shown.body).toMatch(/data-consent="marketingEmail"[\s\S]*?data-consent-state="answered"/);

      const all = await post('/moje-dane/zgody/', { zgoda: 'marketing', csrf_token: token }, cookie);
      expect(all.headers['location']).toBe('/moje-dane/?zmiana=marketing');
      expect(leads.received['WithdrawSelfServiceConsents']?.at(-1)).toMatchObject({
        types: [ConsentType.MARKETING_EMAIL, ConsentType.MARKETING_SMS, ConsentType.MARKETING_PHONE],
      });

      const unknown = await post('/moje-dane/zgody/', { zgoda: 'privacy', csrf_token: token }, cookie);
      expect(unknown.status).toBe(400);
      expect(text(unknown.body)).toContain(SELF_SERVICE_TEXTS.unknownConsent);
      // The erase form's token is not the withdrawal's.
      const otherForm = await post(
        '/moje-dane/zgody/',
        {
          zgoda: 'matching',
          csrf_token: valueOf(page.body.slice(page.body.indexOf('/moje-dane/usun/')), 'csrf_token'),
        },
        cookie,
      );
      expect(otherForm.status).toBe(403);
    });

    it('downloads the data as a JSON attachment, never stored by a cache', async () => {
      const { cookie } = await openSession();
      const res = await get('/moje-dane/eksport/', cookie);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="moje-dane-2026-11-28.json"');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(res.body)).toEqual({ email: 'anna.kowalska@example.pl', imię: 'Anna' });
      const none = await get('/moje-dane/eksport/');
      expect(none.status).toBe(401);
      expect(text(none.body)).toContain(SELF_SERVICE_TEXTS.ended);
    });

    it('erases only with the box ticked, then clears the cookie and shows what was erased', async () => {
      const { cookie } = await openSession();
      const page = await get('/moje-dane/', cookie);
      const token = valueOf(page.body.slice(page.body.indexOf('/moje-dane/usun/')), 'csrf_token');
      const before = fake.calls.get('EraseSelfServiceData') ?? 0;
      const unticked = await post('/moje-dane/usun/', { csrf_token: token }, cookie);
      expect(unticked.status).toBe(400);
      expect(fieldError(unticked.body, 'potwierdzam')).toBe(SELF_SERVICE_TEXTS.confirmErase);
      expect(fake.calls.get('EraseSelfServiceData') ?? 0).toBe(before);

      const erased = await post('/moje-dane/usun/', { potwierdzam: 'tak', csrf_token: token }, cookie);
      expect(erased.status).toBe(303);
      expect(erased.headers['location']).toBe('/moje-dane/?wniosek=0f0e0d0c-0b0a-4909-8807-060504030201');
      expect(leads.received['EraseSelfServiceData']?.at(-1)).toMatchObject({ confirmed: true });
      expect(setCookies(erased).join('\n')).toMatch(/pp_moje_dane=; Max-Age=0/);
      const result = await get(String(erased.headers['location']));
      expect(result.status).toBe(200);
      expect(text(result.body)).toContain('Usunięte wpisy: 3');
      // The session is over: the overview says so.
      const after = await get('/moje-dane/', cookie);
      expect(text(after.body)).toContain(SELF_SERVICE_TEXTS.ended);
      const unknown = await get('/moje-dane/?wniosek=nie-ma');
      expect(unknown.status).toBe(404);
    });

    it('answers bad input with a 4xx (or the page), never a 5xx', async () => {
      const { cookie } = await openSession();
      const page = await get('/moje-dane/', cookie);
      const token = valueOf(page.body, 'csrf_token');
      const confirm = await get('/moje-dane/?t=any-link-token-abcdefghij', cookie);
      const openToken = valueOf(confirm.body, 'csrf_token');
      const json = (path: string, body: string) =>
        rawRequest(gateway.port, {
          method: 'POST',
          path,
          headers: {
            'content-type': 'application/json',
            origin: ORIGIN,
            cookie,
            'x-forwarded-for': clientIp(),
          },
          body,
        });
      const statuses = [
        await json('/moje-dane/zgody/', JSON.stringify({ csrf_token: token, zgoda: ['a', 'b'] })),
        await json('/moje-dane/zgody/', JSON.stringify({ csrf_token: token, zgoda: { toString: 1 } })),
        await json('/moje-dane/usun/', '[1,2]'),
        await json('/moje-dane/', JSON.stringify({ t: 5, csrf_token: openToken })),
        await post('/moje-dane/zgody/', { zgoda: 'x'.repeat(5000), csrf_token: token }, cookie),
        await post('/moje-dane/', { t: 'x'.repeat(600), csrf_token: openToken }, cookie),
        await get('/moje-dane/?t=%ZZ'),
        await get('/moje-dane/?t=a&t=b'),
        await get('/moje-dane/?wniosek=a&wniosek=b', cookie),
        await get('/moje-dane/zgody/', cookie),
      ].map((res) => res.status);
      // Refused, redirected, or (a repeated query parameter is no value) the page without it: never a 5xx.
      expect(statuses).toEqual([400, 400, 403, 404, 400, 404, 400, 200, 200, 303]);
    });

    it('keeps the session when the service fails: 502/503 and a message, never a 500', async () => {
      const { cookie } = await openSession();
      const page = await get('/moje-dane/', cookie);
      const token = valueOf(page.body, 'csrf_token');
      const { GetSelfServiceOverview: overview, WithdrawSelfServiceConsents: withdraw } = leads.handlers;
      try {
        for (const [code, status] of [
          [GrpcStatus.UNAVAILABLE, 503],
          [GrpcStatus.FAILED_PRECONDITION, 503],
          [GrpcStatus.ABORTED, 503],
          [GrpcStatus.INTERNAL, 502],
        ] as const) {
          leads.handlers.GetSelfServiceOverview = () => {
            throw new FakeGrpcError(code, 'failed');
          };
          const res = await get('/moje-dane/', cookie);
          expect(res.status).toBe(status);
          expect(text(res.body)).toContain(SELF_SERVICE_TEXTS.overviewUnavailable);
          expect(cookiePair(res, SESSION_COOKIE)).toBeUndefined();
        }
        leads.handlers.GetSelfServiceOverview = overview;
        leads.handlers.WithdrawSelfServiceConsents = () => {
          throw new FakeGrpcError(GrpcStatus.ABORTED, 'failed');
        };
        const res = await post('/moje-dane/zgody/', { zgoda: 'matching', csrf_token: token }, cookie);
        expect(res.status).toBe(503);
        expect(text(res.body)).toContain(SELF_SERVICE_TEXTS.actionUncertain);
      } finally {
        leads.handlers.GetSelfServiceOverview = overview;
        leads.handlers.WithdrawSelfServiceConsents = withdraw;
      }
    });
  });
});
