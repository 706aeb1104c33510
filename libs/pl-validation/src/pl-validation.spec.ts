import {
  contactMessageSchema,
  isEmail,
  isUuidV4,
  MESSAGES,
  normalizeEmail,
  normalizePolishPhone,
  normalizeUuid,
} from './index';

describe('isEmail', () => {
  it.each(['jan.kowalski@example.pl', 'a+tag@sub.domena.com.pl', "o'brien@x.io"])('accepts %s', (v) => {
    expect(isEmail(v)).toBe(true);
  });
  it.each([
    '',
    'jan',
    'jan@',
    '@x.pl',
    'jan@localhost',
    'jan@@x.pl',
    'jan kowalski@x.pl',
    `${'a'.repeat(65)}@x.pl`,
    `a@${'b'.repeat(250)}.pl`,
  ])('rejects %p', (v) => {
    expect(isEmail(v)).toBe(false);
  });
  it('lower-cases only the domain', () => {
    expect(normalizeEmail(' Jan.K@Example.PL ')).toBe('Jan.K@example.pl');
  });
});

describe('normalizePolishPhone', () => {
  it.each([
    ['600 100 200', '+48600100200'],
    ['+48 600-100-200', '+48600100200'],
    ['0048600100200', '+48600100200'],
    ['48600100200', '+48600100200'],
    ['(22) 123 45 67', '+48221234567'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePolishPhone(input)).toBe(expected);
  });
  it.each(['', '12345', '060010020', '+49600100200', '6001002001', 'abc600100200', '+48 600 100 20'])(
    'rejects %p',
    (v) => {
      expect(normalizePolishPhone(v)).toBeUndefined();
    },
  );
});

describe('UUID v4', () => {
  it('accepts v4 with or without hyphens and normalises', () => {
    expect(isUuidV4('3f1c2a9e-5b7d-4c1a-9e2f-0a1b2c3d4e5f')).toBe(true);
    expect(isUuidV4('3F1C2A9E5B7D4C1A9E2F0A1B2C3D4E5F')).toBe(true);
    expect(normalizeUuid('3F1C2A9E5B7D4C1A9E2F0A1B2C3D4E5F')).toBe('3f1c2a9e-5b7d-4c1a-9e2f-0a1b2c3d4e5f');
  });
  it('rejects other versions, variants and partial hyphenation', () => {
    expect(isUuidV4('3f1c2a9e-5b7d-1c1a-9e2f-0a1b2c3d4e5f')).toBe(false); // version 1
    expect(isUuidV4('3f1c2a9e-5b7d-4c1a-7e2f-0a1b2c3d4e5f')).toBe(false); // bad variant
    expect(isUuidV4('3f1c2a9e5b7d-4c1a-9e2f-0a1b2c3d4e5f')).toBe(false);
    expect(normalizeUuid('nope')).toBeUndefined();
  });
});

describe('contactMessageSchema', () => {
  const valid = {
    name: 'Anna Nowak',
    email: 'anna@example.pl',
    phone: '',
    message: 'Dzień dobry, mam pytanie o ofertę.',
  };

  it('accepts a valid message and normalises fields', () => {
    const parsed = contactMessageSchema.parse({ ...valid, phone: '600 100 200', email: 'anna@Example.PL' });
    expect(parsed).toEqual({ ...valid, phone: '+48600100200', email: 'anna@example.pl' });
  });

  it('treats an empty phone as absent', () => {
    expect(contactMessageSchema.parse(valid).phone).toBeUndefined();
  });

  it('gives the Polish message for each bad field', () => {
    const result = contactMessageSchema.safeParse({
      name: 'A',
      email: 'zly',
      phone: '123',
      message: '<b>krótko</b>',
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      name: MESSAGES.name,
      email: MESSAGES.email,
      phone: MESSAGES.phone,
      message: MESSAGES.html,
    });
  });

  it('limits the message to 5000 characters', () => {
    expect(contactMessageSchema.safeParse({ ...valid, message: 'x'.repeat(5001) }).success).toBe(false);
  });
});
