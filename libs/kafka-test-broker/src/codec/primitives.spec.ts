import { Reader, ProtocolError } from './reader';
import { Writer } from './writer';
import { crc32c } from './crc32c';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
const bytesOf = (write: (w: Writer) => unknown) => {
  const w = new Writer();
  write(w);
  return w.toBuffer().toString('hex');
};

// Vectors from https://kafka.apache.org/protocol#protocol_types: big-endian fixed-width integers,
// INT16-length strings (-1 = null), INT32-length bytes and arrays (-1 = null), and VARINT/VARLONG
// as zig-zag + base-128 varints "identical to Protocol Buffers" (whose documentation gives 0→0,
// -1→1, 1→2, -2→3, 2147483647→4294967294, -2147483648→4294967295, and 300 as ac 02 unsigned).
describe('Kafka protocol primitive types', () => {
  it.each([
    ['INT8 -1', (w: Writer) => w.int8(-1), 'ff'],
    ['BOOLEAN true', (w: Writer) => w.boolean(true), '01'],
    ['INT16 1', (w: Writer) => w.int16(1), '0001'],
    ['INT32 -2', (w: Writer) => w.int32(-2), 'fffffffe'],
    ['INT64 2^40', (w: Writer) => w.int64(2n ** 40n), '0000010000000000'],
    ['STRING "kafka"', (w: Writer) => w.string('kafka'), '00056b61666b61'],
    [
      'STRING "zażółć" (length in UTF-8 bytes)',
      (w: Writer) => w.string('zażółć'),
      '000a7a61c5bcc3b3c582c487',
    ],
    ['NULLABLE_STRING null', (w: Writer) => w.string(null), 'ffff'],
    ['BYTES 0xbeef', (w: Writer) => w.bytes(hex('beef')), '00000002beef'],
    ['NULLABLE_BYTES null', (w: Writer) => w.bytes(null), 'ffffffff'],
    ['ARRAY of INT16 [1, 2]', (w: Writer) => w.array([1, 2], (x, v) => x.int16(v)), '0000000200010002'],
    ['ARRAY null', (w: Writer) => w.array(null, () => undefined), 'ffffffff'],
  ])('writes %s', (_name, write, expected) => {
    expect(bytesOf(write)).toBe(expected);
  });

  it.each([
    [0, '00'],
    [-1, '01'],
    [1, '02'],
    [-2, '03'],
    [150, 'ac02'],
    [-64, '7f'],
    [64, '8001'],
    [2147483647, 'feffffff0f'],
    [-2147483648, 'ffffffff0f'],
  ])('VARINT %i is %s and reads back', (value, expected) => {
    const encoded = bytesOf((w) => w.varint(value));
    expect(encoded).toBe(expected);
    expect(new Reader(hex(encoded)).varint()).toBe(value);
  });

  it.each([
    [0n, '00'],
    [-1n, '01'],
    [1n, '02'],
    [9223372036854775807n, 'feffffffffffffffff01'],
    [-9223372036854775808n, 'ffffffffffffffffff01'],
  ])('VARLONG %s is %s and reads back', (value, expected) => {
    const encoded = bytesOf((w) => w.varlong(value));
    expect(encoded).toBe(expected);
    expect(new Reader(hex(encoded)).varlong()).toBe(value);
  });

  it('reads back what it writes, in order', () => {
    const buffer = new Writer()
      .int8(-5)
      .int16(-300)
      .int32(123456789)
      .int64(-9007199254740993n)
      .string('topic-a')
      .string(null)
      .bytes(hex('00ff'))
      .bytes(null)
      .array(['a', 'bc'], (w, s) => w.string(s))
      .array(null, () => undefined)
      .toBuffer();
    const r = new Reader(buffer);
    expect([r.int8(), r.int16(), r.int32(), r.int64()]).toEqual([-5, -300, 123456789, -9007199254740993n]);
    expect([r.string(), r.nullableString()]).toEqual(['topic-a', null]);
    expect([r.bytes().toString('hex'), r.nullableBytes()]).toEqual(['00ff', null]);
    expect(r.array((x) => x.string())).toEqual(['a', 'bc']);
    expect(r.nullableArray((x) => x.string())).toBeNull();
    expect(r.remaining()).toBe(0);
  });

  it('grows its buffer past the first 256 bytes without losing what it wrote', () => {
    const w = new Writer();
    for (let i = 0; i < 100; i++) w.int64(BigInt(i));
    const r = new Reader(w.toBuffer());
    expect(Array.from({ length: 100 }, () => r.int64())).toEqual(
      Array.from({ length: 100 }, (_, i) => BigInt(i)),
    );
  });

  it('refuses to read past the end, a null STRING, or a negative length', () => {
    expect(() => new Reader(hex('00')).int16()).toThrow(ProtocolError);
    expect(() => new Reader(hex('0005616263')).string()).toThrow(ProtocolError);
    expect(() => new Reader(hex('ffff')).string()).toThrow(ProtocolError);
    expect(() => new Reader(hex('fffe')).nullableString()).toThrow(ProtocolError);
    expect(() => new Reader(hex('7fffffff')).array((x) => x.int8())).toThrow(ProtocolError);
    expect(() => new Reader(hex('ffffffffffff')).varint()).toThrow(ProtocolError);
  });
});

describe('crc32c', () => {
  it('gives the CRC-32C check value for "123456789" and the RFC 3720 vectors', () => {
    expect(crc32c(Buffer.from('123456789'))).toBe(0xe3069283);
    // RFC 3720 (iSCSI) B.4: 32 bytes of zeros, of 0xff, and ascending 0..31.
    expect(crc32c(Buffer.alloc(32, 0))).toBe(0x8a9136aa);
    expect(crc32c(Buffer.alloc(32, 0xff))).toBe(0x62a8ab43);
    expect(crc32c(Buffer.from(Array.from({ length: 32 }, (_, i) => i)))).toBe(0x46dd794e);
  });
});
