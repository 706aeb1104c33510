import { isSharedValue } from './deep-freeze';
import { KeptDecodes } from './kept-decodes';

/** A decoder of JSON bytes that counts its calls. */
function countingDecoder() {
  let calls = 0;
  const decode = (bytes: Buffer) => {
    calls += 1;
    return JSON.parse(bytes.toString('utf8')) as { page: string; items: number[] };
  };
  return { decode, calls: () => calls };
}

const bytesOf = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('KeptDecodes', () => {
  it('decodes the same bytes once and hands out one frozen, shared value', () => {
    const { decode, calls } = countingDecoder();
    const decoder = new KeptDecodes().decoder(decode);
    const first = decoder(bytesOf({ page: '/a/', items: [1, 2] }));
    const again = decoder(bytesOf({ page: '/a/', items: [1, 2] }));
    expect(again).toBe(first);
    expect(calls()).toBe(1);
    expect(isSharedValue(first)).toBe(true);
    expect(Object.isFrozen(first.items)).toBe(true);
  });

  it('decodes different bytes of the same length afresh', () => {
    const { decode, calls } = countingDecoder();
    const decoder = new KeptDecodes().decoder(decode);
    const a = decoder(bytesOf({ page: '/a/', items: [1] }));
    const b = decoder(bytesOf({ page: '/b/', items: [1] }));
    expect(b.page).toBe('/b/');
    expect(decoder(bytesOf({ page: '/a/', items: [1] }))).toBe(a);
    expect(calls()).toBe(2);
  });

  it('keeps its own copy of the bytes, whatever the caller does with its buffer later', () => {
    const { decode, calls } = countingDecoder();
    const decoder = new KeptDecodes().decoder(decode);
    const buffer = bytesOf({ page: '/a/', items: [1] });
    decoder(buffer);
    buffer.write('{"page":"/z/"', 'utf8');
    expect(decoder(buffer).page).toBe('/z/');
    expect(calls()).toBe(2);
  });

  it('tells decoders apart: the same bytes decoded by another decoder are its own', () => {
    const kept = new KeptDecodes();
    const bytes = bytesOf({ page: '/a/', items: [] });
    const one = kept.decoder((b: Buffer) => ({ by: 'one', text: b.toString() }));
    const two = kept.decoder((b: Buffer) => ({ by: 'two', text: b.toString() }));
    expect(one(bytes).by).toBe('one');
    expect(two(bytes).by).toBe('two');
  });

  it('forgets the least recently seen answer first when over its count', () => {
    const { decode, calls } = countingDecoder();
    const decoder = new KeptDecodes({ maxAnswers: 2 }).decoder(decode);
    const a = bytesOf({ page: '/a/', items: [] });
    const bb = bytesOf({ page: '/bb/', items: [] });
    const ccc = bytesOf({ page: '/ccc/', items: [] });
    decoder(a);
    decoder(bb);
    decoder(a); // seen again: now the newest
    decoder(ccc); // over the count: /bb/ goes
    expect(calls()).toBe(3);
    decoder(a);
    expect(calls()).toBe(3);
    decoder(bb);
    expect(calls()).toBe(4);
  });

  it('stays within its bytes, and does not keep an answer of more than a quarter of them', () => {
    const { decode, calls } = countingDecoder();
    const big = bytesOf({ page: '/big/', items: Array.from({ length: 40 }, (_, i) => i) });
    const decoder = new KeptDecodes({ maxBytes: big.length * 3 }).decoder(decode);
    decoder(big);
    decoder(big);
    expect(calls()).toBe(2);

    const small = bytesOf({ page: '/s/', items: [] });
    const keeps = new KeptDecodes({ maxBytes: small.length * 4 + 1 }).decoder(decode);
    keeps(small);
    keeps(small);
    expect(calls()).toBe(3);
  });
});
