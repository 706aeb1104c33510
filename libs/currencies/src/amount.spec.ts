import { AMOUNT_MESSAGES, parseAmount } from './amount';

describe('parseAmount', () => {
  it('reads points, commas and thousands spaces into a plain decimal', () => {
    expect(parseAmount('100')).toEqual({ ok: true, amount: '100' });
    expect(parseAmount('1 000,50')).toEqual({ ok: true, amount: '1000.5' });
    expect(parseAmount('1\u00a0000.25')).toEqual({ ok: true, amount: '1000.25' });
    expect(parseAmount('1000000000')).toEqual({ ok: true, amount: '1000000000' });
  });

  it('refuses empty, negative, non-numbers, too large and too precise amounts in Polish', () => {
    expect(parseAmount(' ')).toEqual({ ok: false, message: AMOUNT_MESSAGES.empty });
    expect(parseAmount('-1')).toEqual({ ok: false, message: 'Kwota nie może być ujemna.' });
    expect(parseAmount('1e5')).toEqual({ ok: false, message: AMOUNT_MESSAGES.notANumber });
    expect(parseAmount('NaN')).toEqual({ ok: false, message: AMOUNT_MESSAGES.notANumber });
    expect(parseAmount('1000000000.01')).toEqual({ ok: false, message: AMOUNT_MESSAGES.tooLarge });
    expect(parseAmount('1.123456789')).toEqual({ ok: false, message: AMOUNT_MESSAGES.tooPrecise });
  });
});
