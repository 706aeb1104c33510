import { isExemptFromTrailingSlash, payloadUrl, serializeForScript } from './page-state';

describe('page state helpers', () => {
  it('serialises JSON that cannot close its <script> element or start a comment', () => {
    const value = { html: '</script><script>alert(1)</script><!-- & \u2028 \u2029' };
    const text = serializeForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('builds payload URLs from page paths', () => {
    expect(payloadUrl('/', 'abc')).toBe('/_payload.json?v=abc');
    expect(payloadUrl('/o-nas/', 'abc')).toBe('/o-nas/_payload.json?v=abc');
    expect(payloadUrl('/o-nas', 'a b')).toBe('/o-nas/_payload.json?v=a%20b');
  });

  it('exempts files and client-api paths from the trailing-slash rule', () => {
    expect(isExemptFromTrailingSlash('/sitemap.xml')).toBe(true);
    expect(isExemptFromTrailingSlash('/client-api/leads')).toBe(true);
    expect(isExemptFromTrailingSlash('/x/client-api')).toBe(true);
    expect(isExemptFromTrailingSlash('/client-apis/x')).toBe(false);
    expect(isExemptFromTrailingSlash('/o-nas')).toBe(false);
  });
});
