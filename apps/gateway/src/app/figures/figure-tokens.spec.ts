import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type offersV1 } from '@lib/contracts';
import { createPolishLocale } from '../../shared/locale';
import { toLenderFactsView } from './lender-facts.view-model';
import {
  FIGURE_TOKENS,
  FIGURE_UNKNOWN,
  NO_FIGURES,
  SAMPLE_MARK,
  figureTokenUses,
  figureValues,
  fillFigureTokens,
  fillFigureTokensDeep,
  fillFigures,
  tokensIn,
  withFigures,
} from './figure-tokens';

const locale = createPolishLocale('https://example.pl');
const CONTENT = path.resolve(__dirname, '../../../../../content');
const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');
/** What the block tokens become in the tests of token filling: nothing, or a bare table. */
const NO_BLOCKS = { 'partnerzy.tabela': '', 'partnerzy.lista': '' };
const TABLE_ONLY = { ...NO_BLOCKS, 'partnerzy.tabela': '<table></table>' };

const source = { name: 'dane z pliku ofert partnera', url: '' };
const RESPONSE: offersV1.ListLenderFactsResponse = {
  figures: {
    amountMinGrosze: 10_000,
    amountMaxGrosze: 3_000_000,
    periodMinDays: 30,
    periodMaxDays: 1_800,
    firstLoanFreeMaxGrosze: 300_000,
    lenders: 25,
    asOf: '2026-11-24',
    source,
    sample: false,
  },
  lenders: [
    {
      slug: 'vivus',
      name: 'Vivus',
      kind: {
        value: 'instytucja-pozyczkowa',
        source: { name: 'strona marki (www.vivus.pl)', url: 'https://www.vivus.pl/' },
        checkedAt: '2026-11-25',
      },
      company: {
        value: '4finance sp. z o.o.',
        source: { name: 'strona marki (www.vivus.pl)', url: 'https://www.vivus.pl/' },
        checkedAt: '2026-11-25',
      },
      register: { value: '', source: null, checkedAt: '' },
      registerEntry: { value: '', source: null, checkedAt: '' },
      offer: null,
      nameForms: null,
    },
    {
      slug: 'finbo',
      name: 'Finbo <b>',
      kind: {
        value: 'porownywarka',
        source: { name: 'strona marki (www.finbo.pl)', url: 'https://www.finbo.pl/' },
        checkedAt: '2026-11-25',
      },
      company: { value: '', source: null, checkedAt: '' },
      register: { value: '', source: null, checkedAt: '' },
      registerEntry: { value: '', source: null, checkedAt: '' },
      offer: null,
      nameForms: null,
    },
  ],
};

function contentFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? contentFiles(full) : /\.(md|ya?ml)$/.test(name) ? [full] : [];
  });
}

describe('figure tokens', () => {
  const figures = figureValues(RESPONSE, locale);
  const sample = figureValues({ ...RESPONSE, figures: { ...RESPONSE.figures!, sample: true } }, locale);

  it('turns the catalogue figures into the text the tokens stand for', () => {
    expect(figures.sample).toBe(false);
    expect(Object.fromEntries(Object.entries(figures.values).map(([k, v]) => [k, nbsp(v ?? '')]))).toEqual({
      'oferty.kwota-min': '100 zł',
      'oferty.kwota-max': '30 000 zł',
      'oferty.okres-min': '30 dni',
      'oferty.okres-max': '60 miesięcy',
      'oferty.darmowa-max': '3 000 zł',
      'oferty.liczba-pozyczkodawcow': '25',
      'oferty.stan-na': '24.11.2026',
      'oferty.zrodlo': 'dane z pliku ofert partnera',
    });
  });

  it('never states a figure the catalogue does not give: no offers, no free loan, no feed yet', () => {
    const empty = figureValues(
      {
        lenders: [],
        figures: {
          amountMinGrosze: 0,
          amountMaxGrosze: 0,
          periodMinDays: 0,
          periodMaxDays: 0,
          firstLoanFreeMaxGrosze: 0,
          lenders: 0,
          asOf: '',
          source: null,
          sample: false,
        },
      },
      locale,
    );
    expect(Object.values(empty.values).every((value) => value === null)).toBe(true);
    expect(figureValues({ lenders: [], figures: null }, locale).values).toEqual(NO_FIGURES.values);
    expect(fillFigureTokens('do {{oferty.kwota-max}}', empty, NO_BLOCKS)).toBe(`do ${FIGURE_UNKNOWN}`);
  });

  it('fills known tokens (spaces allowed), keeps unknown ones as written, and puts the partner table in place of its paragraph', () => {
    expect(
      nbsp(
        fillFigureTokens('Pożyczka do {{oferty.kwota-max}} i {{ oferty.kwota-min }}', figures, TABLE_ONLY),
      ),
    ).toBe('Pożyczka do 30 000 zł i 100 zł');
    expect(fillFigureTokens('{{oferty.nieznany}}', figures, NO_BLOCKS)).toBe('{{oferty.nieznany}}');
    expect(fillFigureTokens('<p>A</p><p>{{partnerzy.tabela}}</p>', figures, TABLE_ONLY)).toBe(
      '<p>A</p><table></table>',
    );
    expect(
      fillFigureTokensDeep({ a: ['{{oferty.liczba-pozyczkodawcow}}', 3], b: { c: null } }, (t) =>
        fillFigureTokens(t, figures, NO_BLOCKS),
      ),
    ).toEqual({ a: ['25', 3], b: { c: null } });
  });

  it("reads a figure it does not know as the writer's fallback, and a known one as the figure", () => {
    const text =
      'do {{oferty.kwota-max|kwoty podanej przez pożyczkodawców}} (stan na {{oferty.stan-na|dzień pobrania}})';
    expect(fillFigureTokens(text, NO_FIGURES, NO_BLOCKS)).toBe(
      'do kwoty podanej przez pożyczkodawców (stan na dzień pobrania)',
    );
    expect(nbsp(fillFigureTokens(text, figures, NO_BLOCKS))).toBe('do 30 000 zł (stan na 24.11.2026)');
    expect(tokensIn(text)).toEqual(['oferty.kwota-max', 'oferty.stan-na']);
  });

  it('says sample figures are sample: once after a plain text, at the end of each HTML block that states one', () => {
    expect(
      nbsp(
        fillFigureTokens(
          'Pożyczka do {{oferty.kwota-max}} i od {{oferty.kwota-min}}',
          sample,
          NO_BLOCKS,
          false,
        ),
      ),
    ).toBe(`Pożyczka do 30 000 zł i od 100 zł ${SAMPLE_MARK}`);
    expect(fillFigureTokens('Bez liczb', sample, NO_BLOCKS, false)).toBe('Bez liczb');
    const html = nbsp(
      fillFigureTokens(
        '<p>Do {{oferty.kwota-max}}.</p><p>Bez liczb.</p><li>{{oferty.okres-max}}</li>',
        sample,
        NO_BLOCKS,
        true,
      ),
    );
    expect(html).toBe(
      `<p>Do 30 000 zł. <small class="sample-mark">${SAMPLE_MARK}</small></p><p>Bez liczb.</p><li>60 miesięcy <small class="sample-mark">${SAMPLE_MARK}</small></li>`,
    );
    expect(fillFigureTokens('<p>{{partnerzy.tabela}}</p>', sample, TABLE_ONLY, true)).toMatch(
      /^<p class="notice notice--sample"[^>]*><strong>Dane przykładowe<\/strong>[^<]*<\/p><table><\/table>$/,
    );
    expect(sample.values['oferty.zrodlo']).toBe(
      'przykładowy plik ofert dołączony do serwisu (nie dane pożyczkodawców)',
    );
  });

  it('fills page data by field: `…Html` fields as HTML, the rest as text; without the offers data, the fallbacks', () => {
    const data = {
      h1: 'Do {{oferty.kwota-max|wysokiej kwoty}}',
      bodyHtml: '<p>Od {{oferty.kwota-min}}</p>',
      n: 2,
    };
    expect(fillFigures(data, null, locale)).toEqual({
      h1: 'Do wysokiej kwoty',
      bodyHtml: `<p>Od ${FIGURE_UNKNOWN}</p>`,
      n: 2,
    });
    const filled = fillFigures(
      data,
      { ...RESPONSE, figures: { ...RESPONSE.figures!, sample: true } },
      locale,
    );
    expect(nbsp(filled.h1)).toBe(`Do 30 000 zł ${SAMPLE_MARK}`);
    expect(nbsp(filled.bodyHtml)).toBe(`<p>Od 100 zł <small class="sample-mark">${SAMPLE_MARK}</small></p>`);
  });

  it('asks the offers service only when the page data holds a token, and renders the partner table from its facts', async () => {
    const listLenderFacts = jest.fn((): Promise<offersV1.ListLenderFactsResponse> =>
      Promise.resolve(RESPONSE),
    );
    const ctx = { services: { offers: { listLenderFacts } } as never, locale };
    const plain = { title: 'Bez liczb' };
    await expect(withFigures(plain, ctx)).resolves.toBe(plain);
    expect(listLenderFacts).not.toHaveBeenCalled();
    const filled = await withFigures(
      { title: 'do {{oferty.kwota-max}}', bodyHtml: '<p>{{partnerzy.tabela}}</p>' },
      ctx,
    );
    expect(nbsp(filled.title)).toBe('do 30 000 zł');
    expect(filled.bodyHtml).toContain(
      '<th scope="row">Vivus</th><td>instytucja pożyczkowa</td><td>4finance sp. z o.o.</td>',
    );
    expect(filled.bodyHtml).toContain(
      '<a href="https://www.vivus.pl/" rel="nofollow noopener">strona marki (www.vivus.pl)</a>, stan na <time datetime="2026-11-25">25.11.2026</time>',
    );
    // Names are escaped; an unverified company says so; a comparison site is named as such.
    expect(filled.bodyHtml).toContain(
      '<th scope="row">Finbo &lt;b&gt;</th><td>porównywarka ofert – nie udziela pożyczek</td><td><em>w trakcie weryfikacji</em></td>',
    );
  });

  it('puts the linked list of the lenders we work with in place of its paragraph, a non-lender named as one', async () => {
    const ctx = {
      services: { offers: { listLenderFacts: () => Promise.resolve(RESPONSE) } } as never,
      locale,
    };
    const filled = await withFigures({ bodyHtml: '<p>Współpracujemy z:</p><p>{{partnerzy.lista}}</p>' }, ctx);
    expect(filled.bodyHtml).toBe(
      '<p>Współpracujemy z:</p><ul class="partner-list">' +
        '<li data-partner="vivus"><a href="/opinie-o-pozyczkach/vivus/">Vivus</a></li>' +
        '<li data-partner="finbo"><a href="/opinie-o-pozyczkach/finbo/">Finbo &lt;b&gt;</a> (porównywarka ofert – nie udziela pożyczek)</li>' +
        '</ul>',
    );
    // Without the offers data, or without a lender in them, the list reads as unknown, never as an empty one.
    for (const response of [null, { ...RESPONSE, lenders: [] }])
      expect(fillFigures({ bodyHtml: '<p>{{partnerzy.lista}}</p>' }, response, locale).bodyHtml).toBe(
        `<p>${FIGURE_UNKNOWN}</p>`,
      );
  });

  it('every token written in content/ is one the gateway knows', () => {
    const known = new Set<string>(FIGURE_TOKENS);
    const unknown = contentFiles(CONTENT).flatMap((file) =>
      tokensIn(readFileSync(file, 'utf8'))
        .filter((token) => !known.has(token))
        .map((token) => `${path.relative(CONTENT, file)}: {{${token}}}`),
    );
    expect(unknown).toEqual([]);
  });

  it('the home page states the catalogue range by tokens, each with words for when it is unknown (the page renders without the offers service)', () => {
    const home = readFileSync(path.join(CONTENT, 'pages/index.md'), 'utf8');
    const front = home.split('\n---')[0]!;
    expect(front).toMatch(/^h1: .*\{\{oferty\.kwota-max\|[^}]+\}\}/m);
    // No amount typed by hand in the headline.
    expect(front.match(/^(?:title|h1): .*/gm)!.join('\n')).not.toMatch(/\d[\d\s]* zł/);
    const withoutFallback = figureTokenUses(home).filter(
      (use) => use.fallback === null || use.fallback === '',
    );
    expect(withoutFallback).toEqual([]);
  });
});

describe('lender facts view', () => {
  it('shows unknown facts as being verified or no data, and figures with the feed source and date', () => {
    const view = toLenderFactsView(
      {
        ...RESPONSE.lenders[1]!,
        offer: {
          offerId: 1,
          amountMinGrosze: 30_000,
          amountMaxGrosze: 3_000_000,
          periodMinDays: 61,
          periodMaxDays: 1_460,
          firstLoanFree: false,
          firstLoanFreeMaxGrosze: 0,
          representativeExample: {
            amountGrosze: 100_000,
            periodDays: 30,
            interestRateBp: 1_000,
            interestGrosze: 0,
            feesGrosze: 0,
            totalCostGrosze: 0,
            totalPayableGrosze: 0,
            rrsoPercent: '36.54',
            payments: 1,
            firstLoanFreeApplies: false,
          },
          repayment: 'single',
          isActive: true,
          sponsored: true,
          sample: false,
          source,
          checkedAt: '2026-11-24',
          ageMin: 18,
          ageMax: 80,
          interestRateBp: 1_450,
          commissionBp: 1_160,
        },
      },
      locale,
    );
    expect(view.notALender).toBe(true);
    expect(
      view.rows.map((r) => [r.label, nbsp(r.value), r.known, r.source?.name ?? null, r.checkedAt]),
    ).toEqual([
      ['Firma (strona umowy)', 'w trakcie weryfikacji', false, null, ''],
      [
        'Rodzaj działalności',
        'porównywarka ofert – nie udziela pożyczek',
        true,
        'strona marki (www.finbo.pl)',
        '2026-11-25',
      ],
      ['Licencja lub rejestr', 'w trakcie weryfikacji', false, null, ''],
      ['Kwota', '300–30 000 zł', true, source.name, '2026-11-24'],
      ['Okres', '61 dni – 48 miesięcy', true, source.name, '2026-11-24'],
      ['Pierwsza pożyczka za 0\u00a0zł', 'nie', true, source.name, '2026-11-24'],
      // A comparison site lends nothing: no RRSO of its own, whatever example a feed row carries.
      [
        'RRSO przykładu reprezentatywnego',
        'nie dotyczy – serwis nie udziela pożyczek, koszt ustala pożyczkodawca, do którego trafi wniosek',
        false,
        null,
        '',
      ],
    ]);
    const noOffer = toLenderFactsView(RESPONSE.lenders[0]!, locale);
    expect(noOffer.notALender).toBe(false);
    expect(
      noOffer.rows.slice(3).every((r) => r.value === 'brak danych' && !r.known && r.source === null),
    ).toBe(true);
  });
});
