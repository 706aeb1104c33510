import { createPolishLocale } from '../../shared/locale';
import {
  calculatorView,
  dayLoanExampleView,
  DEFAULT_VALUES,
  shareQuery,
  valuesFromQuery,
} from './calculator.view-model';

const locale = createPolishLocale('https://example.pl');
const TODAY = '2026-11-24';
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('calculator view model', () => {
  it('shows the example at the bare address: 10 000 zł, 12%, 12 months → 888,49 zł a month', () => {
    const view = calculatorView(locale, TODAY, valuesFromQuery(new URLSearchParams('')));
    expect(view.values).toEqual(DEFAULT_VALUES);
    expect(view.errors).toEqual({});
    expect(view.result).toMatchObject({
      paymentLabel: 'Rata miesięczna',
      payment: nbsp('888,49 zł'),
      interest: nbsp('661,86 zł'),
      total: nbsp('10 661,86 zł'),
      rrso: '12,68\u00a0%',
      capsOk: true,
    });
    expect(view.result?.rows).toHaveLength(12);
    expect(view.result?.rows[11]).toEqual([
      '12',
      nbsp('888,47 zł'),
      nbsp('8,80 zł'),
      nbsp('879,67 zł'),
      nbsp('0,00 zł'),
    ]);
  });

  it('reads a shared address with Polish parameter names and choices', () => {
    const values = valuesFromQuery(
      new URLSearchParams('kwota=12000&oprocentowanie=12&okres=12&raty=malejace&typ=firmowy&prowizja=600'),
    );
    const view = calculatorView(locale, TODAY, values);
    expect(view.result).toMatchObject({
      paymentLabel: 'Pierwsza i ostatnia rata',
      payment: `${nbsp('1 120,00 zł')} → ${nbsp('1 010,00 zł')}`,
      interest: nbsp('780,00 zł'),
      rrso: '24,40\u00a0%',
    });
    expect(view.result?.caps[1]?.text).toMatch(/nie dotyczy kredytu firmowego/);
    expect(view.shareQuery).toBe(
      '?kwota=12000&oprocentowanie=12&okres=12&raty=malejace&typ=firmowy&prowizja=600',
    );
  });

  it('flags a rate above the maximum interest next to the result, never hiding it', () => {
    const view = calculatorView(locale, TODAY, { ...DEFAULT_VALUES, rate: '20' });
    expect(view.result?.capsOk).toBe(false);
    expect(view.result?.caps[0]).toMatchObject({ ok: false });
    expect(view.result?.caps[0]?.text).toMatch(/przekracza odsetki maksymalne 14,5\u00a0%/);
    expect(view.result?.capsSource).toMatch(/3,75\u00a0% obowiązuje od 05\.03\.2026/);
  });

  it('checks art. 36a only for a consumer’s credit up to 255 550 zł, and says why it does not apply above', () => {
    const within = calculatorView(locale, TODAY, {
      ...DEFAULT_VALUES,
      amount: '255550',
      commission: '51110,01',
    });
    expect(within.result?.caps[1]).toMatchObject({ applies: true, ok: false });
    expect(within.result?.capsOk).toBe(false);
    const above = calculatorView(locale, TODAY, {
      ...DEFAULT_VALUES,
      amount: '255550,01',
      commission: '51110,01',
    });
    expect(above.result?.caps[1]).toMatchObject({ applies: false, ok: true });
    expect(above.result?.caps[1]?.text).toMatch(
      /nie dotyczy tej kwoty: obejmuje kredyty do 255\u00a0550\u00a0zł/,
    );
    // the maximum interest is the civil code's: still checked above the act's range
    expect(above.result?.caps[0]).toMatchObject({ applies: true, ok: true });
    const business = calculatorView(locale, TODAY, { ...DEFAULT_VALUES, type: 'firmowy' });
    expect(business.result?.caps[1]).toMatchObject({ applies: false, ok: true });
  });

  it('gives Polish messages for bad values, keeps what was typed and shows no figures', () => {
    const values = valuesFromQuery(new URLSearchParams('kwota=abc&oprocentowanie=999&okres=0&raty=x'));
    const view = calculatorView(locale, TODAY, values);
    expect(view.values).toMatchObject({ amount: 'abc', rate: '999', months: '0', kind: 'x' });
    expect(view.result).toBeNull();
    expect(Object.keys(view.errors).sort()).toEqual(['amount', 'kind', 'months', 'rate']);
    expect(JSON.stringify(view)).not.toMatch(/NaN|Infinity/);
  });

  it('cuts over-long values so the page data stays small, and still refuses them', () => {
    const values = valuesFromQuery(new URLSearchParams(`kwota=${'9'.repeat(5000)}`));
    expect(values.amount).toHaveLength(21);
    expect(calculatorView(locale, TODAY, values).errors.amount).toBeDefined();
  });

  it('writes only filled fields into the shared address', () => {
    expect(shareQuery({ ...DEFAULT_VALUES, commission: ' ' })).toBe(
      '?kwota=10000&oprocentowanie=12&okres=12&raty=rowne&typ=prywatny',
    );
  });

  it('states the spec’s worked example from the library: 10 000 zł, 90 days, 1% a day → 9 000 zł interest, 19 000 zł', () => {
    expect(dayLoanExampleView(locale, TODAY)).toEqual({
      interest: nbsp('9 000,00 zł'),
      total: nbsp('19 000,00 zł'),
      rrso: '1\u00a0250,52\u00a0%',
      cap: expect.stringMatching(
        /^Oprocentowanie 365\u00a0% przekracza odsetki maksymalne 14,5\u00a0% rocznie/,
      ),
    });
  });
});
