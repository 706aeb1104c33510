import { commonV1, leadsV1 } from '@lib/contracts';
import { lenderDirectoryFileSchema } from '@lib/partner-delivery';
import { CONSENTS } from '@lib/pl-validation';
import { type MailCatcher, startMailCatcher } from '@lib/test-support';
import {
  describeWithRedis,
  freePort,
  provideTestRedis,
  SANDBOX_LENDER_FILE,
  type TestRedis,
} from '@lib/testing';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { LEAD_FEED_MESSAGES } from '../src/features/offers/lead-feed';
import { isRule, redisRuleOf, REDIS_RULES, TABLE_RULES, type Trace } from './support/erasure-reach';
import { type RawResponse, rawRequest } from './support/raw-http';
import { selfServiceLinkIn } from './support/self-service';
import { eventually, startStack, type Stack, type StackService } from './support/stack';

/*
 * A verified erasure reaches every copy of the person's data, on the real thing: every service and
 * the gateway as processes from their builds, each service on its own PostgreSQL database, one
 * Redis, mail caught by MailDev. The person applies (matched by the offers service, queued for the
 * sandbox's lenders, who are not reachable), leaves a draft, a contact message, a partner enquiry
 * and a published comment; then erases through the site's self-service (the link mailed to them)
 * while the offers service is away. The leads job finishes once it is back. Then every table of
 * every service and every Redis key is searched for what the person left, against the rules of
 * support/erasure-reach.ts.
 */

const ARTICLE = '/placa-minimalna/';
const SERVICES: readonly StackService[] = ['leads', 'offers', 'content', 'rates', 'events'];
/** The gateway's page data lives this long here, so the refresh after the erasure comes soon. */
const PAGE_CACHE_TTL_MS = 1_000;

const TYPES: Record<string, leadsV1.ConsentType> = {
  terms: leadsV1.ConsentType.TERMS,
  matching: leadsV1.ConsentType.MATCHING,
  delivery: leadsV1.ConsentType.DELIVERY,
  creditBureau: leadsV1.ConsentType.CREDIT_BUREAU,
  marketingEmail: leadsV1.ConsentType.MARKETING_EMAIL,
  marketingSms: leadsV1.ConsentType.MARKETING_SMS,
  marketingPhone: leadsV1.ConsentType.MARKETING_PHONE,
};

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A person of this run only: a surname no other data has, an e-mail and a mobile number. */
const person = {
  firstName: 'Ewa',
  lastName: `Zapomnij${letters(8)}`,
  email: `ewa.${randomUUID().slice(0, 8)}@example.pl`,
  phone: `+48 60${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
  pesel: '90051401233',
  idCard: 'ABA300000',
  bankAccount: '61109010140000071219812874',
};
const e164 = person.phone.replace(/ /g, '');

/** Every consent the form asks, the delivery one given: the application goes to lenders. */
const consents = (): leadsV1.Consent[] =>
  CONSENTS.map((c) => ({
    type: TYPES[c.key]!,
    granted: c.required || c.key === 'delivery' || c.key === 'marketingEmail',
    textVersion: c.version,
    grantedAt: '',
  }));

const application = (step: leadsV1.ApplicationStep): leadsV1.SubmitApplicationRequest => ({
  // 2 000 zł for 61 days: the sandbox's lenders lend it (apps/offers/feeds/pl_feed.json).
  amountGrosze: 200_000,
  periodDays: 61,
  purpose: commonV1.LoanPurpose.MEDICAL,
  name: '',
  email: person.email,
  phone: person.phone,
  consents: consents(),
  attribution: null,
  formVersion: 2,
  firstName: person.firstName,
  lastName: person.lastName,
  pesel: person.pesel,
  idCard: person.idCard,
  bankAccount: person.bankAccount,
  incomeSource: 'employment',
  draftId: '',
  step,
});

/** The sandbox lender file's lenders at a port where nothing listens: deliveries stay queued. */
async function unreachableLenders(): Promise<Record<string, string>> {
  const file = lenderDirectoryFileSchema.parse(JSON.parse(readFileSync(SANDBOX_LENDER_FILE, 'utf8')));
  return {
    PARTNER_SANDBOX_URL: `http://127.0.0.1:${await freePort()}`,
    ...Object.fromEntries(file.lenders.map((lender) => [lender.secretEnv, 'u'.repeat(64)])),
  };
}

const decode = (value: string) => value.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
const valueOf = (html: string, name: string) =>
  decode(new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '');
const cookiePair = (res: RawResponse, name: string) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${name}=`));

describeWithRedis('a verified erasure reaches every copy of the person (real stack)', () => {
  let redis: TestRedis;
  let mail: MailCatcher;
  let stack: Stack;
  const db = {} as Record<StackService, Client>;

  beforeAll(async () => {
    redis = await provideTestRedis();
    mail = await startMailCatcher();
    stack = await startStack({
      redis,
      leads: true,
      events: true,
      gatewayEnv: { PAGE_CACHE_TTL_MS: String(PAGE_CACHE_TTL_MS) },
      leadsEnv: {
        // A sandbox lender file is refused in production.
        NODE_ENV: 'test',
        LENDER_DELIVERY_FILE: SANDBOX_LENDER_FILE,
        ...(await unreachableLenders()),
        SMTP_URL: mail.smtpUrl,
        LEADS_DISPATCH_INTERVAL_MS: '200',
        // The erasure job comes round soon after the offers service is back.
        LEADS_JOB_INTERVAL_MS: '500',
      },
    });
    for (const name of SERVICES) {
      db[name] = new Client({ connectionString: stack.databaseUrls[name] });
      await db[name].connect();
    }
  }, 240_000);

  afterAll(async () => {
    for (const client of Object.values(db)) await client.end();
    await stack?.stop();
    await mail?.stop();
    await redis?.close();
  });

  /** Every table of every service's database, as `<schema>.<table>` (partitions are their parent's rows). */
  async function tables(): Promise<{ service: StackService; table: string }[]> {
    const found: { service: StackService; table: string }[] = [];
    for (const service of SERVICES) {
      const { rows } = await db[service].query<{ name: string }>(
        `SELECT n.nspname || '.' || c.relname AS name
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
            AND n.nspname NOT IN ('pg_catalog', 'information_schema')
            AND n.nspname NOT LIKE 'pg\\_%'
          ORDER BY 1`,
      );
      found.push(...rows.map((row) => ({ service, table: row.name })));
    }
    return found;
  }

  /** Every key of the stack's Redis database with its value as text. */
  async function redisEntries(): Promise<{ key: string; text: string }[]> {
    const entries: { key: string; text: string }[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await stack.redis.scan(cursor, 'COUNT', 500);
      cursor = next;
      for (const key of keys) {
        const type = await stack.redis.type(key);
        const value =
          type === 'string'
            ? await stack.redis.get(key)
            : type === 'hash'
              ? await stack.redis.hgetall(key)
              : type === 'set'
                ? await stack.redis.smembers(key)
                : type === 'zset'
                  ? await stack.redis.zrange(key, 0, -1, 'WITHSCORES')
                  : type === 'list'
                    ? await stack.redis.lrange(key, 0, -1)
                    : null;
        entries.push({ key, text: `${key} ${JSON.stringify(value)}` });
      }
    } while (cursor !== '0');
    return entries;
  }

  /** The person's traces, lower case, as the tables and keys are searched for them. */
  type Traces = Record<Trace, string[]>;

  /** Where each trace is found: `<place> <trace>` for every table or key holding one it may not keep. */
  async function leftovers(traces: Traces): Promise<string[]> {
    const values = Object.entries(traces).flatMap(([trace, list]) =>
      list.map((value) => ({ trace: trace as Trace, value: value.toLowerCase() })),
    );
    const found: string[] = [];
    for (const { service, table } of await tables()) {
      const [schema, name] = table.split('.') as [string, string];
      const { rows } = await db[service].query<{ value: string }>(
        `SELECT DISTINCT v AS value FROM "${schema}"."${name}" t, unnest($1::text[]) v
          WHERE strpos(lower(t::text), v) > 0`,
        [values.map((v) => v.value)],
      );
      const keeps = TABLE_RULES[table]?.keeps ?? [];
      for (const { trace, value } of values)
        if (rows.some((row) => row.value === value) && !keeps.includes(trace))
          found.push(`${table} ${trace}`);
    }
    for (const { key, text } of await redisEntries()) {
      const keeps = redisRuleOf(key)?.[1].keeps ?? [];
      const family = redisRuleOf(key)?.[0] ?? key;
      for (const { trace, value } of values)
        if (text.toLowerCase().includes(value) && !keeps.includes(trace))
          found.push(`redis ${family} ${trace}`);
    }
    return [...new Set(found)].sort();
  }

  const get = (path: string, cookie = '') => rawRequest(stack.port, { path, headers: { cookie } });
  const post = (path: string, fields: Record<string, string>, cookie: string) =>
    rawRequest(stack.port, {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: stack.url, cookie },
      body: new URLSearchParams(fields).toString(),
    });
  const leadFeed = async (leadId: string) => {
    const res = await get(`/api/lead-feed?lead_id=${leadId}&page=all&direction=swap&pf=1`);
    expect(res.status).toBe(200);
    return JSON.parse(res.body) as number[] | null;
  };

  it('has an erasure rule for every table of every service and every family of Redis keys, and no rule for what is not there', async () => {
    const listed = (await tables()).map((t) => t.table);
    expect([...listed].sort()).toEqual(Object.keys(TABLE_RULES).sort());
    for (const [place, rule] of [...Object.entries(TABLE_RULES), ...Object.entries(REDIS_RULES)])
      expect({ place, rule: rule.rule, valid: isRule(rule) }).toEqual({
        place,
        rule: rule.rule,
        valid: true,
      });
    // The services are up and have written to Redis: every key belongs to a family with a rule.
    await get(ARTICLE);
    const keys = (await redisEntries()).map((entry) => entry.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => redisRuleOf(key) === undefined)).toEqual([]);
  });

  it("erases the person everywhere: the leads tables, the offers service's lead feed, the comments, the caches", async () => {
    const leads = stack.leads!;
    // What the person leaves with us.
    const lead = await leads.submitApplication(application(leadsV1.ApplicationStep.UNSPECIFIED));
    expect(lead.status).toBe(leadsV1.ApplicationStatus.MATCHED);
    expect(lead.deliveries).toBeGreaterThan(0);
    const draft = await leads.submitApplication(application(leadsV1.ApplicationStep.CONTACT_DETAILS));
    expect(draft.status).toBe(leadsV1.ApplicationStatus.DRAFT);
    await leads.submitContactMessage({
      name: `${person.firstName} ${person.lastName}`,
      email: person.email,
      phone: person.phone,
      message: `Proszę o kontakt, ${person.lastName}.`,
    });
    await leads.submitPartnerEnquiry({
      company: `Firma ${person.lastName}`,
      name: `${person.firstName} ${person.lastName}`,
      email: person.email,
      phone: person.phone,
      website: '',
      message: 'Zapytanie o współpracę.',
      trafficSources: '',
    });
    const comment = await stack.content.submitComment({
      pagePath: ARTICLE,
      name: `${person.firstName} ${person.lastName}`,
      email: person.email,
      text: 'Dziękuję za jasne wyjaśnienie, przydało mi się przy liczeniu pensji.',
      rating: 4,
      replyTo: 0,
      sessionId: randomUUID(),
    });
    await stack.content.approveComment({ commentId: comment.commentId, moderator: 'test' });

    const [indexes] = (
      await db.leads.query<{ email_index: string; phone_index: string }>(
        'SELECT email_index, phone_index FROM leads.applications WHERE id = $1',
        [lead.applicationId],
      )
    ).rows;
    const traces: Traces = {
      email: [person.email],
      phone: [e164],
      surname: [person.lastName],
      identity: [person.pesel, person.idCard, person.bankAccount],
      applicationId: [lead.applicationId, draft.applicationId],
      blindIndex: [indexes!.email_index, indexes!.phone_index],
    };

    // Before: the lead feed answers, the page shows the comment, and the search finds the person.
    expect((await leadFeed(lead.applicationId))?.length).toBeGreaterThan(0);
    // (the published comment shows from the first request past the page data's lifetime)
    await eventually(async () => (await get(ARTICLE)).body.includes(person.lastName));
    expect(await leftovers(traces)).toEqual(
      expect.arrayContaining([
        'content.comments email',
        'content.comments surname',
        'leads.outbound_messages blindIndex',
        'offers.lead_requests applicationId',
        'redis gateway:page: surname',
        'redis leads:rate:submit: blindIndex',
      ]),
    );

    // The person asks for a link, opens it from the mail and erases, while the offers service is away.
    await stack.stopService('offers');
    const form = await get('/unsubscribe/');
    const asked = await post(
      '/unsubscribe/',
      { adres: person.email, csrf_token: valueOf(form.body, 'csrf_token') },
      cookiePair(form, 'pp_form') ?? '',
    );
    expect(asked.status).toBe(303);
    const link = selfServiceLinkIn(
      await mail.waitFor(
        (m) => m.to.some((to) => to.address === person.email) && !!selfServiceLinkIn(m),
        15_000,
      ),
    )!;
    const confirm = await get(link);
    const formCookie = cookiePair(confirm, 'pp_form') ?? '';
    const opened = await post(
      '/moje-dane/',
      { t: valueOf(confirm.body, 't'), csrf_token: valueOf(confirm.body, 'csrf_token') },
      formCookie,
    );
    expect(opened.status).toBe(303);
    const session = [formCookie, cookiePair(opened, 'pp_moje_dane') ?? ''].join('; ');
    const page = await get('/moje-dane/', session);
    const erased = await post(
      '/moje-dane/usun/',
      {
        potwierdzam: 'tak',
        csrf_token: valueOf(page.body.slice(page.body.indexOf('/moje-dane/usun/')), 'csrf_token'),
      },
      session,
    );
    expect(erased.status).toBe(303);
    const requestId = /wniosek=([0-9a-f-]{36})$/.exec(String(erased.headers['location']))?.[1] ?? '';

    // The local erasure is done; the request keeps the submitted application's id (not the draft's)
    // until the offers service has forgotten it, and its lead feed is still stored there.
    expect((await leads.getErasureRequest({ requestId })).status).toBe(leadsV1.RequestStatus.IN_PROGRESS);
    const pending = await db.leads.query<{ application_ids: string[] }>(
      'SELECT application_ids FROM leads.erasure_requests WHERE id = $1',
      [requestId],
    );
    expect(pending.rows).toEqual([{ application_ids: [lead.applicationId] }]);
    const stored = () =>
      db.offers
        .query('SELECT 1 FROM offers.lead_requests WHERE application_id = $1', [lead.applicationId])
        .then((r) => r.rowCount);
    expect(await stored()).toBe(1);

    // The offers service back: the leads job finishes the erasure.
    await stack.startService('offers');
    await eventually(
      async () => (await leads.getErasureRequest({ requestId })).status === leadsV1.RequestStatus.COMPLETED,
    );
    expect(await stored()).toBe(0);

    // The lead feed answers null, with the spec's line (and not the id) in the gateway's log.
    expect(await leadFeed(lead.applicationId)).toBeNull();
    await eventually(() =>
      stack.output('gateway').some((line) => line.includes(LEAD_FEED_MESSAGES.unknownLeadId)),
    );
    expect(stack.output('gateway').filter((line) => line.includes(lead.applicationId))).toEqual([]);

    // The article shows the comment as anonymous once its cached page data is refreshed.
    await eventually(async () => {
      const body = (await get(ARTICLE)).body;
      return !body.includes(person.lastName) && body.includes('Anonim');
    });
    // The leads service has reported the erasure to the analysts' stream: nothing left to send.
    await eventually(async () => {
      const { rows } = await db.events.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM events.tracking_events WHERE event_id = 120',
      );
      const queued = await db.leads.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM leads.stream_events WHERE state = 'queued'`,
      );
      return rows[0]?.n === 1 && queued.rows[0]?.n === 0;
    });

    // Nothing of the person is left anywhere but where a rule keeps it on purpose.
    expect(await leftovers(traces)).toEqual([]);
  }, 180_000);
});
