import { renderRobotsTxt, renderSitemapXml, w3cDate } from './sitemap';

describe('sitemap text', () => {
  it('escapes locations and leaves out an unknown lastmod', () => {
    const xml = renderSitemapXml([
      { loc: 'https://example.pl/a&b/', lastmod: '2026-01-02' },
      { loc: 'https://example.pl/c/', lastmod: '' },
    ]);
    expect(xml).toContain('<url><loc>https://example.pl/a&amp;b/</loc><lastmod>2026-01-02</lastmod></url>');
    expect(xml).toContain('<url><loc>https://example.pl/c/</loc></url>');
  });

  it('reads W3C dates from dates and RFC 3339 timestamps only', () => {
    expect(w3cDate('2026-09-01T08:00:00Z')).toBe('2026-09-01');
    expect(w3cDate('2026-09-01')).toBe('2026-09-01');
    expect(w3cDate('1.09.2026')).toBe('');
    expect(w3cDate('')).toBe('');
  });

  it('names the sitemap on the public origin in robots.txt', () => {
    expect(renderRobotsTxt('https://example.pl')).toContain('\nSitemap: https://example.pl/sitemap.xml\n');
  });
});
