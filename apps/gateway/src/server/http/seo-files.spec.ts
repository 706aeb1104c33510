import { sitemapAnswerKey } from './seo-files';

describe('sitemapAnswerKey', () => {
  it('keys the index and every sitemap file by path alone, and nothing else', () => {
    expect(sitemapAnswerKey('/sitemap.xml')).toBe('sitemap /sitemap.xml');
    expect(sitemapAnswerKey('/sitemap-blog-2.xml')).toBe('sitemap /sitemap-blog-2.xml');
    expect(sitemapAnswerKey('/sitemap-strony-1.xml')).toBe('sitemap /sitemap-strony-1.xml');
    for (const path of ['/robots.txt', '/sitemap-inne-1.xml', '/sitemap.xml/', '/pozyczki-dla-studentow/'])
      expect(sitemapAnswerKey(path)).toBeUndefined();
  });
});
