import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { typesetText } from '@lib/pl-format';
import {
  EXAMPLE_OPERATOR,
  OPERATOR_MARKERS,
  OPERATOR_MARKER_PATTERN,
  type OperatorView,
  fillOperatorMarkers,
  formatNip,
} from '../src/app/operator';
import { CSRF_COOKIE } from '../src/kit/csrf';
import { CLIENT_ID_COOKIE } from '../src/kit/identity/client-id';
import { SESSION_ID_COOKIE } from '../src/kit/identity/session-id';
import { CONSENT_COOKIE } from '../src/shared/consent';
import { LANGUAGE_COOKIE } from '../src/shared/locale';
import { VISIT_COOKIE } from '../src/features/article-views/visit-cookie';
import { DRAFT_COOKIE } from '../src/features/application/draft-cookie';
import { SESSION_COOKIE as SELF_SERVICE_COOKIE } from '../src/features/self-service/session-cookie';
import {
  EXPERIMENT_COOKIE_PREFIX,
  EXPERIMENT_STORAGE_PREFIX,
} from '../src/features/experiments/experiment-storage';
import { SESSION_SUFFIX, TRAFFIC_FIELDS } from '../src/features/tracking/traffic-source';
import { PUSH_CONSENT_KEY } from '../src/features/consent/push-consent';
import { REG_VERSION_KEY } from '../src/features/application/application-form.island';
import { VISIT_ID_KEY } from '../src/shared/visit-id';
import {
  DOCS_DIR,
  LEGAL_DOCUMENTS,
  type LegalDocumentKey,
  readLegalDocument,
  renderDocumentMarkdown,
} from './support/legal-documents';

/*
 * The legal documents' checklist: each document in content/docs must carry the
 * elements the law asks of it, the operator's identity only through markers the gateway fills, and
 * the cookie policy must list every cookie and browser-storage key the code writes. A document that
 * loses an element, hard-codes a company detail or misses a new cookie fails here, naming it.
 */

/** Every cookie the gateway writes, by the name the policy must show, and whether it waits for consent. */
const COOKIE_REGISTRY: { names: string[]; consent: boolean }[] = [
  { names: [SESSION_ID_COOKIE], consent: false },
  { names: [LANGUAGE_COOKIE.name], consent: false },
  { names: [CONSENT_COOKIE], consent: false },
  { names: [CSRF_COOKIE], consent: false },
  { names: [DRAFT_COOKIE], consent: false },
  { names: [SELF_SERVICE_COOKIE], consent: false },
  { names: [VISIT_COOKIE], consent: false },
  { names: [EXPERIMENT_COOKIE_PREFIX], consent: false },
  { names: [CLIENT_ID_COOKIE], consent: true },
  { names: [...TRAFFIC_FIELDS, `${TRAFFIC_FIELDS[0]}${SESSION_SUFFIX}`], consent: true },
];

/** Every local/session storage key (or key prefix) the browser code writes. */
const STORAGE_KEYS = [
  EXPERIMENT_STORAGE_PREFIX,
  PUSH_CONSENT_KEY,
  REG_VERSION_KEY,
  VISIT_ID_KEY,
  'tracked_experiments',
  'reload-guard:',
];

/**
 * How each cookie-writing call in the gateway's sources names its cookie, mapped to the registry
 * names above. A new call (a new cookie) is not in this map and fails the source scan below.
 */
const COOKIE_CALLS: Record<string, string> = {
  'serializeCookie(SESSION_ID_COOKIE': SESSION_ID_COOKIE,
  'serializeCookie(CLIENT_ID_COOKIE': CLIENT_ID_COOKIE,
  'serializeCookie(CONSENT_COOKIE': CONSENT_COOKIE,
  'serializeCookie(CSRF_COOKIE': CSRF_COOKIE,
  'serializeCookie(DRAFT_COOKIE': DRAFT_COOKIE,
  'serializeCookie(SESSION_COOKIE': SELF_SERVICE_COOKIE,
  'res.cookie(VISIT_COOKIE': VISIT_COOKIE,
  'serializeCookie(experimentCookieName(experiment.experimentId)': EXPERIMENT_COOKIE_PREFIX,
  // traffic-source.ts: one cookie per TRAFFIC_FIELDS entry and its _session variant; deleting them by name
  'serializeCookie(cookieName(field': TRAFFIC_FIELDS[0],
  'serializeCookie(name': TRAFFIC_FIELDS[0],
};
/** Files that write a Set-Cookie value by hand (`name=value; Max-Age=…`), and the cookie each writes. */
const HAND_WRITTEN_COOKIES: Record<string, string> = {
  'shared/locale.ts': LANGUAGE_COOKIE.name,
  'features/experiments/experiment-mirror.ts': EXPERIMENT_COOKIE_PREFIX,
  'shared/cookies.ts': '(the serializer itself)',
};

const SRC = path.resolve(__dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry) && !/\.spec\.tsx?$/.test(entry) ? [full] : [];
  });
}

const DOCS = Object.fromEntries(
  (Object.keys(LEGAL_DOCUMENTS) as LegalDocumentKey[]).map((key) => [key, readLegalDocument(key)]),
) as Record<LegalDocumentKey, ReturnType<typeof readLegalDocument>>;

/** A document's required elements: a name for the failure message and the text that proves it. */
const CHECKLIST: Record<LegalDocumentKey, [string, RegExp][]> = {
  privacy: [
    ['administrator identity block', /\{\{operator:identity\}\}/],
    ['data protection contact', /\{\{operator:dpo-email\}\}/],
    ['recipients: hosting and IT', /## Komu przekazujemy dane[\s\S]*hosting/],
    [
      'recipients: partners the visitor asks to be matched with',
      /## Komu przekazujemy dane[\s\S]*pożyczkodawcy i pośrednicy[\s\S]*za Twoją zgodą/,
    ],
    ['recipients: statistics', /## Komu przekazujemy dane[\s\S]*statystyk/],
    [
      'recipients: e-mail and SMS delivery',
      /## Komu przekazujemy dane[\s\S]*poczty elektronicznej i bramek SMS/,
    ],
    [
      'recipients: authorities on legal grounds',
      /## Komu przekazujemy dane[\s\S]*organy publiczne[\s\S]*przepisów prawa/,
    ],
    ['transfers outside the EEA', /Europejskim Obszarem Gospodarczym/],
    ['retention', /## Jak długo przechowujemy dane[\s\S]*30 dni[\s\S]*12 miesięcy[\s\S]*13 miesięcy/],
    [
      'rights',
      /## Twoje prawa[\s\S]*dostępu[\s\S]*sprostowania[\s\S]*usunięcia[\s\S]*ograniczenia[\s\S]*przenoszenia[\s\S]*sprzeciwu/,
    ],
    ['withdrawal of consent', /wycofania zgody/],
    ['complaint to PUODO', /skargę do Prezesa Urzędu Ochrony Danych Osobowych/],
    [
      'purposes and legal bases (art. 6 ust. 1 lit. a, b, c, f)',
      /^(?=[\s\S]*art\. 6 ust\. 1 lit\. a)(?=[\s\S]*art\. 6 ust\. 1 lit\. b)(?=[\s\S]*lit\. c)(?=[\s\S]*art\. 6 ust\. 1 lit\. f)/,
    ],
    ['automated matching', /## Zautomatyzowane dopasowanie ofert/],
    ['cookie policy link', /\(\/polityka-cookies\/\)/],
  ],
  terms: [
    ['service provider identity block (e-services act art. 5)', /\{\{operator:identity\}\}/],
    ['contact e-mail', /\{\{operator:email\}\}/],
    ['kinds and scope of services (art. 8 ust. 3 pkt 1)', /## 3\. Zakres usług/],
    ['technical requirements (art. 8 ust. 3 pkt 2)', /## \d+\. Wymagania techniczne/],
    ['ban on unlawful content (art. 8 ust. 3 pkt 2)', /treści o charakterze bezprawnym/],
    [
      'concluding the agreement (art. 8 ust. 3 pkt 3)',
      /## \d+\. Zawarcie i rozwiązanie umowy[\s\S]*Umowę o świadczenie usług drogą elektroniczną zawierasz/,
    ],
    ['terminating the agreement (art. 8 ust. 3 pkt 3)', /rozwiązać umowę w każdej chwili/],
    [
      'complaints: where',
      /## \d+\. Reklamacje[\s\S]*e-mailem na adres \{\{operator:email\}\}[\s\S]*\(\/kontakt\/\)[\s\S]*listownie/,
    ],
    ['complaints: what to include', /## \d+\. Reklamacje[\s\S]*Opisz w reklamacji/],
    [
      'complaints: deadline to answer (art. 8 ust. 3 pkt 4)',
      /## \d+\. Reklamacje[\s\S]*odpowiadamy na nią w ciągu 14 dni/,
    ],
    ['governing law', /prawo polskie/],
  ],
  cookies: [
    ['who sets the cookies (identity block)', /\{\{operator:identity\}\}/],
    ['contact', /\{\{operator:email\}\}[\s\S]*\{\{operator:dpo-email\}\}/],
    ['legal basis', /Prawo komunikacji elektronicznej/],
    ['the cookie notice choices', /„Akceptuję”[\s\S]*„Tylko niezbędne”/],
    ['how to manage cookies', /## Jak zarządzać plikami cookie/],
    ['event retention', /13 miesięcy/],
  ],
  notice: [
    ['administrator identity block', /\{\{operator:identity\}\}/],
    ['data protection contact', /\{\{operator:dpo-email\}\}/],
    ['recipients', /## 5\. Odbiorcy danych[\s\S]*hostingu[\s\S]*partnerzy[\s\S]*organy publiczne/],
    ['retention', /## 7\. Okres przechowywania/],
    ['rights', /## 8\. Twoje prawa/],
    ['complaint to PUODO', /skargę do Prezesa Urzędu Ochrony Danych Osobowych/],
  ],
  rights: [
    ['administrator', /\{\{operator:name\}\}, \{\{operator:address\}\}/],
    ['data protection contact', /\{\{operator:dpo-email\}\}/],
    ['complaint to PUODO', /Prezesa Urzędu Ochrony Danych Osobowych/],
  ],
};

/** A real-looking operator (checksums valid) to prove the filled documents carry the configured values. */
const CONFIGURED: OperatorView = {
  example: false,
  name: 'Porównywarka Testowa sp. z o.o.',
  legalForm: 'spółka z ograniczoną odpowiedzialnością',
  address: 'ul. Testowa 5/7, 31-100 Kraków',
  registryCourt: 'Sąd Rejonowy dla Krakowa-Śródmieścia w Krakowie, XI Wydział Gospodarczy KRS',
  krs: '0000123456',
  nip: '5260250274',
  regon: '12345678500002',
  shareCapital: '50 000 zł',
  email: 'biuro@porownywarka-testowa.pl',
  phone: '+48 12 345 67 89',
  dpoEmail: 'iod@porownywarka-testowa.pl',
  creditIntermediaryEntry: 'RPK012345',
};

describe('legal documents (content/docs)', () => {
  describe.each(Object.keys(LEGAL_DOCUMENTS) as LegalDocumentKey[])('%s', (key) => {
    const doc = DOCS[key];

    it('has every required element', () => {
      const missing = CHECKLIST[key].filter(([, proof]) => !proof.test(doc.markdown)).map(([name]) => name);
      expect({ file: doc.file, missing }).toEqual({ file: doc.file, missing: [] });
    });

    it('names the operator only through markers the gateway knows (no hard-coded e-mail, NIP, KRS or REGON)', () => {
      const markers = [...doc.markdown.matchAll(OPERATOR_MARKER_PATTERN)].map((m) => m[1]!);
      expect(markers.length).toBeGreaterThan(0);
      expect(markers.filter((name) => !OPERATOR_MARKERS.includes(name))).toEqual([]);
      expect(doc.markdown.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? []).toEqual([]);
      expect(doc.markdown.match(/\b(NIP|KRS|REGON)\s*:?\s*\d/g) ?? []).toEqual([]);
    });

    it('renders with the configured operator filled in and no marker left, and says when the data are an example', () => {
      const real = fillOperatorMarkers(doc.html, CONFIGURED);
      expect(real.used).toBe(true);
      expect(real.html).not.toMatch(/\{\{/);
      expect(real.html).toContain(CONFIGURED.name);
      expect(real.html).not.toContain('przykładowe');
      const example = fillOperatorMarkers(doc.html, EXAMPLE_OPERATOR);
      expect(example.html).toContain(EXAMPLE_OPERATOR.name);
      // the identity block carries the notice; inline markers alone get it from DocumentView (gateway-operator.int.spec)
      const withBlock = key !== 'rights';
      expect({ block: example.block, notice: example.html.includes('przykładowe, fikcyjne dane') }).toEqual({
        block: withBlock,
        notice: withBlock,
      });
    });
  });

  it('the partners list reaches the operator through markers only and carries the partners table', () => {
    const markdown = readFileSync(path.join(DOCS_DIR, 'lista-partnerow.md'), 'utf8');
    expect([...markdown.matchAll(OPERATOR_MARKER_PATTERN)].map((m) => m[1])).toEqual(['email', 'dpo-email']);
    expect(markdown.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? []).toEqual([]);
    expect(markdown).toContain('{{partnerzy.tabela}}');
    const filled = fillOperatorMarkers(renderDocumentMarkdown(markdown), CONFIGURED).html;
    expect(filled).toContain(CONFIGURED.email);
    expect(filled).toContain(CONFIGURED.dpoEmail);
  });

  it('the identity block shows every fact of the configured operator', () => {
    const html = fillOperatorMarkers(DOCS.privacy.html, CONFIGURED).html;
    for (const value of [
      CONFIGURED.name,
      CONFIGURED.legalForm,
      CONFIGURED.address,
      CONFIGURED.registryCourt!,
      CONFIGURED.krs!,
      formatNip(CONFIGURED.nip),
      CONFIGURED.regon,
      typesetText(CONFIGURED.shareCapital!),
      CONFIGURED.email,
      CONFIGURED.phone,
      CONFIGURED.dpoEmail,
      CONFIGURED.creditIntermediaryEntry!,
    ]) {
      expect(html).toContain(value);
    }
  });

  it('escapes operator values (they come from configuration, not from trusted HTML)', () => {
    const html = fillOperatorMarkers('<p>{{operator:identity}}</p><p>{{operator:name}}</p>', {
      ...CONFIGURED,
      name: 'A&B <i>sp. z o.o.</i>',
    }).html;
    expect(html).toContain('A&amp;B &lt;i&gt;sp. z o.o.&lt;/i&gt;');
    expect(html).not.toContain('<i>');
  });
});

describe('the cookie policy matches the code', () => {
  const policy = DOCS.cookies.markdown;
  /** Table rows of the policy: the `names` its cells show (a row may name variants in its duration) and the last cell (consent). */
  const rows = policy
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| ---') && !line.startsWith('| Rodzaj'))
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      return {
        names: [
          ...cells
            .slice(1, -2)
            .join(' ')
            .matchAll(/`([^`]+)`/g),
        ].map((m) => m[1]!),
        consent: cells.at(-2) ?? '',
      };
    });
  const rowOf = (name: string) =>
    rows.find((row) => row.names.some((shown) => shown === name || shown.startsWith(name)));

  it.each(COOKIE_REGISTRY.flatMap((entry) => entry.names.map((name) => [name, entry.consent] as const)))(
    'lists the cookie %s with its consent rule (waits for consent: %s)',
    (name, consent) => {
      const row = rowOf(name);
      expect(row).toBeDefined();
      expect(row!.consent === 'wymaga zgody').toBe(consent);
    },
  );

  it.each(STORAGE_KEYS)('lists the browser storage key %s', (key) => {
    expect(rowOf(key)).toBeDefined();
  });

  it('lists no cookie the code does not set', () => {
    const known = [...COOKIE_REGISTRY.flatMap((entry) => entry.names), ...STORAGE_KEYS];
    const shown = rows
      .flatMap((row) => row.names)
      .filter(
        (name) => name !== SESSION_SUFFIX && !TRAFFIC_FIELDS.some((f) => name === `${f}${SESSION_SUFFIX}`),
      );
    expect(shown.filter((name) => !known.some((k) => name === k || name.startsWith(k)))).toEqual([]);
  });

  it('every cookie the gateway writes is in the registry above (a new cookie must be added there and to the policy)', () => {
    const unknown: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(serializeCookie|res\.cookie)\(([^,]+),/g)) {
        const call = `${match[1]}(${match[2]}`;
        if (call === 'serializeCookie(name: string') continue; // its definition
        if (!(call in COOKIE_CALLS)) unknown.push(`${relative}: ${call}`);
      }
      if (/Max-Age=/.test(text) && !(relative in HAND_WRITTEN_COOKIES))
        unknown.push(`${relative}: a hand-written Set-Cookie value`);
    }
    expect(unknown).toEqual([]);
  });

  it('the cookie notice names what waits for consent the way the policy does', () => {
    const notice = readFileSync(path.join(SRC, 'features/tracking/consent-notice.ts'), 'utf8');
    expect(notice).toContain('identyfikator przeglądarki');
    expect(notice).toContain('źródło wizyty');
    expect(notice).toContain("'Akceptuję'");
    expect(notice).toContain("'Tylko niezbędne'");
    const consentRows = rows.filter((row) => row.consent === 'wymaga zgody');
    expect(consentRows.map((row) => row.names[0])).toEqual([CLIENT_ID_COOKIE, TRAFFIC_FIELDS[0]]);
    expect(policy).toContain('Identyfikator przeglądarki (`client_id`)');
    expect(policy).toContain('Źródło wizyty (`utm_source`');
  });
});
