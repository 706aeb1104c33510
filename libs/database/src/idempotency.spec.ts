import { IDEMPOTENCY_KEY_TTL_MS, requestFingerprint } from './idempotency';

describe('requestFingerprint', () => {
  it('is the same for the same request whatever the order of its fields', () => {
    expect(requestFingerprint({ a: 1, b: { c: 'x', d: [1, 2] } })).toBe(
      requestFingerprint({ b: { d: [1, 2], c: 'x' }, a: 1 }),
    );
    expect(requestFingerprint({ a: 1, gone: undefined })).toBe(requestFingerprint({ a: 1 }));
    expect(requestFingerprint({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs when any value differs', () => {
    expect(requestFingerprint({ message: 'Dzień dobry' })).not.toBe(
      requestFingerprint({ message: 'Dzień dobry!' }),
    );
    expect(requestFingerprint({ list: [1, 2] })).not.toBe(requestFingerprint({ list: [2, 1] }));
  });
});

describe('IDEMPOTENCY_KEY_TTL_MS', () => {
  it('keeps keys for 24 hours (docs: libs/database/README.md, the protos)', () => {
    expect(IDEMPOTENCY_KEY_TTL_MS).toBe(86_400_000);
  });
});
