import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/*
 * Envelope encryption of personal data. Each row's personal fields are sealed
 * with AES-256-GCM under a data key; data keys are stored wrapped (AES-256-GCM again) by a master
 * key from the configuration, with the master key's id. Rotating the master key re-wraps the data
 * keys only. Lookups by e-mail or phone go through a keyed HMAC (blind index), never plaintext.
 */

export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** First byte of every sealed value: the layout version. */
const FORMAT_V1 = 1;

/** A master key from the configuration: `id:base64` with 32 bytes behind the base64. */
export interface MasterKey {
  id: string;
  key: Buffer;
}

const MASTER_KEY_ID = /^[A-Za-z0-9._-]{1,32}$/;

/** Parses `id:base64key`; the message says what is wrong (for the configuration error). */
export function parseMasterKey(text: string): MasterKey | string {
  const colon = text.indexOf(':');
  if (colon < 0) return 'must be id:base64 (e.g. 2026-11:…44 base64 characters…)';
  const id = text.slice(0, colon);
  if (!MASTER_KEY_ID.test(id)) return 'key id must be 1-32 letters, digits, dots, dashes or underscores';
  const encoded = text.slice(colon + 1);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return 'key must be base64';
  const key = Buffer.from(encoded, 'base64');
  if (key.length !== KEY_BYTES)
    return `key must be ${KEY_BYTES} bytes (base64 of 32 random bytes: openssl rand -base64 32)`;
  return { id, key };
}

/** AES-256-GCM with a random IV; `aad` binds the value to its use (a value moved elsewhere fails to open). */
export function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([FORMAT_V1]), iv, cipher.getAuthTag(), body]);
}

/** Opens what `seal` made with the same key and aad; throws when it was changed or the key is wrong. */
export function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== FORMAT_V1)
    throw new Error('sealed value has an unknown layout');
  const iv = sealed.subarray(1, 1 + IV_BYTES);
  const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** A fresh random data key. */
export function newDataKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

/** The data key wrapped by a master key; the aad ties it to the data key's id. */
export function wrapDataKey(master: MasterKey, dataKeyId: string, dataKey: Buffer): Buffer {
  return seal(master.key, dataKey, `data-key:${dataKeyId}`);
}

export function unwrapDataKey(master: MasterKey, dataKeyId: string, wrapped: Buffer): Buffer {
  return open(master.key, wrapped, `data-key:${dataKeyId}`);
}

/** Personal fields of one row as JSON, sealed under its data key and bound to table and row id. */
export function sealRecord(dataKey: Buffer, scope: string, record: Record<string, string>): Buffer {
  return seal(dataKey, Buffer.from(JSON.stringify(record), 'utf8'), scope);
}

export function openRecord(dataKey: Buffer, scope: string, sealed: Buffer): Record<string, string> {
  return JSON.parse(open(dataKey, sealed, scope).toString('utf8')) as Record<string, string>;
}

/** What a blind index is computed over: an e-mail (case of the domain already normalised) or a phone in E.164. */
export type IndexedKind = 'email' | 'phone';

/**
 * Keyed HMAC-SHA-256 of a normalised e-mail (lower-cased as a whole: lookups ignore case) or phone,
 * hex: equal inputs give equal indexes, and without the key nobody can test a guess against it.
 */
export function blindIndex(indexKey: Buffer, kind: IndexedKind, value: string): string {
  const normalised = kind === 'email' ? value.trim().toLowerCase() : value.trim();
  return createHmac('sha256', indexKey).update(`${kind}:${normalised}`).digest('hex');
}

/** The audit record of an erasure: a random salt and SHA-256(salt ‖ subject), both hex; nothing to look up by. */
export function saltedHash(subject: string): string {
  const salt = randomBytes(16);
  return `${salt.toString('hex')}:${createHash('sha256').update(salt).update(subject, 'utf8').digest('hex')}`;
}

/** Whether `subject` is the one a salted hash was made from (for an audit question about a known person). */
export function matchesSaltedHash(stored: string, subject: string): boolean {
  const [saltHex, hashHex] = stored.split(':');
  if (!saltHex || !hashHex) return false;
  const hash = createHash('sha256').update(Buffer.from(saltHex, 'hex')).update(subject, 'utf8').digest();
  const expected = Buffer.from(hashHex, 'hex');
  return expected.length === hash.length && timingSafeEqual(expected, hash);
}
