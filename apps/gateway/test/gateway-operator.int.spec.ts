import { spawn } from 'node:child_process';
import { type offersV1 } from '@lib/contracts';
import { typesetText } from '@lib/pl-format';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EXAMPLE_ENTRY_MARK, EXAMPLE_OPERATOR, formatNip } from '../src/app/operator';
import { type PagePayload } from '../src/app/page-payload';
import { ABOUT_PAGE, DOC_PAGE, OFFERS_HANDLERS, createFakeContent } from './support/content-fixtures';
import { type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { CATALOGUE_FACTS } from './support/fixtures';
import {
  LEGAL_DOCUMENTS,
  type LegalDocumentKey,
  readLegalDocument,
  renderDocumentMarkdown,
} from './support/legal-documents';
import { rawRequest } from './support/raw-http';
import { type TestGateway, startTestGateway } from './support/test-gateway';

/*
 * The operator's identity from configuration on every page's footer, on
 * /kontakt/ and in the legal documents (the repository's own content/docs, rendered as the content
 * service renders them), labelled as an example while it is the embedded example company; and a
 * production start without the real data stops with one line naming the variables.
 */

const EXAMPLE_NOTICE = 'przykładowe, fikcyjne dane firmy';

/** A real-looking operator as the environment gives it (checksums valid; no existing company). */
const REAL_ENV: Record<string, string> = {
  OPERATOR_NAME: 'Porównywarka Testowa sp. z o.o.',
  OPERATOR_LEGAL_FORM: 'spółka z ograniczoną odpowiedzialnością',
  OPERATOR_ADDRESS: 'ul. Testowa 5/7, 31-100 Kraków',
  OPERATOR_REGISTRY_COURT: 'Sąd Rejonowy dla Krakowa-Śródmieścia w Krakowie, XI Wydział Gospodarczy KRS',
  OPERATOR_KRS: '0000123456',
  OPERATOR_NIP: '5260250274',
  OPERATOR_REGON: '12345678500002',
  OPERATOR_SHARE_CAPITAL: '50 000 zł',
  OPERATOR_EMAIL: 'biuro@porownywarka-testowa.pl',
  OPERATOR_PHONE: '+48 12 345 67 89',
  OPERATOR_DPO_EMAIL: 'iod@porownywarka-testowa.pl',
  OPERATOR_CREDIT_INTERMEDIARY_ENTRY: 'RPK012345',
};

const DOC_KEYS = Object.keys(LEGAL_DOCUMENTS) as LegalDocumentKey[];

/** The repository's documents as GetPage would answer them (the recorded page's shape, the real text). */
const DOC_PAGES = DOC_KEYS.map((key) => {
  const doc = readLegalDocument(key);
  return {
    ...DOC_PAGE,
    path: doc.path,
    link: doc.path,
    title: doc.title,
    h1: doc.h1,
    description: doc.description,
    bodyHtml: doc.html,
    introHtml: '',
    faq: [],
    related: [],
  };
});

/** /o-nas/ as the content service answers it from the repository's content/pages/o-nas.md. */
const ABOUT = (() => {
  const source = readFileSync(path.resolve(__dirname, '../../../content/pages/o-nas.md'), 'utf8');
  const markdown = source.slice(source.indexOf('\n---\n', 3) + 5);
  return { ...ABOUT_PAGE, bodyHtml: renderDocumentMarkdown(markdown), introHtml: '', faq: [], related: [] };
})();

/** A lender and a comparison site, as ListLenderFacts gives them: the lenders the disclosure lists. */
const unknownFact = { value: '', source: null, checkedAt: '' };
const partner = (slug: string, name: string, kind: string): offersV1.LenderFacts => ({
  slug,
  name,
  kind: { value: kind, source: null, checkedAt: '' },
  company: unknownFact,
  register: unknownFact,
  registerEntry: unknownFact,
  offer: null,
  nameForms: null,
});
const LENDER_FACTS: offersV1.ListLenderFactsResponse = {
  ...CATALOGUE_FACTS,
  lenders: [partner('vivus', 'Vivus', 'instytucja-pozyczkowa'), partner('finbo', 'Finbo', 'porownywarka')],
};

/** The page's visible text with tags dropped (entities kept). */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const footerOf = (html: string) => /<footer class="site-footer">[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';

describe('operator identity on the pages', () => {
  let content: FakeGrpcServer;
  let offers: FakeGrpcServer;

  beforeAll(async () => {
    [content, offers] = await Promise.all([
      startFakeService('content', createFakeContent({ pages: [...DOC_PAGES, ABOUT] }).handlers),
      startFakeService('offers', { ...OFFERS_HANDLERS, ListLenderFacts: () => LENDER_FACTS }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([content.stop(), offers.stop()]);
  });

  describe('development default: the embedded example company, labelled', () => {
    let gateway: TestGateway;
    beforeAll(async () => {
      gateway = await startTestGateway({
        targets: { content: content.target, offers: offers.target },
        env: { PAGE_CACHE: 'false' },
      });
    });
    afterAll(() => gateway.stop());
    const get = (pagePath: string) => rawRequest(gateway.port, { path: pagePath });

    it.each(['/', '/kontakt/', '/polityka-cookies/', '/strona-ktorej-nie-ma/'])(
      'the footer of %s names the operator and says the data are an example',
      async (pagePath) => {
        const res = await get(pagePath);
        const footer = footerOf(res.body);
        expect(footer).toContain(`Serwis prowadzi ${EXAMPLE_OPERATOR.name}`);
        expect(footer).toContain(`NIP ${formatNip(EXAMPLE_OPERATOR.nip)}`);
        expect(footer).toContain(`mailto:${EXAMPLE_OPERATOR.email}`);
        expect(text(footer)).toContain(EXAMPLE_NOTICE);
      },
    );

    it('/kontakt/ shows the whole identity with the example notice', async () => {
      const res = await get('/kontakt/');
      expect(res.status).toBe(200);
      const main = /<main[\s\S]*<\/main>/.exec(res.body)?.[0] ?? '';
      expect(main).toContain('Kto prowadzi serwis');
      for (const value of [
        EXAMPLE_OPERATOR.name,
        EXAMPLE_OPERATOR.address,
        EXAMPLE_OPERATOR.krs!,
        formatNip(EXAMPLE_OPERATOR.nip),
        EXAMPLE_OPERATOR.regon,
        // Shown typeset, its spaces no-break ones, as every amount on the site.
        typesetText(EXAMPLE_OPERATOR.shareCapital!),
        EXAMPLE_OPERATOR.phone,
        EXAMPLE_OPERATOR.dpoEmail,
      ]) {
        expect(main).toContain(value);
      }
      expect(text(main)).toContain(EXAMPLE_NOTICE);
    });

    it.each(DOC_KEYS)(
      'the %s document shows the operator where its markers are, labelled as an example',
      async (key) => {
        const doc = readLegalDocument(key);
        const res = await get(doc.path);
        expect(res.status).toBe(200);
        const article = /<article[\s\S]*<\/article>/.exec(res.body)?.[0] ?? '';
        expect(article).not.toContain('{{');
        expect(article).toContain(EXAMPLE_OPERATOR.name);
        expect(text(article)).toContain(EXAMPLE_NOTICE);
      },
    );

    it('the footer of every page states the intermediary disclosure, its example register entry said to be one', async () => {
      for (const pagePath of ['/', '/kontakt/', '/o-nas/', '/strona-ktorej-nie-ma/']) {
        const footer = text(footerOf((await get(pagePath)).body));
        expect(footer).toContain(
          `Jesteśmy pośrednikiem kredytowym (rejestr pośredników kredytowych KNF, wpis nr RPK000000 – ${EXAMPLE_ENTRY_MARK}) i współpracujemy z kilkoma pożyczkodawcami.`,
        );
        expect(footer).toContain('nie zawieramy umów w imieniu pożyczkodawców');
        expect(footer).toContain('prowizję płaci nam pożyczkodawca');
        expect(footerOf((await get(pagePath)).body)).toContain('<a href="/o-nas/#posrednictwo-kredytowe">');
      }
      const terms = text((await get('/zasady-korzystania-z-serwisu/')).body);
      expect(terms).toContain(`pod numerem RPK000000 – ${EXAMPLE_ENTRY_MARK}.`);
    });

    it('a client-side navigation gets the operator with the navigation', async () => {
      const res = await get('/kontakt/_payload.json?v=testbuild01');
      const payload = JSON.parse(res.body) as PagePayload;
      expect(payload.navigation.operator).toEqual(EXAMPLE_OPERATOR);
    });
  });

  describe('configured operator (OPERATOR_* set)', () => {
    let gateway: TestGateway;
    beforeAll(async () => {
      gateway = await startTestGateway({
        targets: { content: content.target, offers: offers.target },
        env: { PAGE_CACHE: 'false', ...REAL_ENV },
      });
    });
    afterAll(() => gateway.stop());
    const get = (pagePath: string) => rawRequest(gateway.port, { path: pagePath });

    it('shows the configured data in the footer, on /kontakt/ and in every document, with no example notice', async () => {
      for (const pagePath of ['/', '/kontakt/', ...DOC_PAGES.map((page) => page.path)]) {
        const res = await get(pagePath);
        expect(res.status).toBe(200);
        expect(res.body).toContain(REAL_ENV['OPERATOR_NAME']);
        expect(res.body).not.toContain(EXAMPLE_OPERATOR.name);
        expect(text(res.body)).not.toContain(EXAMPLE_NOTICE);
        expect(res.body).not.toContain('{{operator');
      }
      const contact = (await get('/kontakt/')).body;
      for (const value of [
        '0000123456',
        '526-025-02-74',
        '12345678500002',
        '50\u00a0000\u00a0zł',
        'RPK012345',
        'iod@porownywarka-testowa.pl',
        '+48 12 345 67 89',
      ]) {
        expect(contact).toContain(value);
      }
      const terms = (await get('/zasady-korzystania-z-serwisu/')).body;
      expect(terms).toContain(
        '<a href="mailto:biuro@porownywarka-testowa.pl">biuro@porownywarka-testowa.pl</a>',
      );
      expect(terms).toContain('+48 12 345 67 89');
    });

    it('states the intermediary disclosure with the configured register entry in every footer, on /o-nas/ and in the terms', async () => {
      for (const pagePath of ['/', '/kontakt/', '/polityka-cookies/', '/strona-ktorej-nie-ma/']) {
        const footer = text(footerOf((await get(pagePath)).body));
        expect(footer).toContain('rejestr pośredników kredytowych KNF, wpis nr RPK012345)');
        expect(footer).not.toContain(EXAMPLE_ENTRY_MARK);
      }
      for (const pagePath of ['/o-nas/', '/zasady-korzystania-z-serwisu/']) {
        const res = await get(pagePath);
        expect(res.status).toBe(200);
        const main = /<main[\s\S]*<\/main>/.exec(res.body)?.[0] ?? '';
        expect(main).not.toContain('{{');
        const shown = text(main);
        // The register entry, the scope of authority and the pay.
        expect(shown).toContain(
          'Operator serwisu, Porównywarka Testowa sp. z o.o., jest pośrednikiem kredytowym wpisanym do rejestru pośredników kredytowych prowadzonego przez Komisję Nadzoru Finansowego pod numerem RPK012345.',
        );
        expect(shown).toContain('Współpracujemy z kilkoma pożyczkodawcami jednocześnie');
        expect(shown).toContain(
          'Nie mamy umocowania do zawierania umów pożyczki ani kredytu w imieniu pożyczkodawców',
        );
        expect(shown).toContain('Wynagrodzenie, czyli prowizję, płaci nam pożyczkodawca');
        // The lenders we work with, from the offers data, each linked to its review.
        expect(main).toContain(
          '<ul class="partner-list"><li data-partner="vivus"><a href="/opinie-o-pozyczkach/vivus/">Vivus</a></li>',
        );
        expect(main).toContain(
          '<a href="/opinie-o-pozyczkach/finbo/">Finbo</a> (porównywarka ofert – nie udziela pożyczek)',
        );
      }
      // The long form stands where the footer links to.
      expect((await get('/o-nas/')).body).toMatch(
        /<h2 id="posrednictwo-kredytowe"[^>]*>Pośrednictwo kredytowe<\/h2>/,
      );
    });
  });
});

describe('gateway process start (built output)', () => {
  const main = path.resolve(__dirname, '../../../dist/apps/gateway/src/server/main.js');
  // The Nx test target depends on build; a bare jest run without a build skips these visibly.
  const maybe = existsSync(main) ? it : it.skip;

  interface LogLine {
    level: string;
    msg: string;
    variables?: string[];
    port?: number;
  }

  /**
   * Starts the built gateway as a deployment does (NODE_ENV=production) and collects what it logs
   * until the first line that reports the outcome; answers that line, every line and /readyz.
   */
  async function startAsDeployment(env: Record<string, string>) {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('OPERATOR_') && name !== 'NODE_ENV'),
    );
    const child = spawn(process.execPath, [main], {
      env: {
        ...clean,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        OPS_PORT: '0',
        LOG_LEVEL: 'info',
        PUBLIC_ORIGIN: 'https://www.porownywarka-testowa.pl',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: LogLine[] = [];
    try {
      const reported = await new Promise<LogLine>((resolve, reject) => {
        let buffered = '';
        const timer = setTimeout(() => reject(new Error(`no outcome logged: ${buffered}`)), 20_000);
        child.stdout.on('data', (chunk: Buffer) => {
          buffered += chunk.toString();
          for (;;) {
            const end = buffered.indexOf('\n');
            if (end === -1) break;
            const line = JSON.parse(buffered.slice(0, end)) as LogLine;
            buffered = buffered.slice(end + 1);
            lines.push(line);
            if (line.level === 'error' || /invalid configuration/.test(line.msg)) {
              clearTimeout(timer);
              resolve(line);
            }
          }
        });
        child.once('exit', (code) => reject(new Error(`gateway exited (${code}) before reporting`)));
      });
      const readyz = await fetch(`http://127.0.0.1:${reported.port}/readyz`).then((res) => res.status);
      const page = await fetch(`http://127.0.0.1:${reported.port}/kontakt/`).then((res) => res.status);
      return { reported, lines, readyz, page, exited: child.exitCode !== null };
    } finally {
      child.kill('SIGKILL');
    }
  }

  maybe(
    'production without the operator data does not serve: one log line names the variables, /readyz 503',
    async () => {
      const { reported, lines, readyz, page } = await startAsDeployment({});
      expect(lines.filter((line) => /invalid configuration/.test(line.msg))).toHaveLength(1);
      expect(reported.msg).toMatch(/^invalid configuration: OPERATOR_NAME is required in production/);
      expect(reported.variables).toEqual(
        expect.arrayContaining([
          'OPERATOR_NAME',
          'OPERATOR_NIP',
          'OPERATOR_REGON',
          'OPERATOR_EMAIL',
          'OPERATOR_DPO_EMAIL',
          'OPERATOR_CREDIT_INTERMEDIARY_ENTRY',
        ]),
      );
      expect(readyz).toBe(503);
      expect(page).toBe(503);
    },
  );

  maybe(
    'production with every operator fact but the register entry of a credit intermediary does not serve, naming it',
    async () => {
      const { OPERATOR_CREDIT_INTERMEDIARY_ENTRY: _entry, ...withoutEntry } = REAL_ENV;
      const { reported, lines, readyz } = await startAsDeployment(withoutEntry);
      expect(lines.filter((line) => /invalid configuration/.test(line.msg))).toHaveLength(1);
      expect(reported.variables).toEqual(['OPERATOR_CREDIT_INTERMEDIARY_ENTRY']);
      expect(reported.msg).toMatch(
        /^invalid configuration: OPERATOR_CREDIT_INTERMEDIARY_ENTRY is required in production/,
      );
      expect(readyz).toBe(503);
    },
  );

  maybe(
    'production without PUBLIC_ORIGIN does not start: exit 78 and one line naming the variable',
    async () => {
      const clean = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !name.startsWith('OPERATOR_') && name !== 'NODE_ENV'),
      );
      // Empty counts as unset, as in a compose file's `PUBLIC_ORIGIN=`.
      const child = spawn(process.execPath, [main], {
        env: {
          ...clean,
          ...REAL_ENV,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: '0',
          OPS_PORT: '0',
          PUBLIC_ORIGIN: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve, reject) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`gateway still running: ${stdout}${stderr}`));
        }, 20_000);
        child.once('exit', (exitCode) => {
          clearTimeout(timer);
          resolve(exitCode);
        });
      });
      expect(code).toBe(78);
      const lines = stderr.split('\n').filter((line) => line.trim() !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/PUBLIC_ORIGIN is required in production/);
      expect(stdout).toBe('');
    },
  );

  maybe('production with a NIP whose check digit is wrong names OPERATOR_NIP and its value', async () => {
    const { reported, readyz } = await startAsDeployment({ ...REAL_ENV, OPERATOR_NIP: '5260250275' });
    expect(reported.variables).toEqual(['OPERATOR_NIP']);
    expect(reported.msg).toMatch(
      /^invalid configuration: OPERATOR_NIP="5260250275" is not a valid NIP \(check digit does not match\)/,
    );
    expect(readyz).toBe(503);
  });
});
