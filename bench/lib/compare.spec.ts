import { compareBodies, describeComparison } from './compare.cjs';

const HTML_BEFORE = '<!DOCTYPE html><html lang="pl"><head><title>Strona</title></head><body>'.length;
const page = (middle: string) =>
  Buffer.from(
    `<!DOCTYPE html><html lang="pl"><head><title>Strona</title></head><body>${middle}</body></html>`,
  );

describe('compareBodies', () => {
  it('says when two bodies are the same bytes', () => {
    const comparison = compareBodies(page('a'), page('a'));
    expect(comparison).toEqual({ identical: true, aBytes: 86, bBytes: 86, difference: null });
    expect(describeComparison('full', 'static', comparison)).toEqual(['full = static (86 bytes, identical)']);
  });

  it('finds the region between the first and the last differing byte, with text around it', () => {
    const a = page('<p>dziś: 2026-11-24</p>');
    const b = page('<p>dziś: 2026-11-25, wtorek</p>');
    const { identical, difference } = compareBodies(a, b);
    expect(identical).toBe(false);
    expect(difference).toMatchObject({ a: '4', b: '5, wtorek' });
    expect(difference!.before.endsWith('<p>dziś: 2026-11-2')).toBe(true);
    expect(difference!.after.startsWith('</p></body>')).toBe(true);
    expect(difference!.bEnd - difference!.aEnd).toBe(', wtorek'.length);
  });

  it('handles one body being a prefix of the other, and shortens long differences', () => {
    const short = Buffer.from('abc');
    expect(compareBodies(short, Buffer.from('abcdef')).difference).toMatchObject({
      start: 3,
      aEnd: 3,
      bEnd: 6,
      a: '',
      b: 'def',
    });
    const long = compareBodies(Buffer.from(`x${'a'.repeat(500)}y`), Buffer.from(`x${'b'.repeat(500)}y`));
    expect(long.difference!.a).toBe(`${'a'.repeat(80)}…${'a'.repeat(80)}`);
  });

  it('prints where they differ', () => {
    const lines = describeComparison('bare', 'static', compareBodies(page('1'), page('22')));
    expect(lines[0]).toBe(
      `bare ≠ static: 86 vs 87 bytes; they differ from byte ${HTML_BEFORE} to ${HTML_BEFORE + 1} of bare and to ${HTML_BEFORE + 2} of static:`,
    );
    expect(lines.slice(1).map((l) => l.trim().split(':')[0])).toEqual(['before', 'bare', 'static', 'after']);
    expect(lines[2]).toBe('  bare: "1"');
  });
});
