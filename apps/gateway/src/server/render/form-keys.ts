import { randomUUID } from 'node:crypto';
import { FORM_KEY_SLOT } from '../../app/form-state';

const SLOT = Buffer.from(FORM_KEY_SLOT, 'latin1');

/** Bytes at the end of `chunk` that begin a slot (which the next chunk may complete); 0 if none. */
function partialSlotAtEnd(chunk: Buffer): number {
  for (let length = Math.min(SLOT.length - 1, chunk.length); length > 0; length -= 1) {
    if (chunk.subarray(chunk.length - length).equals(SLOT.subarray(0, length))) return length;
  }
  return 0;
}

/** `bytes` with each complete slot replaced by a fresh key; the same Buffer when there is none. */
function fillComplete(bytes: Buffer, newKey: () => string): Buffer {
  let at = bytes.indexOf(SLOT);
  if (at < 0) return bytes;
  const parts: Buffer[] = [];
  let from = 0;
  while (at >= 0) {
    parts.push(bytes.subarray(from, at), Buffer.from(newKey(), 'latin1'));
    from = at + SLOT.length;
    at = bytes.indexOf(SLOT, from);
  }
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

/**
 * Fills the form-key slots (FORM_KEY_SLOT) of one response's document with fresh UUID v4 keys,
 * one per slot, as the document is sent: whole (a memoised document) or chunk by chunk (a stream,
 * where the start of a slot at a chunk's end is held back until the next chunk completes it).
 */
export class FormKeyFiller {
  private carry: Buffer = Buffer.alloc(0);

  constructor(private readonly newKey: () => string = randomUUID) {}

  /** A complete document. */
  static fill(document: Buffer, newKey: () => string = randomUUID): Buffer {
    return fillComplete(document, newKey);
  }

  /** What can be sent of the next chunk now. */
  push(chunk: Buffer): Buffer {
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const held = partialSlotAtEnd(bytes);
    this.carry = held > 0 ? Buffer.from(bytes.subarray(bytes.length - held)) : Buffer.alloc(0);
    return fillComplete(held > 0 ? bytes.subarray(0, bytes.length - held) : bytes, this.newKey);
  }

  /** The last chunk, with whatever was held back. */
  end(chunk: Buffer): Buffer {
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = Buffer.alloc(0);
    return fillComplete(bytes, this.newKey);
  }
}
