import { commonV1, createServiceClient, leadsV1 } from '@lib/contracts';
import { warsawDay } from '@lib/pl-calendar';
import { LEAD_STATUS_VERSION, lenderDirectoryFileSchema, signBody } from '@lib/partner-delivery';
import { CONSENTS, ageOn, parsePesel, peselCheckDigit } from '@lib/pl-validation';
import {
  type PartnerSandbox,
  SANDBOX_LENDER_FILE,
  freePort,
  provideTestDatabase,
  startPartnerSandbox,
  type TestDatabase,
  until,
} from '@lib/testing';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DELIVERY_TEXTS, IDENTITY_REASONS } from '../src/features/application/application-texts';
import { STATUS_TEXTS } from '../src/features/application-status/application-status-texts';
import { type LeadsProcess, startLeadsProcess } from './support/leads-process';
import { type RawResponse, rawRequest, setCookies } from './support/raw-http';
import { ChildRun } from './support/stack';
import { type TestGateway, startTestGateway } from './support/test-gateway';

/*
 * Step 3, the status page, the lead feed and the lenders' status callback through the gateway
 * against the REAL services: offers and leads from their builds (each on a fresh database), the
 * partner sandbox playing the lenders, leads delivering to it with the lender file's secrets. The
 * lender file is the sandbox file's own entries, narrowed to four lenders (kuki, netcredit, wandoo,
 * vivus) so that amounts tell the field selection apart. An application goes only to lenders whose
 * offer in the shipped feed (apps/offers/feeds/pl_feed.json) lends its amount for its period: vivus
 * (100–3 000 zł) and kuki (100–5 000 zł) lend for 61 days only, wandoo (100–5 000 zł) for 61–90
 * days, netcredit (500–10 000 zł) for 30–730 days. For 61 days 2 000 zł reaches all four (vivus
 * needs PESEL, ID card and account), 4 000 zł kuki, netcredit and wandoo (PESEL for netcredit);
 * for 61 or 90 days 8 000 zł reaches netcredit alone, 12 000 zł none of them.
 */

const workspaceRoot = path.resolve(__dirname, '../../..');
const OFFERS_SCRIPT = path.join(workspaceRoot, 'dist', 'apps', 'offers', 'src', 'main.js');
const SANDBOX_SCRIPT = path.join(workspaceRoot, 'dist', 'apps', 'partner-sandbox', 'src', 'main.js');
const LEADS_SCRIPT = path.join(workspaceRoot, 'dist', 'apps', 'leads', 'src', 'main.js');
const describeBuilt = [OFFERS_SCRIPT, SANDBOX_SCRIPT, LEADS_SCRIPT].every(existsSync)
  ? describe
  : describe.skip;

const ORIGIN = 'http://localhost:3000';
const LENDERS = ['kuki', 'netcredit', 'wandoo', 'vivus'];
/** 61 days: the one period kuki and vivus lend for, and within wandoo's and netcredit's. */
const ALL_FOUR_DAYS = 61;
/** The sliders' default period: wandoo and netcredit lend for it, kuki and vivus do not. */
const DEFAULT_DAYS = 90;
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
const lendersNamed = (html: string) =>
  [...html.matchAll(/<li data-lender="">([^<]+)<\/li>/g)].map((m) => m[1]);

/** Every consent's text version; the required ones ticked (and the delivery consent when asked). */
const consentFields = (delivery: boolean): Record<string, string> =>
  Object.fromEntries(
    CONSENTS.flatMap((c): [string, string][] => [
      [`consent_${c.key}_version`, c.version],
      ...(c.required || (delivery && c.key === 'delivery')
        ? ([[`consent_${c.key}`, 'on']] as [string, string][])
        : []),
    ]),
  );

describeBuilt('step 3, the status page and the lenders’ callback against the real leads and offers', () => {
  let folder: string;
  let offersDb: TestDatabase;
  let offers: ChildRun;
  let offersTarget: string;
  let sandbox: PartnerSandbox;
  let leads: LeadsProcess;
  let gateway: TestGateway;
  /** The secret of each lender by slug, as the sandbox signs with it. */
  let secretOf: (slug: string) => string;
  let clientNo = 0;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'gateway-delivery-'));
    const file = lenderDirectoryFileSchema.parse(JSON.parse(readFileSync(SANDBOX_LENDER_FILE, 'utf8')));
    const lenderFile = path.join(folder, 'lender-delivery.sandbox.json');
    writeFileSync(
      lenderFile,
      JSON.stringify({ ...file, lenders: file.lenders.filter((l) => LENDERS.includes(l.slug)) }, null, 2),
    );
    secretOf = (slug) => sandbox.secrets[file.lenders.find((l) => l.slug === slug)!.secretEnv]!;

    offersDb = await provideTestDatabase();
    const [grpcPort, opsPort] = [await freePort(), await freePort()];
    offers = new ChildRun('offers', OFFERS_SCRIPT, {
      NODE_ENV: 'production',
      // A test's offers service is not public: it may serve the bundled sample feeds (as in stack.ts).
      OFFERS_ALLOW_SAMPLE_FEEDS: 'true',
      DATABASE_URL: offersDb.url,
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: String(grpcPort),
      OPS_PORT: String(opsPort),
      LOG_LEVEL: 'warn',
    });
    offersTarget = `127.0.0.1:${grpcPort}`;
    // The lenders that decide later hold their answer past this file's run: the test answers for them.
    [sandbox] = await Promise.all([
      startPartnerSandbox({
        callbackUrl: `http://127.0.0.1:${await freePort()}/api/partner/lead-status`,
        laterMs: 120_000,
      }),
      offers.waitUntilReady(`http://127.0.0.1:${opsPort}/readyz`),
    ]);
    leads = await startLeadsProcess({
      offersAddr: offersTarget,
      env: {
        // A sandbox lender file is refused in production.
        NODE_ENV: 'test',
        LENDER_DELIVERY_FILE: lenderFile,
        ...sandbox.env,
        LEADS_PEER_DEADLINE_MS: '3000',
        LEADS_DISPATCH_INTERVAL_MS: '200',
      },
    });
    gateway = await startTestGateway({
      targets: { leads: leads.target, offers: offersTarget },
      env: { PAGE_CACHE: 'false', TRUST_PROXY: 'loopback', GRPC_DEADLINE_MS: '5000' },
    });
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
    await leads?.stop();
    await sandbox?.stop();
    await offers?.stop();
    await offersDb?.drop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  beforeEach(() => {
    clientNo += 1;
  });

  function visitor() {
    const ip = `192.0.2.${clientNo}`;
    const jar = new Map<string, string>();
    const keep = (res: RawResponse) => {
      for (const line of setCookies(res)) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return res;
    };
    const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const get = async (p: string) =>
      keep(await rawRequest(gateway.port, { path: p, headers: { cookie: cookie(), 'x-forwarded-for': ip } }));
    const post = async (p: string, fields: Record<string, string>) =>
      keep(
        await rawRequest(gateway.port, {
          method: 'POST',
          path: p,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin: ORIGIN,
            cookie: cookie(),
            'x-forwarded-for': ip,
          },
          body: new URLSearchParams(fields).toString(),
        }),
      );
    /** The loan request and the contact details saved: step 3 as drawn for this amount and period. */
    const upToStep3 = async (amount: number, periodDays: number) => {
      const start = await get(`/application/?amount=${amount}&period=${periodDays}&purpose=other`);
      expect(
        (
          await post('/process/', {
            amount: String(amount),
            period: String(periodDays),
            purpose: 'other',
            csrf_token: valueOf(start.body, 'csrf_token'),
          })
        ).status,
      ).toBe(303);
      const reg = await get('/reg/');
      const saved = await post('/reg/', {
        first_name: 'Anna',
        last_name: 'Zielińska',
        email: `anna.${clientNo}.${randomUUID().slice(0, 8)}@example.pl`,
        phone: '600 100 200',
        csrf_token: valueOf(reg.body, 'csrf_token'),
      });
      expect(saved.headers['location']).toBe('/main/');
      const main = await get('/main/');
      expect(main.status).toBe(200);
      return main;
    };
    /** Step 3 sent: the answer (303 to the status page). */
    const submit = async (main: RawResponse, fields: Record<string, string>) =>
      post('/main/', {
        income_source: 'employment',
        ...fields,
        idempotency_key: valueOf(main.body, 'idempotency_key'),
        csrf_token: valueOf(main.body, 'csrf_token'),
      });
    return { get, post, upToStep3, submit, jar };
  }

  const statusToken = (location: string | string[] | undefined) => {
    const href = new URL(String(location), 'http://x');
    expect(href.pathname).toBe('/moj-wniosek/');
    return href.searchParams.get('t')!;
  };
  const callback = (body: string, headers: Record<string, string>) =>
    rawRequest(gateway.port, {
      method: 'POST',
      path: '/api/partner/lead-status',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  const decision = (deliveryId: string, decided: 'accepted' | 'rejected') =>
    JSON.stringify({
      version: LEAD_STATUS_VERSION,
      deliveryId,
      decision: decided,
      decidedAt: new Date().toISOString(),
    });
  const signed = (slug: string, body: string) => ({
    'x-signature': signBody(secretOf(slug), body, Date.now() / 1000),
  });

  it('step 3 asks what the lenders an amount reaches need, and names them for the delivery consent', async () => {
    // 61 days, so that kuki and vivus (61 days only) are among the lenders the amounts reach.
    const all = await visitor().upToStep3(2_000, ALL_FOUR_DAYS);
    for (const name of ['pesel', 'id_card', 'bank_account']) expect(hasField(all.body, name)).toBe(true);
    expect(lendersNamed(all.body).sort()).toEqual(['Kuki', 'NetCredit', 'Vivus', 'Wandoo']);
    expect(text(all.body)).toContain(IDENTITY_REASONS.listed.idCard);

    const peselOnly = await visitor().upToStep3(4_000, ALL_FOUR_DAYS);
    expect(hasField(peselOnly.body, 'pesel')).toBe(true);
    expect(hasField(peselOnly.body, 'id_card')).toBe(false);
    expect(hasField(peselOnly.body, 'bank_account')).toBe(false);
    expect(hasField(peselOnly.body, 'income_source')).toBe(true);
    expect(text(peselOnly.body)).toContain(IDENTITY_REASONS.listed.pesel);
    expect(lendersNamed(peselOnly.body).sort()).toEqual(['Kuki', 'NetCredit', 'Wandoo']);
    expect(hasField(peselOnly.body, 'consent_delivery')).toBe(true);
    expect(peselOnly.body).toContain('href="/polityka-prywatnosci/"');

    const none = await visitor().upToStep3(12_000, ALL_FOUR_DAYS);
    for (const name of ['pesel', 'id_card', 'bank_account', 'consent_delivery'])
      expect(hasField(none.body, name)).toBe(false);
    expect(text(none.body)).toContain(DELIVERY_TEXTS.matchedOnly);
  });

  it('delivers to the named lenders and shows each one’s state on the status page; the lender’s callback through the gateway moves it', async () => {
    const v = visitor();
    // 61 days, the one period kuki (which decides at once) lends for: kuki, netcredit and wandoo.
    const main = await v.upToStep3(4_000, ALL_FOUR_DAYS);
    const answer = await v.submit(main, { pesel: PESEL, ...consentFields(true) });
    expect(answer.status).toBe(303);
    const token = statusToken(answer.headers['location']);
    // Sent again (a double click, the answer reloaded): the same lead, its status page again, though
    // the draft is no draft any more (its preview is refused) and only the PESEL was asked.
    const again = await v.submit(main, { pesel: PESEL, ...consentFields(true) });
    expect(again.status).toBe(303);
    const repeated = await leads.client.getApplicationStatus({
      statusToken: statusToken(again.headers['location']),
    });
    expect(repeated.applicationId).toBe(
      (await leads.client.getApplicationStatus({ statusToken: token })).applicationId,
    );

    const page = async () =>
      rawRequest(gateway.port, { path: `/moj-wniosek/?t=${encodeURIComponent(token)}` });
    const first = await page();
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(text(first.body)).toContain('Twój wniosek przekazaliśmy do 3 pożyczkodawców');
    expect(text(first.body)).toMatch(/Wnioskujesz o 4\s000\szł na 61 dni\./);
    expect(first.body).toContain(`data-refresh-status="">${STATUS_TEXTS.refresh}</a>`);
    // The offers of the application's own amount and period.
    expect(first.body).toMatch(/data-offer-id="\d+"/);

    // Kuki decides at once; netcredit and wandoo take it and answer later.
    await until(async () => {
      const shown = text((await page()).body);
      return (
        shown.includes('Kuki przyjęty do rozpatrzenia') &&
        shown.includes('NetCredit przekazany') &&
        shown.includes('Wandoo przekazany')
      );
    });
    expect(text((await page()).body)).toMatch(
      /Kuki przyjęty do rozpatrzenia zmiana: \d{1,2} \S+ \d{4} r\., godz\. \d{2}:\d{2}/,
    );

    // Netcredit's decision, signed with its secret, through the gateway to leads.
    const view = await leads.client.getApplicationStatus({ statusToken: token });
    const netcredit = view.deliveries.find((d) => d.lenderSlug === 'netcredit')!;
    const accepted = decision(netcredit.deliveryId, 'accepted');
    const recorded = await callback(accepted, signed('netcredit', accepted));
    expect(recorded.status).toBe(200);
    expect(JSON.parse(recorded.body)).toEqual({
      deliveryId: netcredit.deliveryId,
      state: 'ACCEPTED',
      changed: true,
    });
    expect(setCookies(recorded)).toEqual([]);
    const repeat = await callback(accepted, signed('netcredit', accepted));
    expect(JSON.parse(repeat.body)).toEqual({
      deliveryId: netcredit.deliveryId,
      state: 'ACCEPTED',
      changed: false,
    });
    expect(text((await page()).body)).toContain('NetCredit przyjęty do rozpatrzenia');

    // The refusals, mapped: a changed decision 409, another lender's signature 401, an unknown
    // delivery 404, a body that is no status message 400, another content type 415.
    const changed = decision(netcredit.deliveryId, 'rejected');
    expect((await callback(changed, signed('netcredit', changed))).status).toBe(409);
    const wandoo = view.deliveries.find((d) => d.lenderSlug === 'wandoo')!;
    const forWandoo = decision(wandoo.deliveryId, 'accepted');
    expect((await callback(forWandoo, signed('netcredit', forWandoo))).status).toBe(401);
    expect((await callback(forWandoo, { 'x-signature': 't=1,v1=00' })).status).toBe(401);
    const unknown = decision(randomUUID(), 'accepted');
    expect((await callback(unknown, signed('netcredit', unknown))).status).toBe(404);
    const bad = JSON.stringify({ deliveryId: wandoo.deliveryId, decision: 'maybe' });
    const refused = await callback(bad, signed('wandoo', bad));
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { status: 400 } });
    expect(
      (await callback(forWandoo, { ...signed('wandoo', forWandoo), 'content-type': 'text/plain' })).status,
    ).toBe(415);
    // Nothing of these changed wandoo.
    expect(text((await page()).body)).toContain('Wandoo przekazany');

    // The lead feed names the offers the offers service matched for this application id.
    const feed = await rawRequest(gateway.port, {
      path: `/api/lead-feed?lead_id=${view.applicationId}&page=all&direction=swap&pf=1`,
    });
    expect(feed.status).toBe(200);
    const ids = JSON.parse(feed.body) as number[];
    expect(ids.length).toBeGreaterThan(0);
    const offersClient = createServiceClient('offers', { target: offersTarget, deadlineMs: 5_000 });
    try {
      const direct = await offersClient.getLeadFeed({
        leadId: view.applicationId,
        page: 'all',
        direction: 'swap',
        pf: 1,
        country: 'PL',
      });
      expect(ids).toEqual(direct.offerIds);
    } finally {
      offersClient.close();
    }
  });

  it('sends an application every lender rejected to the rejected landing', async () => {
    const v = visitor();
    // The default 90 days: 8 000 zł is over wandoo's limit there too, so netcredit alone (it decides later).
    const main = await v.upToStep3(8_000, DEFAULT_DAYS);
    expect(lendersNamed(main.body)).toEqual(['NetCredit']);
    const token = statusToken(
      (await v.submit(main, { pesel: PESEL, ...consentFields(true) })).headers['location'],
    );
    const view = await leads.client.getApplicationStatus({ statusToken: token });
    expect(view.deliveries.map((d) => d.lenderSlug)).toEqual(['netcredit']);
    await until(async () =>
      (await leads.client.getApplicationStatus({ statusToken: token })).deliveries.every(
        (d) => d.state === leadsV1.DeliveryState.SENT,
      ),
    );
    const rejected = decision(view.deliveries[0]!.deliveryId, 'rejected');
    expect((await callback(rejected, signed('netcredit', rejected))).status).toBe(200);
    const res = await rawRequest(gateway.port, { path: `/moj-wniosek/?t=${encodeURIComponent(token)}` });
    expect(res.status).toBe(303);
    expect(res.headers['location']).toBe('/landing/rejected/');
  });

  it('the lead feed answers the offers matched for the submitted application, its applicant’s age included', async () => {
    // Born 31 December 2006: 18 on the test gateway's day (2025-01-20), under 20 for leads until
    // 2027, so the offers for 20-year-olds and older (netcredit's among them) are not this lead's.
    const young = (() => {
      const first = '0632311234';
      return `${first}${peselCheckDigit(first)}`;
    })();
    const v = visitor();
    // The default 90 days: the application and the direct MatchOffers below ask for the same period.
    const main = await v.upToStep3(4_000, DEFAULT_DAYS);
    const answer = await v.submit(main, { pesel: young, ...consentFields(true) });
    const token = statusToken(answer.headers['location']);
    const view = await leads.client.getApplicationStatus({ statusToken: token });
    const age = ageOn(parsePesel(young)!.birthDate, warsawDay(new Date()));
    const client = createServiceClient('offers', { target: offersTarget, deadlineMs: 5_000 });
    let matched: number[];
    try {
      const answered = await client.matchOffers({
        amountGrosze: 400_000,
        periodDays: DEFAULT_DAYS,
        purpose: commonV1.LoanPurpose.OTHER,
        applicationId: '',
        country: 'PL',
        limit: 100,
        age,
        pagePath: '',
        productTypes: [],
        firstLoanFreeOnly: false,
        ageFrom: 0,
        ageTo: 0,
        business: false,
        withoutCreditCheck: false,
      });
      matched = answered.offers.map((item) => item.offer!.offerId);
    } finally {
      client.close();
    }
    const feed = await rawRequest(gateway.port, {
      path: `/api/lead-feed?lead_id=${view.applicationId}&page=all&direction=swap&pf=1`,
    });
    expect(feed.status).toBe(200);
    expect(JSON.parse(feed.body)).toEqual(matched);
  });

  it('says “matched only” when the delivery consent was not given, and refuses a changed token with the 404 page', async () => {
    const v = visitor();
    // The default 90 days: the delivery consent is not given, so no lender is sent it.
    const main = await v.upToStep3(4_000, DEFAULT_DAYS);
    const token = statusToken(
      (await v.submit(main, { pesel: PESEL, ...consentFields(false) })).headers['location'],
    );
    const res = await rawRequest(gateway.port, { path: `/moj-wniosek/?t=${encodeURIComponent(token)}` });
    expect(res.status).toBe(200);
    const shown = text(res.body);
    expect(shown).toContain(STATUS_TEXTS.matchedOnlyHeading);
    expect(shown).toContain(STATUS_TEXTS.declined);
    expect(res.body).not.toContain('data-deliveries');

    const forged = `${token.slice(0, -2)}${token.endsWith('A') ? 'BB' : 'AA'}`;
    const invalid = await rawRequest(gateway.port, { path: `/moj-wniosek/?t=${encodeURIComponent(forged)}` });
    expect(invalid.status).toBe(404);
    expect(invalid.headers['cache-control']).toBe('no-store');
    expect(text(invalid.body)).toContain(STATUS_TEXTS.invalidHeading);
    expect(invalid.body).toContain('href="/unsubscribe/"');
  });
});
