import { randomBytes } from 'node:crypto';
import {
  blindIndex,
  matchesSaltedHash,
  newDataKey,
  open,
  openRecord,
  parseMasterKey,
  saltedHash,
  seal,
  sealRecord,
  unwrapDataKey,
  wrapDataKey,
} from './envelope-crypto';

const master = (id: string) => ({ id, key: randomBytes(32) });

describe('envelope encryption', () => {
  it('round-trips a record sealed under a data key, with nothing of it readable in the sealed bytes', () => {
    const key = newDataKey();
    const record = {
      pesel: '44051401359',
      email: 'jan@example.pl',
      bankAccount: '61109010140000071219812874',
    };
    const sealed = sealRecord(key, 'applications/1', record);
    expect(openRecord(key, 'applications/1', sealed)).toEqual(record);
    const bytes = sealed.toString('latin1');
    for (const value of Object.values(record)) expect(bytes).not.toContain(value);
  });

  it('seals the same value differently every time (random IV)', () => {
    const key = newDataKey();
    expect(seal(key, Buffer.from('x'), 'a').equals(seal(key, Buffer.from('x'), 'a'))).toBe(false);
  });

  it('refuses to open with another key, another row scope, or after a changed byte', () => {
    const key = newDataKey();
    const sealed = sealRecord(key, 'applications/1', { email: 'a@b.pl' });
    expect(() => openRecord(newDataKey(), 'applications/1', sealed)).toThrow();
    expect(() => openRecord(key, 'applications/2', sealed)).toThrow();
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => openRecord(key, 'applications/1', tampered)).toThrow();
    expect(() => open(key, Buffer.from([9, 1, 2]), 'x')).toThrow('unknown layout');
  });

  it('wraps a data key under a master key; rotation re-wraps it under the new one and the data still opens', () => {
    const old = master('2025-01');
    const next = master('2026-11');
    const dataKey = newDataKey();
    const sealed = sealRecord(dataKey, 'contact_messages/7', { phone: '+48600100200' });
    const wrapped = wrapDataKey(old, 'dk-1', dataKey);
    expect(() => unwrapDataKey(next, 'dk-1', wrapped)).toThrow();
    expect(() => unwrapDataKey(old, 'dk-2', wrapped)).toThrow();

    const rewrapped = wrapDataKey(next, 'dk-1', unwrapDataKey(old, 'dk-1', wrapped));
    expect(openRecord(unwrapDataKey(next, 'dk-1', rewrapped), 'contact_messages/7', sealed)).toEqual({
      phone: '+48600100200',
    });
  });

  it('parses master keys from the configuration and says what is wrong', () => {
    const key = randomBytes(32).toString('base64');
    expect(parseMasterKey(`2026-11:${key}`)).toEqual({ id: '2026-11', key: Buffer.from(key, 'base64') });
    expect(parseMasterKey(key)).toMatch(/id:base64/);
    expect(parseMasterKey(`x y:${key}`)).toMatch(/key id/);
    expect(parseMasterKey(`k:${randomBytes(16).toString('base64')}`)).toMatch(/32 bytes/);
    expect(parseMasterKey('k:not base64!')).toMatch(/base64/);
  });
});

describe('blind index', () => {
  const key = randomBytes(32);

  it('is the same for the same e-mail in any letter case, and differs by key and by kind', () => {
    expect(blindIndex(key, 'email', 'Jan@Example.PL')).toBe(blindIndex(key, 'email', 'jan@example.pl'));
    expect(blindIndex(key, 'email', 'jan@example.pl')).not.toBe(
      blindIndex(randomBytes(32), 'email', 'jan@example.pl'),
    );
    expect(blindIndex(key, 'phone', '+48600100200')).not.toBe(blindIndex(key, 'email', '+48600100200'));
    expect(blindIndex(key, 'phone', '+48600100200')).toMatch(/^[0-9a-f]{64}$/);
    expect(blindIndex(key, 'phone', '+48600100200')).not.toContain('600100200');
  });
});

describe('salted hash (erasure audit)', () => {
  it('differs every time for the same subject, yet can confirm a known subject', () => {
    const first = saltedHash('jan@example.pl|');
    const second = saltedHash('jan@example.pl|');
    expect(first).not.toBe(second);
    expect(first).not.toContain('jan');
    expect(matchesSaltedHash(first, 'jan@example.pl|')).toBe(true);
    expect(matchesSaltedHash(first, 'anna@example.pl|')).toBe(false);
    expect(matchesSaltedHash('garbage', 'x')).toBe(false);
  });
});
