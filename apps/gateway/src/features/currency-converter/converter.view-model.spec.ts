import { AMOUNT_MESSAGES } from '@lib/currencies';
import { UNKNOWN_CURRENCY, converterView, sourceText } from './converter.view-model';
import { type ConverterForm } from './currency-converter-data';

const FORM: ConverterForm = {
  currencies: [
    { code: 'PLN', label: 'PLN – złoty', mid: '1', table: -1 },
    { code: 'EUR', label: 'EUR – euro', mid: '4.2930', table: 0 },
    { code: 'MDL', label: 'MDL', mid: '0.2190', table: 1 },
  ],
  tables: [
    { no: '068/A/NBP/2025', effectiveDate: '2025-04-08', embedded: false },
    { no: '014/B/NBP/2025', effectiveDate: '2025-04-02', embedded: false },
  ],
  from: 'EUR',
  to: 'PLN',
  action: '/kalkulator-walutowy/',
};

describe('the converter view', () => {
  it('shows 100 of the preselected pair before anything is typed', () => {
    const view = converterView(FORM);
    expect(view.headline).toBe('100\u00a0EUR = 429,30\u00a0PLN');
    expect(view.source).toBe('kurs z dnia 08.04.2025 – średni NBP, tabela nr 068/A/NBP/2025');
    expect(view.errors).toEqual({});
  });

  it('converts what the address carries, codes in any case, and names both tables of a cross rate', () => {
    const view = converterView(FORM, { kwota: '10', z: 'mdl', na: 'eur' });
    expect(view.from).toBe('MDL');
    expect(view.conversion?.result).toBe('0.51');
    expect(view.source).toBe(
      'kurs z dnia 08.04.2025 – średni NBP, tabela nr 068/A/NBP/2025; kurs z dnia 02.04.2025 – średni NBP, tabela nr 014/B/NBP/2025',
    );
  });

  it('marks a rate from the bundled NBP archive as sample data', () => {
    const archived = { ...FORM, tables: [{ ...FORM.tables[0]!, embedded: true }, FORM.tables[1]!] };
    expect(converterView(archived).source).toBe(
      'kurs z dnia 08.04.2025 – średni NBP, tabela nr 068/A/NBP/2025 (dane przykładowe z archiwum)',
    );
  });

  it('keeps what was typed and says what is wrong, without a result', () => {
    const view = converterView(FORM, { kwota: '-3', z: 'XYZ', na: 'PLN' });
    expect(view.amountText).toBe('-3');
    expect(view.errors).toEqual({ amount: AMOUNT_MESSAGES.negative, from: UNKNOWN_CURRENCY });
    expect(view.conversion).toBeNull();
    expect(view.headline).toBe('');
  });

  it.each([
    ['1 250,50', '1 250,5\u00a0EUR = 5 368,40\u00a0PLN'],
    ['0,5', '0,5\u00a0EUR = 2,15\u00a0PLN'],
  ])('reads %p as typed, with spaces and a decimal comma', (amount, headline) => {
    expect(converterView(FORM, { kwota: amount, z: 'EUR', na: 'PLN' }).headline).toBe(
      headline.replace(/ (?=\d{3}\b)/g, '\u00a0'),
    );
  });

  it.each([
    ['abc', AMOUNT_MESSAGES.notANumber],
    ['1e5', AMOUNT_MESSAGES.notANumber],
    ['1000000000,01', AMOUNT_MESSAGES.tooLarge],
    ['', AMOUNT_MESSAGES.empty],
  ])('refuses %p with the Polish message of @lib/currencies', (amount, message) => {
    expect(converterView(FORM, { kwota: amount, z: 'EUR', na: 'PLN' }).errors).toEqual({ amount: message });
  });

  it('names no table for złoty to złoty', () => {
    expect(sourceText(FORM.tables, [FORM.currencies[0]!])).toBe('złoty do złotego: kurs 1');
  });
});
