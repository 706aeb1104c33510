import { deepFreeze } from './deep-freeze';

export interface KeptDecodesOptions {
  /** Most answers kept in all; the least recently seen goes first. */
  maxAnswers?: number;
  /** Most bytes of kept answers in all (their decoded values take a few times as much heap). */
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
  private readonly maxAnswers: number;
  private readonly maxBytes: number;
  /**
   * By decoder and length: most answers of one method differ in length, so a lookup compares one
   * candidate. In order of last use, the oldest first.
   */
  private readonly kept = new Map<string, Kept[]>();
  private answers = 0;
  private bytes = 0;
  private decoders = 0;

  constructor({ maxAnswers = DEFAULT_MAX_ANSWERS, maxBytes = DEFAULT_MAX_BYTES }: KeptDecodesOptions = {}) {
    this.maxAnswers = maxAnswers;
    this.maxBytes = maxBytes;
  }

  /** `decode` with its answers kept. */
  decoder<T>(decode: (bytes: Buffer) => T): (bytes: Buffer) => T {
    const id = this.decoders++;
    return (bytes) => {
      const key = `${id}:${bytes.length}`;
      const candidates = this.kept.get(key);
      const found = candidates?.find((kept) => kept.bytes.equals(bytes));
      if (candidates && found) {
        this.kept.delete(key);
        this.kept.set(key, candidates);
        return found.value as T;
      }
      const value = deepFreeze(decode(bytes));
      this.keep(key, candidates, bytes, value);
      return value;
    };
  }

  private keep(key: string, candidates: Kept[] | undefined, bytes: Buffer, value: unknown): void {
    // An answer bigger than a quarter of the budget would push out too much else to be worth it.
    if (bytes.length * 4 > this.maxBytes) return;
    // The caller's buffer may be part of a larger one it reuses: the kept bytes are a copy.
    const kept: Kept = { bytes: Buffer.from(bytes), value };
    if (candidates) candidates.push(kept);
    else this.kept.set(key, [kept]);
    this.answers += 1;
    this.bytes += bytes.length;
    while (this.answers > this.maxAnswers || this.bytes > this.maxBytes) this.forgetOldest();
  }

  private forgetOldest(): void {
    const oldest = this.kept.entries().next();
    if (oldest.done) return;
    const [key, kept] = oldest.value;
    this.kept.delete(key);
    this.answers -= kept.length;
    for (const { bytes } of kept) this.bytes -= bytes.length;
  }
}
