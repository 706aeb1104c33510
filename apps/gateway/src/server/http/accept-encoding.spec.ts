import { preferredEncoding } from './accept-encoding';

describe('preferredEncoding', () => {
  const offered = ['br', 'gzip'] as const;

  it('prefers brotli whatever order the browser lists them in', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd', offered)).toBe('br');
    expect(preferredEncoding('br;q=0.5, gzip', offered)).toBe('br');
  });

  it('falls back to gzip, honours q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate', offered)).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip', offered)).toBe('gzip');
    expect(preferredEncoding('*', offered)).toBe('br');
    expect(preferredEncoding('*, br;q=0', offered)).toBe('gzip');
  });

  it('answers undefined when nothing offered is accepted', () => {
    expect(preferredEncoding(undefined, offered)).toBeUndefined();
    expect(preferredEncoding('', offered)).toBeUndefined();
    expect(preferredEncoding('identity', offered)).toBeUndefined();
    expect(preferredEncoding('gzip;q=0', ['gzip'])).toBeUndefined();
  });
});
