import { mayBeFile } from './addresses';

describe('mayBeFile', () => {
  it('takes the built client’s files: assets and any other address with a dot', () => {
    expect(mayBeFile('/assets/entry-3f2a.js')).toBe(true);
    expect(mayBeFile('/assets/fonts/')).toBe(true);
    expect(mayBeFile('/favicon.svg')).toBe(true);
    expect(mayBeFile('/og/pozyczki.png')).toBe(true);
  });

  it('leaves pages, their payloads, the generated files and the benchmark’s baselines to the handlers below', () => {
    expect(mayBeFile('/pozyczki-dla-studentow/')).toBe(false);
    expect(mayBeFile('/placa-minimalna/_payload.json')).toBe(false);
    expect(mayBeFile('/_payload.json')).toBe(false);
    expect(mayBeFile('/sitemap.xml')).toBe(false);
    expect(mayBeFile('/robots.txt')).toBe(false);
    expect(mayBeFile('/sitemap-strony-1.xml')).toBe(false);
    expect(mayBeFile('/sitemap-blog-12.xml')).toBe(false);
    expect(mayBeFile('/__static/sitemap.xml')).toBe(false);
    expect(mayBeFile('/__bare/sitemap.xml')).toBe(false);
  });

  it('still looks on disk for a file that only resembles them', () => {
    expect(mayBeFile('/sitemap.xml.gz')).toBe(true);
    expect(mayBeFile('/sitemap-inne-1.xml')).toBe(true);
    expect(mayBeFile('/blog/robots.txt')).toBe(true);
  });
});
