import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type offersV1 } from '@lib/contracts';
import { createPolishLocale } from '../../shared/locale';
import { periodText } from './lender-facts.view-model';
import {
  LENDER_TOKEN_DEFAULTS,
  LENDER_TOKENS,
  fillLenderTokens,
  lenderTokensIn,
  lenderTokenValues,
} from './lender-tokens';

const locale = createPolishLocale('https://example.pl');
const CONTENT = path.resolve(__dirname, '../../../../../content');
const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const source = { name: 'dane z pliku ofert partnera', url: '' };
const unknown = { value: '', source: null, checkedAt: '' };
const FACTS: offersV1.LenderFacts = {
  slug: 'kuki',
  name: 'Kuki',
  kind: unknown,
  company: unknown,
  register: unknown,
  registerEntry: unknown,
  nameForms: { nominative: 'Kuki', genitive: 'Kuki', instrumental: 'Kuki', locative: 'Kuki' },
  offer: {
    offerId: 2011,
    amountMinGrosze: 10_000,
    amountMaxGrosze: 500_000,
    periodMinDays: 61,
    periodMaxDays: 61,
    firstLoanFree: true,
    firstLoanFreeMaxGrosze: 150_000,
    representativeExample: {
      amountGrosze: 100_000,
      periodDays: 61,
      interestRateBp: 0,
      interestGrosze: 0,
      feesGrosze: 0,
      totalCostGrosze: 0,
      totalPayableGrosze: 100_000,
      rrsoPercent: '0.00',
      payments: 1,
      firstLoanFreeApplies: true,
    },
    repayment: 'single',
    isActive: true,
    sponsored: false,
    sample: false,
    source,
    checkedAt: '2026-11-24',
    ageMin: 18,
    ageMax: 75,
    interestRateBp: 0,
    commissionBp: 0,
  },
};

describe('lender figure tokens', () => {
  it("turn one lender's offer into the text the tokens stand for, leaving out what the feed does not give", () => {
    const values = lenderTokenValues(FACTS, locale);
    expect(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, nbsp(v)]))).toEqual({
      'oferta.kwota-min': '100 zł',
      'oferta.kwota-max': '5 000 zł',
      'oferta.kwoty': 'od 100 do 5 000 zł',
      'oferta.okres-min': '61 dni',
      'oferta.okres-max': '61 dni',
      'oferta.okresy': '61 dni',
      'oferta.darmowa-max': '1 500 zł',
      'oferta.przyklad': '1 000 zł na 61 dni',
      'oferta.rrso': '0,00 %',
      'oferta.wiek-min': '18 lat',
      'oferta.wiek-max': '75 lat',
      'oferta.wiek': 'w wieku od 18 do 75 lat',
      'oferta.stan-na': '24.11.2026',
    });
    // A paid instalment loan: months, interest and commission.
    const instalment = lenderTokenValues(
      {
        ...FACTS,
        offer: {
          ...FACTS.offer!,
          periodMinDays: 180,
          periodMaxDays: 1_460,
          firstLoanFree: false,
          firstLoanFreeMaxGrosze: 0,
          interestRateBp: 1_450,
          commissionBp: 1_490,
        },
      },
      locale,
    );
    expect(instalment['oferta.okresy']).toBe('od 6 do 48 miesięcy');
    expect(instalment['oferta.okres-max']).toBe('48 miesięcy');
    expect(instalment['oferta.oprocentowanie']).toBe('14,5\u00a0%');
    expect(instalment['oferta.prowizja']).toBe('14,9\u00a0%');
    expect(instalment['oferta.darmowa-max']).toBeUndefined();
    expect(
      lenderTokenValues(
        { ...FACTS, offer: { ...FACTS.offer!, periodMinDays: 30, periodMaxDays: 730 } },
        locale,
      )['oferta.okresy'],
    ).toBe('od 30 dni do 24 miesięcy');
    expect(lenderTokenValues({ ...FACTS, offer: null }, locale)).toEqual({});
    expect(lenderTokenValues(null, locale)).toEqual({});
  });

  it("fill a token with the figure, else the writer's fallback, else the token's default phrase; never a raw token", () => {
    const values = lenderTokenValues(FACTS, locale);
    const text =
      'Pożyczysz {{oferta.kwoty|w kwotach z aktualnej oferty}}, bez kosztów do {{ oferta.darmowa-max | limitu promocji }}.';
    expect(nbsp(fillLenderTokens(text, values))).toBe(
      'Pożyczysz od 100 do 5 000 zł, bez kosztów do 1 500 zł.',
    );
    expect(fillLenderTokens(text, {})).toBe(
      'Pożyczysz w kwotach z aktualnej oferty, bez kosztów do limitu promocji.',
    );
    expect(fillLenderTokens('RRSO: {{oferta.rrso}}', {})).toBe(
      `RRSO: ${LENDER_TOKEN_DEFAULTS['oferta.rrso']}`,
    );
    expect(fillLenderTokens('A {{oferta.nieznany|x}} {{oferta.nieznany}} B', {})).toBe('A x  B');
    expect(fillLenderTokens('Bez znaczników {{oferty.kwota-max}}', {})).toBe(
      'Bez znaczników {{oferty.kwota-max}}',
    );
  });

  it('marks every figure of a sample-feed offer as sample data where the review quotes it, but not its date', () => {
    const sample = lenderTokenValues({ ...FACTS, offer: { ...FACTS.offer!, sample: true } }, locale);
    expect(nbsp(sample['oferta.kwota-max']!)).toBe('5 000 zł (dane przykładowe)');
    expect(nbsp(sample['oferta.darmowa-max']!)).toBe('1 500 zł (dane przykładowe)');
    expect(sample['oferta.stan-na']).not.toContain('przykładowe');
    expect(lenderTokenValues(FACTS, locale)['oferta.kwota-max']).not.toContain('przykładowe');
  });

  it('counts periods as readers do', () => {
    expect(periodText(61, 61)).toBe('61 dni');
    expect(periodText(180, 1_440)).toBe('6–48 miesięcy');
    expect(periodText(180, 1_825)).toBe('6–60 miesięcy');
    expect(periodText(61, 90)).toBe('61–90 dni');
    expect(periodText(61, 1_440)).toBe('61 dni – 48 miesięcy');
    expect(periodText(30, 730)).toBe('30 dni – 24 miesiące');
    expect(periodText(180, 730)).toBe('6–24 miesięcy');
  });

  it('every lender token written in content/ is known, has its fallback and stands in a lender review', () => {
    const known = new Set<string>(LENDER_TOKENS);
    const files = readdirSync(CONTENT, { recursive: true, withFileTypes: true })
      // README.md documents the tokens; it is not content.
      .filter((entry) => entry.isFile() && /\.(md|ya?ml)$/.test(entry.name) && entry.name !== 'README.md')
      .map((entry) => path.join(entry.parentPath, entry.name));
    const problems = files.flatMap((file) =>
      lenderTokensIn(readFileSync(file, 'utf8')).flatMap((use) => {
        const where = path.relative(CONTENT, file);
        if (!where.startsWith('lenders/'))
          return [`${where}: {{${use.name}}} outside a lender review (only reviews know their lender)`];
        if (!known.has(use.name)) return [`${where}: {{${use.name}}} is not a lender token`];
        if (!use.fallback) return [`${where}: {{${use.name}}} has no fallback wording`];
        return [];
      }),
    );
    expect(problems).toEqual([]);
    expect(files.filter((file) => lenderTokensIn(readFileSync(file, 'utf8')).length > 0)).toHaveLength(28);
  });
});
