/**
 * Reads the Kafka protocol's primitive types (https://kafka.apache.org/protocol#protocol_types)
 * from one request body: big-endian integers, INT16-length STRING / NULLABLE_STRING, INT32-length
 * BYTES / NULLABLE_BYTES, INT32-count ARRAY (-1 = null) and zig-zag VARINT / VARLONG. Only the
 * non-flexible encodings, and the flexible ones (KIP-482): UNSIGNED_VARINT, COMPACT_STRING /
 * COMPACT_BYTES / COMPACT_ARRAY (length + 1, 0 = null) and tagged fields (skipped: none is used here).
 * Reading past the end throws ProtocolError, which closes the connection as a broker would.
 */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
}

export class Reader {
  private position = 0;

  constructor(private readonly buffer: Buffer) {}

  get offset(): number {
    return this.position;
  }

  remaining(): number {
    return this.buffer.length - this.position;
  }

  private take(size: number): number {
    if (size < 0 || this.position + size > this.buffer.length) {
      throw new ProtocolError(
        `read of ${size} bytes at ${this.position} past the end (${this.buffer.length})`,
      );
    }
    const at = this.position;
    this.position += size;
    return at;
  }

  int8(): number {
    return this.buffer.readInt8(this.take(1));
  }

  boolean(): boolean {
    return this.int8() !== 0;
  }

  int16(): number {
    return this.buffer.readInt16BE(this.take(2));
  }

  int32(): number {
    return this.buffer.readInt32BE(this.take(4));
  }

  uint32(): number {
    return this.buffer.readUInt32BE(this.take(4));
  }

  int64(): bigint {
    return this.buffer.readBigInt64BE(this.take(8));
  }

  /** STRING: INT16 length N then N bytes of UTF-8; a null (-1) is a protocol error here. */
  string(): string {
    const value = this.nullableString();
    if (value === null) throw new ProtocolError('null where a STRING is required');
    return value;
  }

  /** NULLABLE_STRING: INT16 length, -1 for null. */
  nullableString(): string | null {
    const length = this.int16();
    if (length === -1) return null;
    if (length < 0) throw new ProtocolError(`string length ${length}`);
    const at = this.take(length);
    return this.buffer.toString('utf8', at, at + length);
  }

  /** BYTES: INT32 length N then N bytes; a null (-1) is a protocol error here. */
  bytes(): Buffer {
    const value = this.nullableBytes();
    if (value === null) throw new ProtocolError('null where BYTES are required');
    return value;
  }

  /** NULLABLE_BYTES (also RECORDS): INT32 length, -1 for null. A copy, so the frame can be released. */
  nullableBytes(): Buffer | null {
    const length = this.int32();
    if (length === -1) return null;
    if (length < 0) throw new ProtocolError(`bytes length ${length}`);
    const at = this.take(length);
    return Buffer.from(this.buffer.subarray(at, at + length));
  }

  /** ARRAY: INT32 count N then N items; -1 (null) reads as null. */
  nullableArray<T>(item: (reader: Reader) => T): T[] | null {
    const count = this.int32();
    if (count === -1) return null;
    if (count < 0 || count > this.remaining()) throw new ProtocolError(`array count ${count}`);
    const items: T[] = [];
    for (let i = 0; i < count; i++) items.push(item(this));
    return items;
  }

  array<T>(item: (reader: Reader) => T): T[] {
    return this.nullableArray(item) ?? [];
  }

  /** VARINT: zig-zag encoded signed 32-bit integer, 7 bits per byte, low groups first. */
  varint(): number {
    let raw = 0;
    let shift = 0;
    for (;;) {
      if (shift > 28) throw new ProtocolError('varint longer than 5 bytes');
      const byte = this.buffer.readUInt8(this.take(1));
      raw |= (byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) break;
      shift += 7;
    }
    return (raw >>> 1) ^ -(raw & 1);
  }

  /** VARLONG: zig-zag encoded signed 64-bit integer. */
  varlong(): bigint {
    let raw = 0n;
    let shift = 0n;
    for (;;) {
      if (shift > 63n) throw new ProtocolError('varlong longer than 10 bytes');
      const byte = this.buffer.readUInt8(this.take(1));
      raw |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) break;
      shift += 7n;
    }
    return (raw >> 1n) ^ -(raw & 1n);
  }

  /** UNSIGNED_VARINT: 7 bits per byte, low groups first, at most 5 bytes. */
  uvarint(): number {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      if (shift > 28) throw new ProtocolError('unsigned varint longer than 5 bytes');
      const byte = this.buffer.readUInt8(this.take(1));
      value += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return value;
    }
  }

  /** COMPACT_NULLABLE_STRING: UNSIGNED_VARINT length + 1 (0 = null), then UTF-8. */
  compactNullableString(): string | null {
    const length = this.uvarint() - 1;
    if (length === -1) return null;
    const at = this.take(length);
    return this.buffer.toString('utf8', at, at + length);
  }

  compactString(): string {
    const value = this.compactNullableString();
    if (value === null) throw new ProtocolError('null where a COMPACT_STRING is required');
    return value;
  }

  /** COMPACT_NULLABLE_BYTES: UNSIGNED_VARINT length + 1 (0 = null). A copy. */
  compactNullableBytes(): Buffer | null {
    const length = this.uvarint() - 1;
    if (length === -1) return null;
    const at = this.take(length);
    return Buffer.from(this.buffer.subarray(at, at + length));
  }

  /** COMPACT_ARRAY: UNSIGNED_VARINT count + 1 (0 = null). */
  compactNullableArray<T>(item: (reader: Reader) => T): T[] | null {
    const count = this.uvarint() - 1;
    if (count === -1) return null;
    if (count > this.remaining()) throw new ProtocolError(`compact array count ${count}`);
    const items: T[] = [];
    for (let i = 0; i < count; i++) items.push(item(this));
    return items;
  }

  /** Tagged fields: UNSIGNED_VARINT count, then (tag, size, bytes) each; none is understood, all are skipped. */
  skipTags(): void {
    const count = this.uvarint();
    for (let i = 0; i < count; i++) {
      this.uvarint();
      this.take(this.uvarint());
    }
  }

  /** STRING in the encoding of the version: compact when flexible. */
  str(flexible: boolean): string {
    return flexible ? this.compactString() : this.string();
  }

  nstr(flexible: boolean): string | null {
    return flexible ? this.compactNullableString() : this.nullableString();
  }

  /**
   * ARRAY in the encoding of the version. In a flexible version an array of structs has tagged
   * fields after each item (read here); an array of primitives (`struct` false) has none.
   */
  arr<T>(flexible: boolean, item: (reader: Reader) => T, struct = true): T[] {
    return this.narr(flexible, item, struct) ?? [];
  }

  narr<T>(flexible: boolean, item: (reader: Reader) => T, struct = true): T[] | null {
    if (!flexible) return this.nullableArray(item);
    if (!struct) return this.compactNullableArray(item);
    return this.compactNullableArray((r) => {
      const value = item(r);
      r.skipTags();
      return value;
    });
  }
}
