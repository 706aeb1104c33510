/**
 * Writes the Kafka protocol's primitive types (https://kafka.apache.org/protocol#protocol_types),
 * non-flexible and flexible (compact, tagged) encodings, into a growing buffer. Mirrors Reader.
 */
export class Writer {
  private buffer = Buffer.allocUnsafe(256);
  private length = 0;

  /** Reserves `size` bytes and returns where they start (may replace this.buffer: read it after). */
  private room(size: number): number {
    if (this.length + size > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + size));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    const at = this.length;
    this.length += size;
    return at;
  }

  int8(value: number): this {
    const at = this.room(1);
    this.buffer.writeInt8(value, at);
    return this;
  }

  boolean(value: boolean): this {
    return this.int8(value ? 1 : 0);
  }

  int16(value: number): this {
    const at = this.room(2);
    this.buffer.writeInt16BE(value, at);
    return this;
  }

  int32(value: number): this {
    const at = this.room(4);
    this.buffer.writeInt32BE(value, at);
    return this;
  }

  int64(value: bigint): this {
    const at = this.room(8);
    this.buffer.writeBigInt64BE(value, at);
    return this;
  }

  /** STRING / NULLABLE_STRING: INT16 byte length (-1 for null), then UTF-8. */
  string(value: string | null): this {
    if (value === null) return this.int16(-1);
    const bytes = Buffer.from(value, 'utf8');
    this.int16(bytes.length);
    return this.raw(bytes);
  }

  /** BYTES / NULLABLE_BYTES / RECORDS: INT32 length (-1 for null), then the bytes. */
  bytes(value: Buffer | null): this {
    if (value === null) return this.int32(-1);
    this.int32(value.length);
    return this.raw(value);
  }

  /** ARRAY: INT32 count (-1 for null), then each item. */
  array<T>(items: readonly T[] | null, item: (writer: this, value: T) => void): this {
    if (items === null) return this.int32(-1);
    this.int32(items.length);
    for (const value of items) item(this, value);
    return this;
  }

  /** VARINT: zig-zag signed 32-bit. */
  varint(value: number): this {
    let raw = ((value << 1) ^ (value >> 31)) >>> 0;
    while (raw > 0x7f) {
      const at = this.room(1);
      this.buffer.writeUInt8((raw & 0x7f) | 0x80, at);
      raw >>>= 7;
    }
    const at = this.room(1);
    this.buffer.writeUInt8(raw, at);
    return this;
  }

  /** VARLONG: zig-zag signed 64-bit. */
  varlong(value: bigint): this {
    let raw = BigInt.asUintN(64, (value << 1n) ^ (value >> 63n));
    while (raw > 0x7fn) {
      const at = this.room(1);
      this.buffer.writeUInt8(Number(raw & 0x7fn) | 0x80, at);
      raw >>= 7n;
    }
    const at = this.room(1);
    this.buffer.writeUInt8(Number(raw), at);
    return this;
  }

  /** UNSIGNED_VARINT. */
  uvarint(value: number): this {
    let rest = value;
    while (rest > 0x7f) {
      this.buffer.writeUInt8((rest & 0x7f) | 0x80, this.room(1));
      rest = Math.floor(rest / 128);
    }
    this.buffer.writeUInt8(rest, this.room(1));
    return this;
  }

  /** No tagged fields (an empty tag section). */
  tags(): this {
    return this.uvarint(0);
  }

  /** STRING / NULLABLE_STRING in the encoding of the version (compact when flexible). */
  str(flexible: boolean, value: string | null): this {
    if (!flexible) return this.string(value);
    if (value === null) return this.uvarint(0);
    const bytes = Buffer.from(value, 'utf8');
    this.uvarint(bytes.length + 1);
    return this.raw(bytes);
  }

  /** BYTES in the encoding of the version. */
  byt(flexible: boolean, value: Buffer | null): this {
    if (!flexible) return this.bytes(value);
    if (value === null) return this.uvarint(0);
    this.uvarint(value.length + 1);
    return this.raw(value);
  }

  /** ARRAY in the encoding of the version; when flexible each struct item (not a primitive) ends with an empty tag section. */
  arr<T>(
    flexible: boolean,
    items: readonly T[] | null,
    item: (writer: this, value: T) => void,
    struct = true,
  ): this {
    if (!flexible) return this.array(items, item);
    if (items === null) return this.uvarint(0);
    this.uvarint(items.length + 1);
    for (const value of items) {
      item(this, value);
      if (struct) this.tags();
    }
    return this;
  }

  raw(bytes: Buffer): this {
    const at = this.room(bytes.length);
    bytes.copy(this.buffer, at);
    return this;
  }

  toBuffer(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}
