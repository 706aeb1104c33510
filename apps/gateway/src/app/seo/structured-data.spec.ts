import {
  absoluteUrl,
  articleLd,
  authorLd,
  breadcrumbListLd,
  faqPageLd,
  htmlToText,
  isEditorialTeam,
} from './structured-data';

describe('structured data', () => {
  it('reduces answer HTML to text: tags dropped, entities decoded, bad references kept', () => {
    expect(htmlToText('<p>Raz</p><ul><li>dwa</li><li>trzy&nbsp;&amp;&#x20AC;&#8364;&#39;</li></ul>')).toBe(
      "Raz dwa trzy &€€'",
    );
    expect(htmlToText('a&#99999999;b &bogus; <br>c')).toBe('a&#99999999;b &bogus; c');
  });

  it('points breadcrumbs at absolute URLs, the current page at the canonical one', () => {
    const ld = breadcrumbListLd(
      'https://example.pl',
      [
        { text: 'Strona główna', link: '/' },
        { text: 'Blog', link: '' },
      ],
      'https://example.pl/blog/',
    );
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

  it('types editorial teams as Organization and people as Person', () => {
    expect(isEditorialTeam({ name: 'Redakcja' })).toBe(true);
    expect(isEditorialTeam({ name: 'Redakcja Porównywarki', role: 'Zespół redakcyjny' })).toBe(true);
    expect(isEditorialTeam({ name: 'Dział analiz rynku', role: 'Analizy i rankingi' })).toBe(true);
    expect(isEditorialTeam({ name: 'Anna Redakcyjna', role: 'Zespół redakcyjny' })).toBe(true);
    expect(isEditorialTeam({ name: 'Jan Kowalski', role: 'Analityk rynku kredytowego' })).toBe(false);
    expect(isEditorialTeam({ name: 'Redaktor Nowak' })).toBe(false);
    expect(
      authorLd('https://example.pl', {
        name: 'Redakcja Porównywarki',
        role: 'Zespół redakcyjny',
        path: '/autor/redakcja/',
      }),
    ).toEqual({
      '@type': 'Organization',
      name: 'Redakcja Porównywarki',
      url: 'https://example.pl/autor/redakcja/',
    });
    expect(
      authorLd('https://example.pl', {
        name: 'Jan Kowalski',
        role: 'Analityk',
        path: '/autor/jan-kowalski/',
      }),
    ).toEqual({
      '@type': 'Person',
      name: 'Jan Kowalski',
      url: 'https://example.pl/autor/jan-kowalski/',
      jobTitle: 'Analityk',
    });
    const article = (name: string) =>
      articleLd('https://example.pl', {
        headline: 'h',
        description: 'd',
        canonical: 'https://example.pl/a/',
        datePublished: '2026-01-02',
        dateModified: '',
        author: { name, path: '' },
        imageUrl: '/og/x.png',
      });
    expect((article('Redakcja')['author'] as { '@type': string })['@type']).toBe('Organization');
    expect((article('Maria Zielińska')['author'] as { '@type': string })['@type']).toBe('Person');
    expect(article('Redakcja')['image']).toBe('https://example.pl/og/x.png');
  });
});
