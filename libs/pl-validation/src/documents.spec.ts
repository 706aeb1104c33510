import {
  isIdCardNumber,
  isPolishBankAccount,
  normalizeIdCardNumber,
  normalizeNrb,
  toPolishIban,
} from './index';

/** An ID number whose check digit (4th character) is chosen so that Σ value × (7,3,1,9,7,3,1,7,3) ≡ 0 (mod 10). */
function makeIdCard(series: string, rest: string): string {
  const weights = [7, 3, 1, 9, 7, 3, 1, 7, 3];
  const value = (c: string) =>
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.includes(c) ? 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.indexOf(c) + 10 : Number(c);
  for (let check = 0; check < 10; check += 1) {
    const candidate = `${series}${check}${rest}`;
    if ([...candidate].reduce((sum, c, i) => sum + value(c) * weights[i]!, 0) % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

/** NRB check digits by ISO 7064 mod 97-10 with BigInt: 98 − (BBAN · 'PL00' as digits mod 97). */
function makeNrb(bban: string): string {
  const check = 98n - (BigInt(`${bban}252100`) % 97n);
  return `${String(check).padStart(2, '0')}${bban}`;
}

describe('ID card (dowód osobisty)', () => {
  it.each([
    'ABA300000',
    'ABS123456',
    'aba 300000',
    'ABA-300000',
    makeIdCard('XYZ', '12345'),
    makeIdCard('ZZZ', '99999'),
    makeIdCard('DAB', '00017'),
  ])('accepts %s', (value) => {
    expect(isIdCardNumber(value)).toBe(true);
  });

  it.each(['ABA300001', 'ABA400000', 'AB1300000', 'ABAA30000', 'ABA30000', 'ABA3000000', '', 'ĄBA300000'])(
    'rejects %p',
    (value) => {
      expect(isIdCardNumber(value)).toBe(false);
    },
  );

  it('normalises case and separators', () => {
    expect(normalizeIdCardNumber(' aba 300-000 ')).toBe('ABA300000');
  });
});

describe('NRB and IBAN', () => {
  it.each([
    'PL61 1090 1014 0000 0712 1981 2874', // the standard published example
    '61109010140000071219812874',
    'pl61109010140000071219812874',
    makeNrb('102055610000310200000123'),
    makeNrb('249000050000000000000001'),
    makeNrb('000000000000000000000000'),
  ])('accepts %s', (value) => {
    expect(isPolishBankAccount(value)).toBe(true);
  });

  it.each([
    'PL62 1090 1014 0000 0712 1981 2874',
    '61109010140000071219812875',
    '6110901014000007121981287',
    '611090101400000712198128741',
    'DE61109010140000071219812874',
    '6110901014000007121981287X',
    '',
  ])('rejects %p', (value) => {
    expect(isPolishBankAccount(value)).toBe(false);
  });

  it('normalises to 26 digits and to the IBAN form', () => {
    expect(normalizeNrb('PL61 1090-1014 0000 0712 1981 2874')).toBe('61109010140000071219812874');
    expect(toPolishIban('61 1090 1014 0000 0712 1981 2874')).toBe('PL61109010140000071219812874');
    expect(toPolishIban('62 1090 1014 0000 0712 1981 2874')).toBeUndefined();
  });
});
