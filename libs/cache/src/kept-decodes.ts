import { LRUCache } from 'lru-cache';
import { deepFreeze } from './deep-freeze';

export interface KeptDecodesOptions {
  /**
   * Most lengths of answer kept in all, per decoder: answers of one decoder and one length are
   * kept together (nearly always one). The least recently seen go first.
   */
  maxAnswers?: number;
  /**
   * Most bytes of kept answers in all (their decoded values take a few times as much heap); an
   * answer of more than a quarter of them is not kept.
   */
  maxBytes?: number;
}

interface Kept {
  bytes: Buffer;
  value: unknown;
}

const DEFAULT_MAX_ANSWERS = 1024;
const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Decoders that decode each distinct answer once: a service that answers the same bytes again (a
 * cached value, which its server encodes once) gets back the same decoded value, frozen and shared
 * (isSharedValue), instead of a fresh copy per call. The bytes are compared in full, never by a
 * fingerprint, so a different answer is always decoded afresh, and what is kept is only what the
 * decoder makes of those bytes, the same every time. One budget covers every decoder made here.
 */
export class KeptDecodes {
  /** By decoder and length: most answers of one method differ in length, so a lookup compares one. */
  private readonly kept: LRUCache<string, Kept[]>;
  private decoders = 0;

  constructor({ maxAnswers = DEFAULT_MAX_ANSWERS, maxBytes = DEFAULT_MAX_BYTES }: KeptDecodesOptions = {}) {
    this.kept = new LRUCache<string, Kept[]>({
      max: maxAnswers,
      maxSize: maxBytes,
      // An answer bigger than a quarter of the budget would push out too much else to be worth it.
      maxEntrySize: Math.floor(maxBytes / 4),
      sizeCalculation: (answers) => answers.reduce((sum, { bytes }) => sum + bytes.length, 0) || 1,
    });
  }

  /** `decode` with its answers kept. */
  decoder<T>(decode: (bytes: Buffer) => T): (bytes: Buffer) => T {
    const id = this.decoders++;
    return (bytes) => {
      const key = `${id}:${bytes.length}`;
      const candidates = this.kept.get(key);
      const found = candidates?.find((kept) => kept.bytes.equals(bytes));
      if (found) return found.value as T;
      const value = deepFreeze(decode(bytes));
      // The caller's buffer may be part of a larger one it reuses: the kept bytes are a copy.
      this.kept.set(key, [...(candidates ?? []), { bytes: Buffer.from(bytes), value }]);
      return value;
    };
  }
}
