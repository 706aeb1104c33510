import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { lenderDirectoryFileSchema } from '@lib/partner-delivery';
import { applicantAgeMessage, peselCheckDigit } from '@lib/pl-validation';
import { warsawDay } from '@lib/pl-calendar';
import {
  SANDBOX_LENDER_FILE,
  describeWithRedis,
  freePort,
  provideTestRedis,
  type TestRedis,
} from '@lib/testing';
import { type RawResponse, rawRequest } from './support/raw-http';
import { startStack, type Stack } from './support/stack';

/*
 * Pages and the application form agree, on the site as it ships: the project's own content/ in front
 * of the real content, offers and leads services (processes from their builds), the leads service
 * on the sandbox lender file (its lenders at a port where nothing listens: nothing is delivered
 * here) and the offers service on the bundled sample feed. What the form accepts is worked out here
 * from those two files, independently of the services' code:
 * - the retiree and Ukrainian pages (and the passport page) say plainly what the form takes and
 *   what it refuses, with the source and day, and the retiree page's block holds only offers that
 *   take every age of its heading;
 * - the form's last step states, and checks, the very ages the pages state;
 * - comparison sites and intermediaries are labelled, apart from the ranking, with no RRSO or cost.
 */

const CONTENT_DIR = path.join(__dirname, '../../../content');
const PL_FEED = path.join(__dirname, '../../offers/feeds/pl_feed.json');
const LENDER_FACTS = path.join(__dirname, '../../offers/data/lenders.pl.json');

interface FeedRow {
  offer_id: number;
  lender_slug: string;
  review_slug: string;
  is_active?: boolean;
  age_min?: number;
  age_max?: number;
}

/** Visible text, tags dropped, entities and no-break spaces as plain text. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();
const noticeOf = (html: string) =>
  /<aside class="notice notice--info form-limits"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? '';
const blockOf = (html: string) =>
  html.slice(html.indexOf('id="oferty_sekcja"'), html.indexOf('id="formularz_warunki"'));
const idsIn = (html: string) => [...html.matchAll(/data-offer-id="(\d+)"/g)].map((m) => Number(m[1]));
const cardOf = (html: string, id: number) =>
  new RegExp(
    `<li class="offer[^"]*" data-offer-id="${id}">[\\s\\S]*?</li>\\s*(?=<li class="offer|</ol>)`,
  ).exec(html)?.[0] ?? '';
const valueOf = (html: string, name: string) =>
  (new RegExp(`<input [^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '').match(/value="([^"]*)"/)?.[1] ?? '';
const errorOf = (html: string, name: string) =>
  text(new RegExp(`data-error-for="${name}"[^>]*>([\\s\\S]*?)</`).exec(html)?.[1] ?? '');
/** A valid PESEL of someone born on 1 January of `year` (a man: odd serial digit). */
const peselBornIn = (year: number) => {
  const first = `${String(year % 100).padStart(2, '0')}${year >= 2000 ? '21' : '01'}01${'0011'}`;
  return `${first}${peselCheckDigit(first)}`;
};

describeWithRedis('pages and the application form agree (real services, shipped content)', () => {
  let redis: TestRedis;
  let stack: Stack;
  let feed: FeedRow[];
  /** The form's ages and whether it asks the ID card, from the sandbox lender file and the feed. */
  let form: { min: number; max: number; idCard: boolean };
  let notLenders: Set<string>;

  beforeAll(async () => {
    feed = JSON.parse(await readFile(PL_FEED, 'utf8')) as FeedRow[];
    const facts = JSON.parse(await readFile(LENDER_FACTS, 'utf8')) as {
      lenders: Record<string, { kind: { value: string | null } }>;
    };
    notLenders = new Set(
      Object.entries(facts.lenders)
        .filter(([, entry]) => entry.kind.value === 'porownywarka' || entry.kind.value === 'posrednik')
        .map(([slug]) => slug),
    );
    const file = lenderDirectoryFileSchema.parse(JSON.parse(await readFile(SANDBOX_LENDER_FILE, 'utf8')));
    const served = file.lenders.filter(
      (lender) => lender.enabled && feed.some((o) => o.lender_slug === lender.slug && (o.is_active ?? true)),
    );
    const offersOf = served.flatMap((lender) => feed.filter((o) => o.lender_slug === lender.slug));
    form = {
      min: Math.max(18, Math.min(...offersOf.map((o) => o.age_min ?? 18))),
      max: Math.max(...offersOf.map((o) => o.age_max ?? 0)),
      idCard: served.some((lender) => lender.requiredFields.includes('idCard')),
    };
    redis = await provideTestRedis();
    stack = await startStack({
      redis,
      contentDir: CONTENT_DIR,
      leads: true,
      gatewayEnv: { PAGE_CACHE: 'false', PAGE_MEMO_MS: '0' },
      leadsEnv: {
        // A sandbox lender file is refused in production.
        NODE_ENV: 'test',
        LENDER_DELIVERY_FILE: SANDBOX_LENDER_FILE,
        PARTNER_SANDBOX_URL: `http://127.0.0.1:${await freePort()}`,
        ...Object.fromEntries(file.lenders.map((lender) => [lender.secretEnv, 'u'.repeat(64)])),
      },
    });
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
    await redis?.close();
  });

  const get = async (address: string) => {
    const res = await rawRequest(stack.port, { path: address, headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('works the form’s limits out from the sandbox lenders and the feed: 18 to 78, the ID card asked', () => {
    // Provident (20–78) is the oldest the sandbox delivers to; the form once stopped at 70.
    expect(form).toEqual({ min: 18, max: 78, idCard: true });
  });

  it('/pozyczki-dla-emerytow/ says what ages the form takes and refuses, with its source, and its block fits its ages', async () => {
    const html = await get('/pozyczki-dla-emerytow/');
    const notice = text(noticeOf(html));
    expect(notice).toContain(
      `Nasz formularz wniosku przyjmuje osoby w wieku od ${form.min} do ${form.max} lat – osobom w takim wieku udzielają pożyczek pożyczkodawcy, którym przekazujemy wnioski.`,
    );
    expect(notice).toContain(
      `Jeśli masz więcej niż ${form.max} lat, formularz nie przyjmie Twojego wniosku.`,
    );
    expect(notice).toMatch(
      /Źródło: dane ofert pożyczkodawców, którym przekazujemy wnioski, stan na \d{2}\.\d{2}\.\d{4} \(dane przykładowe\)\./,
    );
    expect(noticeOf(html)).toContain('href="/offers/?suma=2000&amp;okres=61"');
    // The notice sits between the block and the call to action of the journey.
    expect(html.indexOf('id="formularz_warunki"')).toBeGreaterThan(html.indexOf('id="oferty_sekcja"'));
    expect(html.indexOf('aria-label="Złóż wniosek"')).toBeGreaterThan(html.indexOf('id="formularz_warunki"'));

    // The block: every offer in it, ranked or apart, takes every borrower of 60–75 by its feed row,
    // and its card says its ages.
    const block = blockOf(html);
    expect(text(block)).toContain('dla osób w wieku 60–75 lat');
    const ids = idsIn(block);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const row = feed.find((o) => o.offer_id === id)!;
      expect(row.age_min!).toBeLessThanOrEqual(60);
      expect(row.age_max!).toBeGreaterThanOrEqual(75);
      expect(text(cardOf(block, id))).toContain(`Wiek ${row.age_min}–${row.age_max} lat`);
    }
  });

  it('/pozyczki-dla-ukraincow/ and /pozyczki-na-paszport/ say the form takes only the Polish ID card, and where to apply instead', async () => {
    expect(form.idCard).toBe(true);
    const ukrainians = text(noticeOf(await get('/pozyczki-dla-ukraincow/')));
    expect(ukrainians).toContain(
      'formularz przyjmuje tylko polski dowód osobisty – paszportu ani karty pobytu nie da się w nim podać',
    );
    expect(ukrainians).toContain('złóż wniosek bezpośrednio na stronie pożyczkodawcy');
    expect(ukrainians).toContain('dane ofert, z których korzystamy, tego nie podają');
    expect(ukrainians).toContain('numer PESEL');
    expect(ukrainians).toContain(
      'Wszystkie oferty na 2 000 zł i 61 dni – wniosek składasz na stronie pożyczkodawcy',
    );
    const passport = text(noticeOf(await get('/pozyczki-na-paszport/')));
    expect(passport).toContain(
      'formularz przyjmuje tylko polski dowód osobisty – paszportu nie da się w nim podać',
    );
    // A page naming no group says nothing of the kind.
    expect(noticeOf(await get('/chwilowki-online/'))).toBe('');
  });

  it('the form’s last step states and checks the very ages and document the pages state', async () => {
    const jar = new Map<string, string>();
    const keep = (res: RawResponse) => {
      for (const line of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return res;
    };
    const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const visit = async (p: string) =>
      keep(await rawRequest(stack.port, { path: p, headers: { cookie: cookie() } }));
    const post = async (p: string, fields: Record<string, string>) =>
      keep(
        await rawRequest(stack.port, {
          method: 'POST',
          path: p,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin: stack.url,
            cookie: cookie(),
          },
          body: new URLSearchParams(fields).toString(),
        }),
      );
    // 2 000 zł for 61 days reaches Vivus, which needs the PESEL and the ID card.
    const start = await visit('/application/?amount=2000&period=61&purpose=other');
    const loan = await post('/process/', {
      amount: '2000',
      period: '61',
      purpose: 'other',
      csrf_token: valueOf(start.body, 'csrf_token'),
    });
    expect(loan.status).toBe(303);
    const reg = await visit('/reg/');
    const contact = await post('/reg/', {
      first_name: 'Halina',
      last_name: 'Nowak',
      email: 'halina.nowak@example.pl',
      phone: '600 100 200',
      csrf_token: valueOf(reg.body, 'csrf_token'),
    });
    expect(contact.headers['location']).toBe('/main/');
    const main = await visit('/main/');
    expect(main.status).toBe(200);
    const step = text(main.body);
    expect(step).toContain(`Formularz przyjmuje osoby w wieku od ${form.min} do ${form.max} lat`);
    expect(main.body).toMatch(
      new RegExp(`data-age-min="${form.min}" data-age-max="${form.max}"[^>]* data-field="pesel"`),
    );
    expect(step).toContain(
      'Przyjmujemy tylko polski dowód osobisty – paszportu ani karty pobytu nie da się tu podać.',
    );

    const year = Number(warsawDay(new Date()).slice(0, 4));
    const send = (pesel: string) =>
      post('/main/', {
        pesel,
        income_source: 'pension',
        idempotency_key: valueOf(main.body, 'idempotency_key'),
        csrf_token: valueOf(main.body, 'csrf_token'),
      });
    // Born on 1 January: one year past the oldest age the page states is refused with those ages…
    const tooOld = await send(peselBornIn(year - form.max - 1));
    expect(tooOld.status).toBe(400);
    expect(errorOf(tooOld.body, 'pesel')).toBe(applicantAgeMessage({ min: form.min, max: form.max }));
    // …the oldest age itself is not (the post still lacks the ID card and the account).
    const oldest = await send(peselBornIn(year - form.max));
    expect(errorOf(oldest.body, 'pesel')).toBe('');
    expect(errorOf(oldest.body, 'id_card')).not.toBe('');
  });

  it('labels comparison sites and intermediaries, keeps them out of the ranking and shows no RRSO or cost of theirs', async () => {
    const html = await get('/offers/?suma=2000&okres=61');
    const ranking = /<ol class="offer-list">([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? '';
    const apart = /<aside class="offer-intermediaries"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? '';
    const brokers = feed.filter((o) => notLenders.has(o.review_slug)).map((o) => o.offer_id);
    expect(brokers).toHaveLength(2);
    for (const id of brokers) {
      expect(idsIn(ranking)).not.toContain(id);
      const card = text(cardOf(apart, id));
      expect(card).toMatch(/(Porównywarka|Pośrednik), nie pożyczkodawca/);
      expect(card).not.toMatch(/RRSO \d/);
      expect(card).not.toContain('Przykład reprezentatywny');
      expect(card).not.toMatch(/Koszt \d/);
      expect(card).toContain('Koszt zależy od pożyczkodawcy, do którego serwis przekaże wniosek');
    }
    expect(text(apart)).toContain('Porównywarki i pośrednicy – poza rankingiem');
    // Their review pages: labelled, and the RRSO row says why there is none.
    for (const slug of ['avinto', 'finbo']) {
      const facts = text(
        /<section class="facts"[\s\S]*?<\/section>/.exec(await get(`/opinie-o-pozyczkach/${slug}/`))?.[0] ??
          '',
      );
      expect(facts).toContain('nie jest pożyczkodawcą');
      expect(facts).toContain('RRSO przykładu reprezentatywnego nie dotyczy – serwis nie udziela pożyczek');
    }
  });
});
