import { absoluteUrl, breadcrumbListLd, faqPageLd, htmlToText } from './structured-data';

describe('structured data', () => {
  it('reduces answer HTML to text: tags dropped, entities decoded, bad references kept', () => {
    expect(htmlToText('<p>Raz</p><ul><li>dwa</li><li>trzy&nbsp;&amp;&#x20AC;&#8364;&#39;</li></ul>')).toBe("Raz dwa trzy &€€'");
    expect(htmlToText('a&#99999999;b &bogus; <br>c')).toBe('a&#99999999;b &bogus; c');
  });

  it('points breadcrumbs at absolute URLs, the current page at the canonical one', () => {
    const ld = breadcrumbListLd('https://example.pl', [{ text: 'Strona główna', link: '/' }, { text: 'Blog', link: '' }], 'https://example.pl/blog/');
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Strona główna', item: 'https://example.pl/' },
        { '@type': 'ListItem', position: 2, name: 'Blog', item: 'https://example.pl/blog/' },
      ],
    });
    expect(breadcrumbListLd('https://example.pl', [], 'https://example.pl/')).toBeNull();
    expect(faqPageLd([])).toBeNull();
    expect(absoluteUrl('https://example.pl', 'https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
  });
});
