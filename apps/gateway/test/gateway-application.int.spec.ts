import { leadsV1 } from '@lib/contracts';
import { APPLICATION_MESSAGES, CONSENTS, peselCheckDigit } from '@lib/pl-validation';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  APPLICATION_TEXTS,
  DELIVERY_TEXTS,
  FRAUD_WARNING,
} from '../src/features/application/application-texts';
import { EMPTY_REQUEST } from '../src/features/application/journey-service';
import { resumePath } from '../src/features/application/resume-link';
import { CALCULATOR_TEXTS } from '../src/features/home/loan-sliders';
import { LOAN_EXAMPLE_TEXTS } from '../src/features/home/loan-example';
import { csrfKey } from '../src/kit/csrf';
import { type LeadsProcess, startLeadsProcess } from './support/leads-process';
import { type RawResponse, rawRequest, setCookies } from './support/raw-http';
import { TEST_BUILD_ID, type TestGateway, deadTarget, startTestGateway } from './support/test-gateway';

/*
 * The loan application journey through the gateway against the REAL leads service (its build, on
 * a fresh PostgreSQL database), as a browser without JavaScript walks it: each step a plain form
 * post (303 to the next step, or the form again with the Polish message next to the field and the
 * values kept), the draft id in an HttpOnly cookie, CSRF and same-origin refusals, one lead for a
 * submission sent twice, and an outage answered with the values and a retry message.
 */

const ORIGIN = 'http://localhost:3000';
/** The gateway's CSRF_SECRET here, so the test can sign resume links of its own (an unknown draft). */
const CSRF_SECRET = 'resume-links-test-secret-0123456789abcdef';
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

function tagWith(html: string, attribute: string): string {
  const found = new RegExp(`<[a-z]+ [^>]*${attribute.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^>]*>`).exec(
    html,
  );
  if (!found) throw new Error(`no element with ${attribute}`);
  return found[0];
}
const valueOf = (html: string, name: string) =>
  decode(/value="([^"]*)"/.exec(tagWith(html, `name="${name}"`))?.[1] ?? '');
/** The selected option of a select (React marks it `selected`). */
const selectedOf = (html: string, name: string) => {
  const select = new RegExp(`<select [^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? '';
  return /<option [^>]*value="([^"]*)"[^>]*selected=""/.exec(select)?.[1] ?? '';
};
function fieldError(html: string, field: string): string {
  for (const match of html.matchAll(/<p [^>]*data-error-for="([^"]+)"[^>]*>([^<]*)<\/p>/g))
    if (match[1] === field) return decode(match[2] ?? '');
  throw new Error(`no error slot for ${field}`);
}
const cookiePair = (res: RawResponse, name: string) =>
  setCookies(res)
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${name}=`));

/** A PESEL of someone born on 15 May 1990 (valid checksum). */
const PESEL = (() => {
  const first = '9005151234';
  return `${first}${peselCheckDigit(first)}`;
})();

/** Every consent's text version; the required ones and the e-mail marketing one ticked. */
const CONSENT_FIELDS: Record<string, string> = Object.fromEntries(
  CONSENTS.flatMap((consent): [string, string][] => [
    [`consent_${consent.key}_version`, consent.version],
    ...(consent.required || consent.key === 'marketingEmail'
      ? ([[`consent_${consent.key}`, 'on']] as [string, string][])
      : []),
  ]),
);

describe('the loan application journey in the gateway against the real leads service', () => {
  let leads: LeadsProcess;
  let gateway: TestGateway;
  let db: Client;
  let clientNo = 0;

  beforeAll(async () => {
    leads = await startLeadsProcess();
    gateway = await startTestGateway({
      targets: { leads: leads.target },
      env: { PAGE_CACHE: 'false', TRUST_PROXY: 'loopback', GRPC_DEADLINE_MS: '5000', CSRF_SECRET },
    });
    db = new Client({ connectionString: leads.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await gateway?.stop();
    await leads?.stop();
  });

  beforeEach(() => {
    clientNo += 1;
  });
  const clientIp = () => `198.51.100.${clientNo}`;
  const count = async (where = 'true') =>
    Number(
      (await db.query<{ n: string }>(`SELECT count(*) AS n FROM leads.applications WHERE ${where}`)).rows[0]
        ?.n,
    );

  /** One visitor: its cookies, kept across requests as a browser keeps them. */
  function visitor(port = () => gateway.port) {
    const jar = new Map<string, string>();
    const keep = (res: RawResponse) => {
      for (const line of setCookies(res)) {
        const [pair = '', ...attributes] = line.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at);
        if (attributes.some((a) => a.trim() === 'Max-Age=0')) jar.delete(name);
        else jar.set(name, pair.slice(at + 1));
      }
      return res;
    };
    const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    return {
      jar,
      get: async (path: string) =>
        keep(
          await rawRequest(port(), { path, headers: { cookie: cookie(), 'x-forwarded-for': clientIp() } }),
        ),
      post: async (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
        keep(
          await rawRequest(port(), {
            method: 'POST',
            path,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              origin: ORIGIN,
              cookie: cookie(),
              'x-forwarded-for': clientIp(),
              ...headers,
            },
            body: new URLSearchParams(fields).toString(),
          }),
        ),
    };
  }

  const contact = (n: number) => ({
    first_name: 'Katarzyna',
    last_name: 'Wiśniewska',
    email: `katarzyna.${n}@example.pl`,
    phone: '600 100 200',
  });
  const personal: Record<string, string> = {
    pesel: PESEL,
    id_card: 'ABA 300000',
    bank_account: '61 1090 1014 0000 0712 1981 2874',
    income_source: 'employment',
    ...CONSENT_FIELDS,
  };

  it('starts from the home sliders’ address: the loan request filled in, personal (no-store), a form cookie and token, the fraud warning', async () => {
    const v = visitor();
    const res = await v.get('/application/?amount=2000&period=90&purpose=medical&ver=2');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['etag']).toBeUndefined();
    expect(v.jar.get('pp_form')).toMatch(/^[0-9a-f-]{36}$/);
    // The draft cookie is set by the form posts only.
    expect(v.jar.has('pp_application')).toBe(false);
    expect(valueOf(res.body, 'amount')).toBe('2000');
    expect(valueOf(res.body, 'period')).toBe('90');
    expect(selectedOf(res.body, 'purpose')).toBe('medical');
    expect(valueOf(res.body, 'ver')).toBe('2');
    expect(valueOf(res.body, 'csrf_token').length).toBeGreaterThan(20);
    expect(res.body).toContain('action="/process/"');
    expect(res.body).toContain('noindex, nofollow');
    expect(text(res.body)).toContain(FRAUD_WARNING.title);
    // An unknown `ver` and out-of-range values are ignored.
    const odd = await v.get('/application/?amount=999999&period=0&purpose=yacht&ver=7');
    expect(valueOf(odd.body, 'amount')).toBe('');
    expect(valueOf(odd.body, 'period')).toBe('');
    expect(valueOf(odd.body, 'ver')).toBe('');
  });

  it('walks every step to the status page, the draft kept server-side (a reload loses nothing), and stores one lead with its consents', async () => {
    const v = visitor();
    const start = await v.get('/application/?amount=2000&period=90&purpose=medical&ver=2');
    const loan = await v.post('/process/', {
      amount: '2000',
      period: '90',
      purpose: 'medical',
      ver: '2',
      csrf_token: valueOf(start.body, 'csrf_token'),
    });
    expect(loan.status).toBe(303);
    expect(loan.headers['location']).toBe('/transition/');
    const draftCookie = setCookies(loan).find((line) => line.startsWith('pp_application='))!;
    expect(draftCookie).toMatch(/HttpOnly/);
    expect(draftCookie).toMatch(/SameSite=Lax/);
    const draftId = v.jar.get('pp_application')!;
    expect(await count(`id = '${draftId}' AND status = 'draft' AND form_version = 2`)).toBe(1);

    // The registration form of version 2.
    const transition = await v.get('/transition/');
    expect(transition.status).toBe(303);
    expect(transition.headers['location']).toBe('/reg2/');
    const reg = await v.get('/reg2/');
    expect(reg.status).toBe(200);
    expect(reg.headers['cache-control']).toBe('no-store');
    expect(text(reg.body)).toContain('Wnioskujesz o 2 000 zł na 90 dni');
    const saved = await v.post('/reg2/', { ...contact(1), csrf_token: valueOf(reg.body, 'csrf_token') });
    expect(saved.status).toBe(303);
    expect(saved.headers['location']).toBe('/main/');

    // A reload of a step (or the way back) shows what was saved.
    const again = await v.get('/reg2/');
    expect(valueOf(again.body, 'first_name')).toBe('Katarzyna');
    expect(valueOf(again.body, 'email')).toBe('katarzyna.1@example.pl');
    const back = await v.get('/process/');
    expect(valueOf(back.body, 'amount')).toBe('2000');

    const main = await v.get('/main/');
    expect(main.status).toBe(200);
    // No offers service here: no lender to deliver to, so no delivery consent (the page says the
    // application is matched only); every other purpose has its own unticked checkbox.
    for (const consent of CONSENTS.filter((c) => c.key !== 'delivery')) {
      expect(main.body).toContain(consent.text);
      expect(valueOf(main.body, `consent_${consent.key}_version`)).toBe(consent.version);
      // Every checkbox starts unticked.
      expect(tagWith(main.body, `name="consent_${consent.key}"`)).not.toContain('checked');
    }
    expect(main.body).not.toContain('name="consent_delivery"');
    expect(text(main.body)).toContain(DELIVERY_TEXTS.matchedOnly);
    // The privacy policy is information, linked; not a checkbox.
    expect(main.body).not.toContain('name="consent_privacy"');
    expect(main.body).toContain('href="/polityka-prywatnosci/"');
    const key = valueOf(main.body, 'idempotency_key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const submitted = await v.post('/main/', {
      ...personal,
      idempotency_key: key,
      csrf_token: valueOf(main.body, 'csrf_token'),
    });
    expect(submitted.status).toBe(303);
    const statusPage = new URL(String(submitted.headers['location']), ORIGIN);
    expect(statusPage.pathname).toBe('/moj-wniosek/');
    expect(statusPage.searchParams.get('t')).toMatch(/^[\w.-]{20,}$/);
    expect(
      await count(
        `id = '${draftId}' AND status IN ('received', 'matched', 'rejected') AND submitted_at IS NOT NULL`,
      ),
    ).toBe(1);
    const consents = await db.query<{ consent_key: string; granted: boolean; text_version: string }>(
      `SELECT consent_key, granted, text_version FROM leads.application_consents WHERE application_id = $1`,
      [draftId],
    );
    const given = Object.fromEntries(consents.rows.map((row) => [row.consent_key, row]));
    expect(given['terms']).toMatchObject({ granted: true, text_version: 'terms-2026-11-v1' });
    expect(given['matching']).toMatchObject({ granted: true, text_version: 'matching-2026-11-v1' });
    // Not offered (no lender named): not given.
    expect(given['delivery']?.granted).toBe(false);
    expect(given['marketingEmail']?.granted).toBe(true);
    expect(given['marketingSms']?.granted).toBe(false);

    // A double click, or the answer reloaded: the same submission, one lead.
    const twice = await v.post('/main/', {
      ...personal,
      idempotency_key: key,
      csrf_token: valueOf(main.body, 'csrf_token'),
    });
    expect(twice.status).toBe(303);
    expect(new URL(String(twice.headers['location']), ORIGIN).pathname).toBe('/moj-wniosek/');
    // The status page of the lead: the amount and period asked, matched only.
    const status = await v.get(`${statusPage.pathname}${statusPage.search}`);
    expect(status.status).toBe(200);
    expect(status.headers['cache-control']).toBe('no-store');
    expect(text(status.body)).toContain('Wnioskujesz o 2 000 zł na 90 dni');
    expect(await count(`email_index IS NOT NULL AND id = '${draftId}'`)).toBe(1);
    expect(await count(`status <> 'draft' AND id = '${draftId}'`)).toBe(1);
  });

  it('continues a draft on a second device through its resume link (cookie set, 303 to the step); a forged, unknown or submitted draft’s link answers 404', async () => {
    const first = visitor();
    const start = await first.get('/application/?amount=3000&period=60&purpose=rent');
    // No draft yet: no resume link.
    expect(start.body).not.toContain('data-resume-link');
    await first.post('/process/', {
      amount: '3000',
      period: '60',
      purpose: 'rent',
      csrf_token: valueOf(start.body, 'csrf_token'),
    });
    const draftId = first.jar.get('pp_application')!;
    const reg = await first.get('/reg/');
    expect(reg.status).toBe(200);
    expect(text(reg.body)).toContain('Dokończ wniosek na innym urządzeniu');
    const link = new URL(decode(/value="([^"]*)"/.exec(tagWith(reg.body, 'data-resume-url'))![1]!));
    expect(link.pathname).toMatch(new RegExp(`^/application/wznow/${draftId}\\.[A-Za-z0-9_-]{22}/$`));

    // Another device: no cookie of the first.
    const second = visitor();
    const opened = await second.get(link.pathname);
    expect(opened.status).toBe(303);
    expect(opened.headers['location']).toBe('/reg/');
    expect(opened.headers['cache-control']).toBe('no-store');
    const cookie = setCookies(opened).find((line) => line.startsWith('pp_application='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(second.jar.get('pp_application')).toBe(draftId);
    const there = await second.get('/reg/');
    expect(text(there.body)).toContain('Wnioskujesz o 3 000 zł na 60 dni');
    const saved = await second.post('/reg/', {
      ...contact(50),
      csrf_token: valueOf(there.body, 'csrf_token'),
    });
    expect(saved.headers['location']).toBe('/main/');
    // The step saved on the second device is there on the first, and the link now leads to /main/.
    const back = await first.get('/reg/');
    expect(valueOf(back.body, 'email')).toBe('katarzyna.50@example.pl');
    expect((await visitor().get(link.pathname)).headers['location']).toBe('/main/');

    const refused = async (path: string) => {
      const res = await visitor().get(path);
      expect(res.status).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(setCookies(res).some((line) => line.startsWith('pp_application='))).toBe(false);
    };
    const mac = link.pathname.slice(-23, -1);
    const forgedMac = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    await refused(link.pathname.replace(mac, forgedMac));
    // Signed under another secret, for an unknown draft, malformed, or without the mac.
    await refused(resumePath(csrfKey('another-secret-of-at-least-32-characters'), draftId));
    await refused(resumePath(csrfKey(CSRF_SECRET), randomUUID()));
    await refused('/application/wznow/nie-ma-takiego/');
    await refused(`/application/wznow/${draftId}/`);

    // Submitted: the link has done its job.
    const main = await first.get('/main/');
    const submitted = await first.post('/main/', {
      ...personal,
      idempotency_key: valueOf(main.body, 'idempotency_key'),
      csrf_token: valueOf(main.body, 'csrf_token'),
    });
    expect(submitted.status).toBe(303);
    await refused(link.pathname);
  });

  it('records a consent the draft had given and the last step leaves unticked as withdrawn (SubmitApplication appends the “not granted” answer)', async () => {
    const v = visitor();
    const start = await v.get('/application/');
    await v.post('/process/', {
      amount: '2000',
      period: '30',
      purpose: 'other',
      csrf_token: valueOf(start.body, 'csrf_token'),
    });
    const reg = await v.get('/reg/');
    await v.post('/reg/', { ...contact(60), csrf_token: valueOf(reg.body, 'csrf_token') });
    const draftId = v.jar.get('pp_application')!;
    // The personal step saved as a draft with the SMS marketing consent given (as another client of the service may).
    const given = (key: string) => CONSENTS.find((c) => c.key === key)!;
    await leads.client
      .submitApplication({
        ...EMPTY_REQUEST,
        draftId,
        step: leadsV1.ApplicationStep.PERSONAL_DETAILS,
        pesel: PESEL,
        idCard: 'ABA 300000',
        bankAccount: '61 1090 1014 0000 0712 1981 2874',
        incomeSource: 'employment',
        consents: [
          { type: leadsV1.ConsentType.TERMS, key: 'terms', granted: true },
          { type: leadsV1.ConsentType.MATCHING, key: 'matching', granted: true },
          { type: leadsV1.ConsentType.DELIVERY, key: 'delivery', granted: false },
          { type: leadsV1.ConsentType.CREDIT_BUREAU, key: 'creditBureau', granted: true },
          { type: leadsV1.ConsentType.MARKETING_EMAIL, key: 'marketingEmail', granted: false },
          { type: leadsV1.ConsentType.MARKETING_SMS, key: 'marketingSms', granted: true },
          { type: leadsV1.ConsentType.MARKETING_PHONE, key: 'marketingPhone', granted: false },
        ].map(({ type, key, granted }) => ({
          type,
          granted,
          textVersion: given(key).version,
          grantedAt: new Date().toISOString(),
        })),
      })
      .catch((error: { fieldViolations?: unknown }) => {
        throw new Error(`draft not saved: ${JSON.stringify(error.fieldViolations)}`);
      });
    const main = await v.get('/main/');
    // The draft's consent is shown ticked: unticking it is one click, as ticking it was.
    expect(tagWith(main.body, 'name="consent_marketingSms"')).toContain('checked');
    const fields = { ...personal };
    delete fields['consent_marketingSms'];
    const submitted = await v.post('/main/', {
      ...fields,
      idempotency_key: valueOf(main.body, 'idempotency_key'),
      csrf_token: valueOf(main.body, 'csrf_token'),
    });
    expect(submitted.status).toBe(303);
    const lead = await leads.client.getApplication({ applicationId: draftId });
    const sms = lead.consents.filter((c) => c.type === leadsV1.ConsentType.MARKETING_SMS);
    expect(sms.map((c) => c.granted)).toEqual([true, false]);
    expect(Date.parse(sms[1]!.grantedAt)).toBeGreaterThanOrEqual(Date.parse(sms[0]!.grantedAt));
    const rows = await db.query<{ granted: boolean }>(
      `SELECT granted FROM leads.application_consents WHERE application_id = $1 AND consent_key = 'marketingSms' ORDER BY answered_at, id`,
      [draftId],
    );
    expect(rows.rows.map((row) => row.granted)).toEqual([true, false]);
  });

  it('answers bad input with the Polish message next to the field, the values kept and nothing saved', async () => {
    const v = visitor();
    const start = await v.get('/application/');
    // The offers service is down here: the form states no range, and the sanity bounds still hold.
    expect(text(start.body)).toContain('Kwota pożyczki w zł ');
    expect(start.body).not.toMatch(/Kwota pożyczki w zł \(od/);
    const bad = await v.post('/process/', {
      amount: '0',
      period: '90',
      purpose: '',
      csrf_token: valueOf(start.body, 'csrf_token'),
    });
    expect(bad.status).toBe(400);
    expect(bad.headers['cache-control']).toBe('no-store');
    expect(fieldError(bad.body, 'amount')).toBe(APPLICATION_MESSAGES.amount);
    expect(fieldError(bad.body, 'purpose')).toBe(APPLICATION_MESSAGES.purpose);
    expect(fieldError(bad.body, 'period')).toBe('');
    expect(valueOf(bad.body, 'amount')).toBe('0');
    expect(text(bad.body)).toContain(APPLICATION_TEXTS.fixFields);
    expect(v.jar.has('pp_application')).toBe(false);

    const ok = await v.post('/process/', {
      amount: '1500',
      period: '60',
      purpose: 'rent',
      csrf_token: valueOf(bad.body, 'csrf_token'),
    });
    expect(ok.status).toBe(303);
    const reg = await v.get('/reg/');
    const wrong = await v.post('/reg/', {
      ...contact(2),
      email: 'kasia@@example',
      phone: '12 34',
      csrf_token: valueOf(reg.body, 'csrf_token'),
    });
    expect(wrong.status).toBe(400);
    expect(fieldError(wrong.body, 'email')).toBe('Wprowadź prawidłowy adres e-mail');
    expect(fieldError(wrong.body, 'phone')).toBe('Wprowadź prawidłowy numer telefonu');
    expect(valueOf(wrong.body, 'email')).toBe('kasia@@example');
    expect(valueOf(wrong.body, 'first_name')).toBe('Katarzyna');
    expect(await count(`id = '${v.jar.get('pp_application')}' AND step = 1`)).toBe(1);

    // The last step: a PESEL with a wrong check digit, a required consent missing.
    await v.post('/reg/', { ...contact(2), csrf_token: valueOf(wrong.body, 'csrf_token') });
    const main = await v.get('/main/');
    const withoutTerms = Object.fromEntries(
      Object.entries(personal).filter(([name]) => name !== 'consent_terms'),
    );
    const refused = await v.post('/main/', {
      ...withoutTerms,
      pesel: `${PESEL.slice(0, 10)}${(Number(PESEL[10]) + 1) % 10}`,
      csrf_token: valueOf(main.body, 'csrf_token'),
      idempotency_key: valueOf(main.body, 'idempotency_key'),
    });
    expect(refused.status).toBe(400);
    expect(fieldError(refused.body, 'pesel')).toBe(APPLICATION_MESSAGES.pesel);
    expect(fieldError(refused.body, 'consent_terms')).toBe(APPLICATION_MESSAGES.consentRequired);
    expect(valueOf(refused.body, 'bank_account')).toBe(personal.bank_account);
    expect(tagWith(refused.body, 'name="consent_matching"')).toContain('checked');
    expect(await count(`id = '${v.jar.get('pp_application')}' AND status = 'draft'`)).toBe(1);
  });

  it('answers the client router’s payload of a step personally too (no-store, a token), and /transition/ takes no post', async () => {
    const v = visitor();
    const res = await v.get(`/application/_payload.json?v=${TEST_BUILD_ID}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const payload = JSON.parse(res.body) as {
      page: string;
      data: { step: string; csrfToken: string; action: string };
    };
    expect(payload.page).toBe('application');
    expect(payload.data).toMatchObject({ step: 'loan', action: '/process/' });
    expect(payload.data.csrfToken.length).toBeGreaterThan(20);
    expect(v.jar.get('pp_form')).toMatch(/^[0-9a-f-]{36}$/);
    // Without a draft a later step's payload leads to the start's.
    const later = await v.get(`/main/_payload.json?v=${TEST_BUILD_ID}`);
    expect(later.status).toBe(303);
    expect(later.headers['location']).toBe(`/application/_payload.json?v=${TEST_BUILD_ID}`);
    expect((await v.post('/transition/', {})).status).toBe(405);
  });

  it('/lp/ without the offers and content services: no range, example or ratings it cannot source, only the way to the application', async () => {
    const res = await rawRequest(gateway.port, { path: '/lp/' });
    expect(res.status).toBe(200);
    const page = text(res.body);
    expect(page).toContain(CALCULATOR_TEXTS.noRange);
    expect(res.body).not.toContain('data-slider=');
    // No amount in the page's own content (the footer's operator facts state the share capital).
    const main = /<main[\s\S]*<\/main>/.exec(res.body)?.[0] ?? '';
    expect(main).toContain(CALCULATOR_TEXTS.noRange.slice(0, 20));
    expect(main).not.toMatch(/\d[\d\s\u00a0]*\u00a0zł/);
    expect(page).toContain(LOAN_EXAMPLE_TEXTS.unavailable);
    expect(res.body).not.toContain('data-lender-ratings');
    expect(res.body).toContain('class="button button--large calculator__cta" href="/application/"');
    expect(page).toContain(FRAUD_WARNING.journey.slice(0, 40));
    expect(page).toContain('Nigdy nie prosimy o hasła do bankowości');
    expect(page).toContain('Wypełnij wniosek');
    expect(res.body).not.toContain('/lp/opinia-');
  });

  it('opens a later step only after the earlier ones: without a draft, back to the start', async () => {
    const v = visitor();
    for (const path of ['/reg/', '/reg2/', '/main/', '/transition/']) {
      const res = await v.get(path);
      expect(res.status).toBe(303);
      expect(res.headers['location']).toBe('/application/');
    }
  });

  it('answers a post without a token, with a forged one, another cookie’s, or from another site with the 403 page, saving nothing', async () => {
    const before = await count();
    const v = visitor();
    const start = await v.get('/application/');
    const token = valueOf(start.body, 'csrf_token');
    const fields = { amount: '2000', period: '90', purpose: 'other' };
    const forged = `${token.slice(0, -4)}AAAA`;
    for (const [sent, headers] of [
      [fields, {}],
      [{ ...fields, csrf_token: forged }, {}],
      [{ ...fields, csrf_token: token }, { origin: 'https://evil.example' }],
      [{ ...fields, csrf_token: token }, { cookie: 'pp_form=0f0e0d0c-0b0a-4909-8807-060504030201' }],
    ] as const) {
      const res = await v.post('/process/', sent, headers);
      expect(res.status).toBe(403);
      expect(text(res.body)).toContain('Nie przyjęliśmy formularza');
    }
    expect(await count()).toBe(before);
    expect(cookiePair(await v.post('/process/', { ...fields, csrf_token: token }), 'pp_application')).toMatch(
      /^pp_application=/,
    );
  });

  it('makes one lead of two submissions sent at once (a double click), both answered with its status page', async () => {
    const v = visitor();
    const start = await v.get('/application/');
    await v.post('/process/', {
      amount: '4000',
      period: '180',
      purpose: 'debt_consolidation',
      csrf_token: valueOf(start.body, 'csrf_token'),
    });
    const reg = await v.get('/reg/');
    await v.post('/reg/', { ...contact(3), csrf_token: valueOf(reg.body, 'csrf_token') });
    const main = await v.get('/main/');
    const fields = {
      ...personal,
      idempotency_key: valueOf(main.body, 'idempotency_key'),
      csrf_token: valueOf(main.body, 'csrf_token'),
    };
    const answers = await Promise.all([v.post('/main/', fields), v.post('/main/', fields)]);
    for (const answer of answers) {
      expect(answer.status).toBe(303);
      expect(new URL(String(answer.headers['location']), ORIGIN).pathname).toBe('/moj-wniosek/');
    }
    expect(await count(`id = '${v.jar.get('pp_application')}' AND status <> 'draft'`)).toBe(1);
    expect(await count(`amount_grosze = 400000`)).toBe(1);
  });

  it('limits the journey’s posts per address (429, the form again with the values)', async () => {
    const limited = await startTestGateway({
      targets: { leads: leads.target },
      env: {
        PAGE_CACHE: 'false',
        TRUST_PROXY: 'loopback',
        GRPC_DEADLINE_MS: '5000',
        APPLICATION_RATE_LIMIT: '2',
      },
    });
    try {
      const v = visitor(() => limited.port);
      const start = await v.get('/application/');
      const fields = {
        amount: '700',
        period: '30',
        purpose: 'rent',
        csrf_token: valueOf(start.body, 'csrf_token'),
      };
      expect((await v.post('/process/', fields)).status).toBe(303);
      expect((await v.post('/process/', { ...fields, amount: '800' })).status).toBe(303);
      // The step sent again unchanged stores nothing new: it shares the place it had.
      expect((await v.post('/process/', { ...fields, amount: '800' })).status).toBe(303);
      const refused = await v.post('/process/', { ...fields, amount: '900' });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(text(refused.body)).toContain(APPLICATION_TEXTS.rateLimited);
      expect(valueOf(refused.body, 'amount')).toBe('900');
    } finally {
      await limited.stop();
    }
  });

  it('keeps the values and says to send again when the leads service is down', async () => {
    const down = await startTestGateway({
      targets: { leads: await deadTarget() },
      env: { PAGE_CACHE: 'false', GRPC_DEADLINE_MS: '500' },
    });
    try {
      const v = visitor(() => down.port);
      const start = await v.get('/application/?amount=3000&period=120&purpose=car_repair');
      expect(start.status).toBe(200);
      const res = await v.post('/process/', {
        amount: '3000',
        period: '120',
        purpose: 'car_repair',
        csrf_token: valueOf(start.body, 'csrf_token'),
      });
      expect(res.status).toBe(503);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(text(res.body)).toContain(APPLICATION_TEXTS.unavailable);
      expect(valueOf(res.body, 'amount')).toBe('3000');
      expect(selectedOf(res.body, 'purpose')).toBe('car_repair');
      expect(v.jar.has('pp_application')).toBe(false);
    } finally {
      await down.stop();
    }
  });
});
