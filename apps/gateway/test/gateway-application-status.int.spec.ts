import { status as GrpcStatus } from '@grpc/grpc-js';
import { leadsV1 } from '@lib/contracts';
import { CONSENTS, peselCheckDigit } from '@lib/pl-validation';
import { createHmac } from 'node:crypto';
import { DELIVERY_TEXTS, IDENTITY_REASONS } from '../src/features/application/application-texts';
import { STATUS_TEXTS } from '../src/features/application-status/application-status-texts';
import { PARTNER_RETRY_AFTER_S } from '../src/features/application-status/partner-status.api';
import { PARTNER_STATUS_RATE } from '../src/features/application-status/partner-status-rate-limit';
import { OFFERS_HANDLERS, createFakeContent } from './support/content-fixtures';
import { FakeGrpcError, type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { type RawResponse, expectNoStack, rawRequest, setCookies } from './support/raw-http';
import { TEST_BUILD_ID, type TestGateway, deadTarget, startTestGateway } from './support/test-gateway';
import { readSitemap } from './support/sitemap-reader';

/*
 * Step 3 asking what the lenders of the draft need, the status page and the lenders' status
 * callback, through the real gateway over HTTP against fake leads and offers services built from the
 * real protos: the answers the real services make hard to produce on demand (PreviewDelivery
 * failing, every delivery state, every refusal of a callback, the leads service down). The same
 * journey against the real services is gateway-application-delivery.int.spec.ts.
 */

const ORIGIN = 'http://localhost:3000';
const DRAFT_ID = '6a1c2a9e-5b7d-4c1a-9e2f-0a1b2c3d4e5f';
const DRAFT_NO_PREVIEW = '7b1c2a9e-5b7d-4c1a-9e2f-0a1b2c3d4e5f';
const DRAFT_NO_LENDERS = '8c1c2a9e-5b7d-4c1a-9e2f-0a1b2c3d4e5f';
const APPLICATION_ID = '9d1c2a9e-5b7d-4c1a-9e2f-0a1b2c3d4e5f';
const PESEL = (() => {
  const first = '9005151234';
  return `${first}${peselCheckDigit(first)}`;
})();

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const hasField = (html: string, name: string) => html.includes(`name="${name}"`);
const valueOf = (html: string, name: string) =>
  (new RegExp(`<input [^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '').match(/value="([^"]*)"/)?.[1] ?? '';

function draft(applicationId: string): leadsV1.Application {
  return {
    applicationId,
    status: leadsV1.ApplicationStatus.DRAFT,
    amountGrosze: 200_000,
    periodDays: 90,
    purpose: 3,
    name: '',
    email: 'anna@example.pl',
    phone: '+48600100200',
    consents: [],
    createdAt: '2026-11-28T17:00:00Z',
    formVersion: 0,
    firstName: 'Anna',
    lastName: 'Nowak',
    pesel: '',
    idCard: '',
    bankAccount: '',
    incomeSource: '',
    step: leadsV1.ApplicationStep.CONTACT_DETAILS,
  } as unknown as leadsV1.Application;
}

const delivery = (
  slug: string,
  name: string,
  state: leadsV1.DeliveryState,
  extra: Partial<leadsV1.LenderDelivery> = {},
): leadsV1.LenderDelivery => ({
  deliveryId: `${slug}-delivery`,
  lenderId: 1,
  lenderSlug: slug,
  lenderName: name,
  state,
  retrying: false,
  updatedAt: '2026-11-28T17:41:00Z',
  ...extra,
});

const STATUS_VIEWS: Record<string, Partial<leadsV1.ApplicationStatusView>> = {
  'tok-ok': {
    deliveries: [
      delivery('smartney', 'Smartney', leadsV1.DeliveryState.ACCEPTED),
      delivery('netcredit', 'NetCredit', leadsV1.DeliveryState.QUEUED, { retrying: true }),
      delivery('vivus', 'Vivus', leadsV1.DeliveryState.SENT),
      delivery('kuki', 'Kuki', leadsV1.DeliveryState.FAILED),
      delivery('wandoo', 'Wandoo', leadsV1.DeliveryState.WITHDRAWN),
    ],
  },
  'tok-one': { deliveries: [delivery('kuki', 'Kuki', leadsV1.DeliveryState.QUEUED)] },
  'tok-declined': { deliveries: [], deliveryDeclined: true },
  'tok-none': { deliveries: [] },
  'tok-rejected': {
    deliveries: [
      delivery('kuki', 'Kuki', leadsV1.DeliveryState.REJECTED),
      delivery('vivus', 'Vivus', leadsV1.DeliveryState.REJECTED),
    ],
  },
  'tok-partly-rejected': {
    deliveries: [
      delivery('kuki', 'Kuki', leadsV1.DeliveryState.REJECTED),
      delivery('vivus', 'Vivus', leadsV1.DeliveryState.ACCEPTED),
    ],
  },
};

/** Every consent's version; the required ones ticked. */
const CONSENT_FIELDS: Record<string, string> = Object.fromEntries(
  CONSENTS.flatMap((c): [string, string][] => [
    [`consent_${c.key}_version`, c.version],
    ...(c.required ? ([[`consent_${c.key}`, 'on']] as [string, string][]) : []),
  ]),
);

describe('step 3, the status page and the lenders’ callback (fake leads and offers)', () => {
  let leads: FakeGrpcServer;
  let offers: FakeGrpcServer;
  let content: FakeGrpcServer;
  let gateway: TestGateway;
  const submitted: leadsV1.SubmitApplicationRequest[] = [];
  const callbacks: { signature: string; body: Buffer }[] = [];
  const leadFeeds: string[] = [];
  let clientNo = 0;

  beforeAll(async () => {
    [leads, offers, content] = await Promise.all([
      startFakeService('leads', {
        GetApplication: (request) => draft((request as { applicationId: string }).applicationId),
        PreviewDelivery: (request) => {
          const { applicationId } = request as { applicationId: string };
          if (applicationId === DRAFT_NO_PREVIEW)
            throw new FakeGrpcError(GrpcStatus.UNAVAILABLE, 'offers down');
          if (applicationId === DRAFT_NO_LENDERS) return { lenders: [], requiredFields: ['incomeSource'] };
          return {
            lenders: [
              { lenderSlug: 'smartney', lenderName: 'Smartney' },
              { lenderSlug: 'netcredit', lenderName: 'NetCredit' },
            ],
            requiredFields: ['pesel', 'incomeSource'],
          };
        },
        SubmitApplication: (request) => {
          submitted.push(request as leadsV1.SubmitApplicationRequest);
          return {
            applicationId: (request as { draftId: string }).draftId,
            status: leadsV1.ApplicationStatus.MATCHED,
            createdAt: '2026-11-28T17:40:00Z',
            matchedOffers: 2,
            statusToken: 'tok-ok',
            deliveries: 2,
          };
        },
        GetApplicationStatus: (request) => {
          const { statusToken } = request as { statusToken: string };
          if (statusToken === 'tok-down') throw new FakeGrpcError(GrpcStatus.UNAVAILABLE, 'database down');
          const view = STATUS_VIEWS[statusToken];
          if (!view) throw new FakeGrpcError(GrpcStatus.NOT_FOUND, 'no such status token');
          return {
            applicationId: APPLICATION_ID,
            status: leadsV1.ApplicationStatus.MATCHED,
            amountGrosze: 200_000,
            periodDays: 90,
            submittedAt: '2026-11-28T17:40:00Z',
            deliveries: [],
            deliveryDeclined: false,
            sandboxLenders: false,
            ...view,
          };
        },
        RecordDeliveryStatus: (request) => {
          const { signature, body } = request as { signature: string; body: Buffer };
          callbacks.push({ signature, body: Buffer.from(body) });
          const codes: Record<string, GrpcStatus> = {
            unauthenticated: GrpcStatus.UNAUTHENTICATED,
            'not-found': GrpcStatus.NOT_FOUND,
            invalid: GrpcStatus.INVALID_ARGUMENT,
            precondition: GrpcStatus.FAILED_PRECONDITION,
            down: GrpcStatus.UNAVAILABLE,
            broken: GrpcStatus.INTERNAL,
          };
          const code = codes[signature];
          if (code !== undefined) throw new FakeGrpcError(code, signature);
          return { deliveryId: 'smartney-delivery', state: leadsV1.DeliveryState.ACCEPTED, changed: true };
        },
      }),
      startFakeService('offers', {
        ...OFFERS_HANDLERS,
        GetLeadFeed: (request) => {
          leadFeeds.push((request as { leadId: string }).leadId);
          return { offerIds: [102, 101] };
        },
      }),
      startFakeService('content', createFakeContent().handlers),
    ]);
    gateway = await startTestGateway({
      targets: { leads: leads.target, offers: offers.target, content: content.target },
      env: { PAGE_CACHE: 'true', TRUST_PROXY: 'loopback', GRPC_DEADLINE_MS: '3000' },
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await Promise.all([leads?.stop(), offers?.stop(), content?.stop()]);
  });

  beforeEach(() => {
    clientNo += 1;
  });
  const clientIp = () => `203.0.113.${clientNo}`;

  /** A visitor whose draft is past the contact step, with its form cookie. */
  function visitor(draftId: string) {
    const jar = new Map<string, string>([['pp_application', draftId]]);
    const keep = (res: RawResponse) => {
      for (const line of setCookies(res)) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return res;
    };
    const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    return {
      get: async (path: string) =>
        keep(
          await rawRequest(gateway.port, {
            path,
            headers: { cookie: cookie(), 'x-forwarded-for': clientIp() },
          }),
        ),
      post: async (path: string, fields: Record<string, string>) =>
        keep(
          await rawRequest(gateway.port, {
            method: 'POST',
            path,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              origin: ORIGIN,
              cookie: cookie(),
              'x-forwarded-for': clientIp(),
            },
            body: new URLSearchParams(fields).toString(),
          }),
        ),
    };
  }

  describe('step 3 (/main/)', () => {
    it('asks only the identity fields the previewed lenders need, names them for the delivery consent, links the privacy policy', async () => {
      const v = visitor(DRAFT_ID);
      const main = await v.get('/main/');
      expect(main.status).toBe(200);
      expect(main.headers['cache-control']).toBe('no-store');
      expect(hasField(main.body, 'pesel')).toBe(true);
      expect(hasField(main.body, 'id_card')).toBe(false);
      expect(hasField(main.body, 'bank_account')).toBe(false);
      expect(hasField(main.body, 'income_source')).toBe(true);
      const page = text(main.body);
      expect(page).toContain(IDENTITY_REASONS.listed.pesel);
      expect(page).toContain(`${DELIVERY_TEXTS.lendersIntro} Smartney NetCredit`);
      for (const consent of CONSENTS) expect(hasField(main.body, `consent_${consent.key}`)).toBe(true);
      expect(hasField(main.body, 'consent_privacy')).toBe(false);
      expect(main.body).toContain('href="/polityka-prywatnosci/"');

      // Sent with the PESEL only and the delivery consent ticked: the lead, then the status page.
      const answer = await v.post('/main/', {
        pesel: PESEL,
        income_source: 'employment',
        ...CONSENT_FIELDS,
        consent_delivery: 'on',
        idempotency_key: valueOf(main.body, 'idempotency_key'),
        csrf_token: valueOf(main.body, 'csrf_token'),
      });
      expect(answer.status).toBe(303);
      expect(answer.headers['location']).toBe('/moj-wniosek/?t=tok-ok');
      const request = submitted.at(-1)!;
      expect(request).toMatchObject({ draftId: DRAFT_ID, pesel: PESEL, idCard: '', bankAccount: '' });
      const consents = new Map(request.consents.map((c) => [c.type, c]));
      expect(consents.get(leadsV1.ConsentType.MATCHING)?.granted).toBe(true);
      expect(consents.get(leadsV1.ConsentType.DELIVERY)).toMatchObject({
        granted: true,
        textVersion: CONSENTS.find((c) => c.key === 'delivery')!.version,
      });
      expect(consents.has(leadsV1.ConsentType.DATA_PROCESSING)).toBe(false);
    });

    it('without lenders: no delivery consent, the line says the application is matched only', async () => {
      const v = visitor(DRAFT_NO_LENDERS);
      const main = await v.get('/main/');
      for (const name of ['pesel', 'id_card', 'bank_account', 'consent_delivery'])
        expect(hasField(main.body, name)).toBe(false);
      expect(text(main.body)).toContain(DELIVERY_TEXTS.matchedOnly);
    });

    it('when PreviewDelivery fails: every identity field, no lender and no delivery consent; a forged delivery tick is not given', async () => {
      const v = visitor(DRAFT_NO_PREVIEW);
      const main = await v.get('/main/');
      expect(main.status).toBe(200);
      for (const name of ['pesel', 'id_card', 'bank_account']) expect(hasField(main.body, name)).toBe(true);
      expect(hasField(main.body, 'consent_delivery')).toBe(false);
      const page = text(main.body);
      expect(page).toContain(DELIVERY_TEXTS.previewUnavailable);
      expect(page).not.toContain('z listy poniżej');

      const common = {
        pesel: PESEL,
        income_source: 'employment',
        ...CONSENT_FIELDS,
        idempotency_key: valueOf(main.body, 'idempotency_key'),
        csrf_token: valueOf(main.body, 'csrf_token'),
      };
      const refused = await v.post('/main/', common);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatch(/data-error-for="id_card"[^>]*>[^<]+</);
      expect(refused.body).toMatch(/data-error-for="bank_account"[^>]*>[^<]+</);

      const before = submitted.length;
      const answer = await v.post('/main/', {
        ...common,
        id_card: 'ABA 300000',
        bank_account: '61 1090 1014 0000 0712 1981 2874',
        consent_delivery: 'on',
      });
      expect(answer.status).toBe(303);
      expect(submitted.length).toBe(before + 1);
      const request = submitted.at(-1)!;
      expect(request.idCard).toBe('ABA300000');
      expect(request.consents.find((c) => c.type === leadsV1.ConsentType.DELIVERY)?.granted).toBe(false);
    });
  });

  describe('the status page /moj-wniosek/', () => {
    const get = (path: string) => rawRequest(gateway.port, { path });

    it('lists every lender with its state in Polish and the time of the change; personal, noindex, a plain refresh link', async () => {
      const res = await get('/moj-wniosek/?t=tok-ok');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['etag']).toBeUndefined();
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['referrer-policy']).toBe('strict-origin');
      expect(setCookies(res)).toEqual([]);
      expect(res.body).toContain('noindex, nofollow');
      expect(res.body).not.toContain('http-equiv="refresh"');
      const page = text(res.body);
      expect(page).toContain('Twój wniosek przekazaliśmy do 5 pożyczkodawców');
      expect(page).toMatch(/Wnioskujesz o 2\s000\szł na 90 dni\./);
      expect(page).toContain('Smartney przyjęty do rozpatrzenia zmiana: 28 listopada 2026 r., godz. 18:41');
      expect(page).toContain('NetCredit błąd – ponawiamy');
      expect(page).toContain('Vivus przekazany');
      expect(page).toContain('Kuki nie udało się przekazać');
      expect(page).toContain('Wandoo wstrzymany (zgoda wycofana)');
      expect(res.body).toContain(
        `href="/moj-wniosek/?t=tok-ok" data-refresh-status="">${STATUS_TEXTS.refresh}</a>`,
      );
      // The offers of the application's amount, in the lead feed's order.
      expect(leadFeeds.at(-1)).toBe(APPLICATION_ID);
      const cards = [...res.body.matchAll(/data-offer-id="(\d+)"/g)].map((m) => m[1]);
      expect(cards).toEqual(['102', '101']);
      expect(res.body).toContain('/przejdz/102/?z=offers&amp;p=1');
      expectNoStack(res.body);
      // Never kept: asked again, the service is asked again.
      const calls = leads.calls.get('GetApplicationStatus') ?? 0;
      await get('/moj-wniosek/?t=tok-ok');
      expect(leads.calls.get('GetApplicationStatus')).toBe(calls + 1);
    });

    it('uses the singular for one lender, and says “matched only” when declined or none', async () => {
      expect(text((await get('/moj-wniosek/?t=tok-one')).body)).toContain(
        'Twój wniosek przekazaliśmy do 1 pożyczkodawcy',
      );
      const declined = text((await get('/moj-wniosek/?t=tok-declined')).body);
      expect(declined).toContain(STATUS_TEXTS.matchedOnlyHeading);
      expect(declined).toContain(STATUS_TEXTS.declined);
      expect(text((await get('/moj-wniosek/?t=tok-none')).body)).toContain(STATUS_TEXTS.noLenders);
    });

    it('sends an application every lender rejected to the rejected landing; one rejection among others stays', async () => {
      const rejected = await get('/moj-wniosek/?t=tok-rejected');
      expect(rejected.status).toBe(303);
      expect(rejected.headers['location']).toBe('/landing/rejected/');
      expect(rejected.headers['cache-control']).toBe('no-store');
      const landing = await get('/landing/rejected/');
      expect(landing.status).toBe(200);
      const partly = await get('/moj-wniosek/?t=tok-partly-rejected');
      expect(partly.status).toBe(200);
      expect(text(partly.body)).toContain('Kuki odrzucony');
    });

    it('answers an unknown, forged, malformed or missing token with the 404 page and the way to a new link', async () => {
      const calls = leads.calls.get('GetApplicationStatus') ?? 0;
      for (const path of [
        '/moj-wniosek/?t=tok-forged',
        '/moj-wniosek/',
        '/moj-wniosek/?t=%3Cx%3E',
        '/moj-wniosek/?t=a&t=b',
      ]) {
        const res = await get(path);
        expect(res.status).toBe(404);
        expect(res.headers['cache-control']).toBe('no-store');
        const page = text(res.body);
        expect(page).toContain(STATUS_TEXTS.invalidHeading);
        expect(page).toContain(STATUS_TEXTS.invalid);
        expect(res.body).toContain(`href="/unsubscribe/">${STATUS_TEXTS.newLink}</a>`);
      }
      // Only the well-formed one reached the service.
      expect(leads.calls.get('GetApplicationStatus')).toBe(calls + 1);
    });

    it('answers 503 with the refresh link while the leads service fails', async () => {
      const res = await get('/moj-wniosek/?t=tok-down');
      expect(res.status).toBe(503);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(text(res.body)).toContain(STATUS_TEXTS.unavailable);
      expect(res.body).toContain('href="/moj-wniosek/?t=tok-down"');
    });

    it('answers the router’s payload personally too, and is in no sitemap', async () => {
      const res = await get(`/moj-wniosek/_payload.json?v=${TEST_BUILD_ID}&t=tok-one`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const payload = JSON.parse(res.body) as { page: string; data: { kind: string; heading: string } };
      expect(payload.page).toBe('application-status');
      expect(payload.data).toMatchObject({
        kind: 'status',
        heading: 'Twój wniosek przekazaliśmy do 1 pożyczkodawcy',
      });
      const rejected = await get(`/moj-wniosek/_payload.json?v=${TEST_BUILD_ID}&t=tok-rejected`);
      expect(rejected.status).toBe(303);
      expect(rejected.headers['location']).toBe(`/landing/rejected/_payload.json?v=${TEST_BUILD_ID}`);
      const { urls } = await readSitemap(get);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.filter((url) => url.loc.includes('moj-wniosek'))).toEqual([]);
    });
  });

  describe('POST /api/partner/lead-status', () => {
    const post = (body: string | Buffer, headers: Record<string, string> = {}, ip = `198.18.0.${clientNo}`) =>
      rawRequest(gateway.port, {
        method: 'POST',
        path: '/api/partner/lead-status',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
        body,
      });
    const BODY = JSON.stringify({
      deliveryId: 'smartney-delivery',
      status: 'accepted',
      reason: 'Zażółć gęślą jaźń',
    });
    const signature = `t=1764345600,v1=${createHmac('sha256', 'k').update(BODY).digest('hex')}`;

    it('passes the signature and the raw bytes unchanged and answers the recorded state; no CSRF, no cookie', async () => {
      // Bytes a parser would have changed: spacing, key order, escapes.
      const raw = Buffer.from(
        `{ "status" : "accepted",\n"deliveryId":"smartney-delivery", "note":"\\u017c" }`,
      );
      const res = await post(raw, {
        'x-signature': signature,
        'content-type': 'application/json; charset=utf-8',
      });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({
        deliveryId: 'smartney-delivery',
        state: 'ACCEPTED',
        changed: true,
      });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(setCookies(res)).toEqual([]);
      expect(callbacks.at(-1)!.signature).toBe(signature);
      expect(callbacks.at(-1)!.body.equals(raw)).toBe(true);
    });

    it('maps the leads service’s answers: 401, 404, 400, 409, and 503 with Retry-After', async () => {
      for (const [sig, status] of [
        ['unauthenticated', 401],
        ['not-found', 404],
        ['invalid', 400],
        ['precondition', 409],
        ['down', 503],
        ['broken', 503],
      ] as const) {
        const res = await post(BODY, { 'x-signature': sig });
        expect(res.status).toBe(status);
        const body = JSON.parse(res.body) as { error: { status: number; message: string } };
        expect(body.error.status).toBe(status);
        expect(typeof body.error.message).toBe('string');
        expect(res.headers['retry-after']).toBe(status === 503 ? String(PARTNER_RETRY_AFTER_S) : undefined);
        expectNoStack(res.body);
      }
    });

    it('refuses without a call: no signature 401, another content type 415, a body over 16 kB 413', async () => {
      const calls = leads.calls.get('RecordDeliveryStatus') ?? 0;
      expect((await post(BODY)).status).toBe(401);
      const form = await post('deliveryId=x', {
        'x-signature': signature,
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(form.status).toBe(415);
      expect(JSON.parse(form.body)).toMatchObject({ error: { status: 415 } });
      expect((await post(BODY, { 'x-signature': signature, 'content-type': 'text/plain' })).status).toBe(415);
      const big = JSON.stringify({ deliveryId: 'x', reason: 'a'.repeat(17 * 1024) });
      const tooLarge = await post(big, { 'x-signature': signature });
      expect(tooLarge.status).toBe(413);
      expect(JSON.parse(tooLarge.body)).toMatchObject({ error: { status: 413 } });
      expect(leads.calls.get('RecordDeliveryStatus') ?? 0).toBe(calls);
      // GET is no callback.
      expect((await rawRequest(gateway.port, { path: '/api/partner/lead-status' })).status).not.toBe(200);
    });

    it('has a budget of its own per client address (429 with Retry-After)', async () => {
      const ip = '198.18.1.1';
      for (let i = 0; i < PARTNER_STATUS_RATE.limit; i += 1)
        expect((await post(BODY, { 'x-signature': signature }, ip)).status).toBe(200);
      const refused = await post(BODY, { 'x-signature': signature }, ip);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      // Another address is not affected.
      expect((await post(BODY, { 'x-signature': signature }, '198.18.1.2')).status).toBe(200);
    });

    it('answers 503 with Retry-After when the leads service is not there', async () => {
      const down = await startTestGateway({
        targets: { leads: await deadTarget() },
        env: { GRPC_DEADLINE_MS: '500' },
      });
      try {
        const res = await rawRequest(down.port, {
          method: 'POST',
          path: '/api/partner/lead-status',
          headers: { 'content-type': 'application/json', 'x-signature': signature },
          body: BODY,
        });
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toBe(String(PARTNER_RETRY_AFTER_S));
      } finally {
        await down.stop();
      }
    });
  });
});
