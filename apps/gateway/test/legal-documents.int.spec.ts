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
import { REG_VERSION_KEY } from '../src/features/application/application-form.island';
import {
  COOKIE_CATALOGUE,
  type CookieBasis,
  type CookieEntry,
  namesOf,
} from '../src/shared/cookie-catalogue';
import { VISIT_ID_KEY } from '../src/shared/visit-id';
import { CONSENT_NOTICE_TEXTS } from '../src/shared/consent-notice';
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

/** How the policy's "Zgoda" column words each basis of the cookie catalogue. */
const BASIS_LABEL: Record<CookieBasis, string> = {
  necessary: 'niezbędny',
  consent: 'wymaga zgody',
};

/** Every local/session storage key (or key prefix) the browser code writes, and whether it waits for consent. */
const STORAGE_KEYS: { key: string; consent: boolean }[] = [
  { key: REG_VERSION_KEY, consent: false },
  { key: VISIT_ID_KEY, consent: false },
  { key: 'reload-guard:', consent: false },
  { key: 'tracked_experiments', consent: true },
];

/**
 * The only files that may write a cookie string themselves: the serializer, and the catalogue that
 * every Set-Cookie value and `document.cookie` assignment is made by.
 */
const COOKIE_WRITERS = new Set(['shared/cookies.ts', 'shared/cookie-catalogue.ts']);
/** Browser code that assigns `document.cookie` (a value made by the catalogue), and which cookie. */
const DOCUMENT_COOKIE_WRITERS: Record<string, string> = {
  'features/tracking/consent-notice.ts': 'cookie_consent (consentCookie), when the choice cannot be posted',
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
    [
      "credit intermediary's disclosure and the lenders we work with (consumer credit act art. 7)",
      /\{\{operator:intermediary\}\}[\s\S]*\{\{partnerzy\.lista\}\}/,
    ],
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
      // Figure tokens ({{partnerzy.lista}}) are the page loader's, filled from the offers data.
      expect(real.html).not.toMatch(/\{\{\s*operator:/);
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
      CONFIGURED.creditIntermediaryEntry,
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

describe('the cookie policy matches the cookie catalogue (shared/cookie-catalogue.ts)', () => {
  const policy = DOCS.cookies.markdown;
  interface Row {
    /** The `names` its first cell shows. */
    names: string[];
    purpose: string;
    lifetime: string;
    basis: string;
  }
  /** The rows of the table whose header starts with `header`. */
  const table = (header: string): Row[] => {
    const lines = policy.split('\n');
    const start = lines.findIndex((line) => line.startsWith(`| ${header}`));
    expect(start).toBeGreaterThan(-1);
    const rows: Row[] = [];
    for (const line of lines.slice(start + 2)) {
      if (!line.startsWith('| ')) break;
      const cells = line.split('|').map((cell) => cell.trim());
      rows.push({
        names: [...(cells[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!),
        purpose: cells[2] ?? '',
        lifetime: cells[3] ?? '',
        basis: cells[4] ?? '',
      });
    }
    return rows;
  };
  const cookieRows = table('Rodzaj (nazwa pliku)');
  const storageRows = table('Rodzaj (nazwa klucza)');
  /** Whether a name the policy shows is one of the entry's (a family is shown by its prefix or an example). */
  const shows = (entry: CookieEntry, shown: string) =>
    entry.prefix ? shown.startsWith(entry.name) : namesOf(entry).includes(shown);

  it.each(COOKIE_CATALOGUE.map((entry) => [entry.name, entry] as const))(
    'shows %s in one row with a purpose, its lifetime and its basis',
    (_name, entry) => {
      const found = cookieRows.filter((row) => row.names.some((shown) => shows(entry, shown)));
      expect(found).toHaveLength(1);
      const row = found[0]!;
      // Every name of a group in that row (a family: its prefix).
      expect(row.names).toEqual(expect.arrayContaining(entry.prefix ? [entry.name] : [...namesOf(entry)]));
      expect(row.purpose.length).toBeGreaterThan(20);
      expect({ lifetime: row.lifetime, basis: row.basis }).toEqual({
        lifetime: entry.lifetime,
        basis: BASIS_LABEL[entry.basis],
      });
    },
  );

  it('shows no cookie the catalogue does not hold', () => {
    const unknown = cookieRows
      .flatMap((row) => row.names)
      .filter((shown) => !COOKIE_CATALOGUE.some((entry) => shows(entry, shown)));
    expect(unknown).toEqual([]);
    expect(cookieRows).toHaveLength(COOKIE_CATALOGUE.length);
  });

  it('lists exactly the browser storage keys the code writes, with their basis', () => {
    expect(
      storageRows.map((row) => ({ key: row.names[0], consent: row.basis === BASIS_LABEL.consent })),
    ).toEqual(expect.arrayContaining(STORAGE_KEYS));
    expect(storageRows).toHaveLength(STORAGE_KEYS.length);
    for (const row of storageRows) expect(Object.values(BASIS_LABEL)).toContain(row.basis);
  });

  it('says what each cookie choice writes, and where the choice is changed', () => {
    expect(policy).toMatch(/\*\*zanim zdecydujesz\*\*[^\n]*niezbędne/);
    expect(policy).toMatch(/\*\*po wybraniu „Akceptuję”\*\*[^\n]*wymagające zgody/);
    expect(policy).toMatch(/\*\*po wybraniu „Tylko niezbędne”\*\*[\s\S]*?usuwamy/);
    expect(policy).toContain('(/ustawienia-cookies/)');
    expect(policy).not.toMatch(/push|powiadomie/i);
  });

  it('every cookie the gateway writes is made by the catalogue (a new cookie is added there, and to the policy)', () => {
    const unknown: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      if (COOKIE_WRITERS.has(relative)) continue;
      const text = readFileSync(file, 'utf8');
      if (/\bserializeCookie\(/.test(text))
        unknown.push(`${relative}: serializeCookie outside the catalogue`);
      if (/\bres\.(cookie|clearCookie)\(/.test(text)) unknown.push(`${relative}: Express's res.cookie`);
      if (/Max-Age=/.test(text)) unknown.push(`${relative}: a hand-written Set-Cookie value`);
      if (/document\.cookie\s*=[^=]/.test(text) && !(relative in DOCUMENT_COOKIE_WRITERS))
        unknown.push(`${relative}: assigns document.cookie`);
    }
    expect(unknown).toEqual([]);
  });

  it('the cookie notice names what waits for consent the way the policy does', () => {
    expect(CONSENT_NOTICE_TEXTS.notice).toContain('identyfikator przeglądarki');
    expect(CONSENT_NOTICE_TEXTS.notice).toContain('źródło wizyty');
    expect(CONSENT_NOTICE_TEXTS.notice).toContain('wersję strony w teście porównawczym');
    expect(CONSENT_NOTICE_TEXTS.accept).toBe('Akceptuję');
    expect(CONSENT_NOTICE_TEXTS.necessaryOnly).toBe('Tylko niezbędne');
    expect(cookieRows.filter((row) => row.basis === BASIS_LABEL.consent).map((row) => row.names[0])).toEqual(
      COOKIE_CATALOGUE.filter((entry) => entry.basis === 'consent').map((entry) => entry.name),
    );
    expect(policy).toContain('Identyfikator przeglądarki (`client_id`)');
    expect(policy).toContain('Źródło wizyty (`utm_source`');
  });
});
