import { FORM_HONEYPOT_FIELD, FORM_KEY_FIELD, derivedFormKey, readFormBody } from './form-post';

const SPEC = { fields: { name: 10, message: 20 }, checkboxes: ['usun_dane'] };
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('readFormBody', () => {
  it('reads the declared fields (absent ones empty), ticked boxes and a valid key; ignores anything else', () => {
    const key = '3B1F8C52-6A0E-4C1D-9A7B-2F6E5D4C3B2A';
    expect(
      readFormBody(SPEC, {
        name: 'Ala',
        usun_dane: 'tak',
        [FORM_KEY_FIELD]: key,
        extra: 'x',
        csrf_token: 't',
      }),
    ).toEqual({
      kind: 'read',
      values: { name: 'Ala', message: '', usun_dane: 'tak' },
      sentKey: key.toLowerCase(),
    });
    expect(readFormBody(SPEC, { name: 'Ala', [FORM_KEY_FIELD]: 'not-a-uuid' })).toMatchObject({
      kind: 'read',
      sentKey: null,
    });
  });

  it('refuses what a form never sends: no object, arrays, non-string fields', () => {
    for (const body of [
      undefined,
      null,
      'name=Ala',
      [],
      { name: ['a', 'b'] },
      { name: 1 },
      { usun_dane: ['tak'] },
    ]) {
      expect(readFormBody(SPEC, body)).toEqual({ kind: 'unreadable' });
    }
  });

  it('names each field over its limit, counting a CRLF line break once, and keeps what was typed', () => {
    expect(
      readFormBody(SPEC, { name: 'Aleksandra Maria', message: `${'a'.repeat(9)}\r\n${'b'.repeat(10)}` }),
    ).toEqual({
      kind: 'too-long',
      values: { name: 'Aleksandra Maria', message: `${'a'.repeat(9)}\n${'b'.repeat(10)}` },
      errors: { name: 'To pole może mieć najwyżej 10 znaków (wpisano 16).' },
    });
  });

  it('spots the honeypot', () => {
    expect(readFormBody(SPEC, { name: 'Bot', [FORM_HONEYPOT_FIELD]: 'https://spam.example' })).toEqual({
      kind: 'honeypot',
    });
    expect(readFormBody(SPEC, { name: 'Ala', [FORM_HONEYPOT_FIELD]: '  ' })).toMatchObject({ kind: 'read' });
  });
});

describe('derivedFormKey', () => {
  it('is a UUID v4, the same for the same post and different for another form, address or value', () => {
    const key = derivedFormKey('contact', '203.0.113.7', { name: 'Ala', message: 'Dzień dobry' });
    expect(key).toMatch(UUID_V4);
    expect(derivedFormKey('contact', '203.0.113.7', { message: 'Dzień dobry', name: 'Ala' })).toBe(key);
    expect(derivedFormKey('partners', '203.0.113.7', { name: 'Ala', message: 'Dzień dobry' })).not.toBe(key);
    expect(derivedFormKey('contact', '203.0.113.8', { name: 'Ala', message: 'Dzień dobry' })).not.toBe(key);
    expect(derivedFormKey('contact', '203.0.113.7', { name: 'Ala', message: 'Dzień dobry!' })).not.toBe(key);
  });
});
