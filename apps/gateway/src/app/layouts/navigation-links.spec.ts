import { FALLBACK_NAVIGATION } from './fallback-navigation';
import { type NavigationView } from './navigation';
import { APPLICATION_LINK, keepExistingLinks, sitePath } from './navigation-links';

const NAVIGATION: NavigationView = {
  groups: [
    {
      title: 'Kredyty',
      imageUrl: '',
      columns: [
        {
          id: '',
          title: 'Narzędzia',
          links: [
            { text: 'Kalkulator kredytowy', href: '/kalkulator-kredytowy/' },
            { text: 'Kalkulator walutowy', href: '/kalkulator-walutowy/' },
          ],
        },
        { id: '', title: 'Wkrótce', links: [{ text: 'Kontakt', href: '/kontakt/' }] },
      ],
    },
    {
      title: 'Pusta',
      imageUrl: '',
      columns: [{ id: '', title: '', links: [{ text: 'Wniosek', href: '/application/?a=1' }] }],
    },
  ],
  footerColumns: [
    {
      id: 'company',
      title: 'Firma',
      links: [
        { text: 'Kontakt', href: '/kontakt/' },
        { text: 'Zewnętrzny', href: 'https://example.pl/x/' },
      ],
    },
  ],
  partners: [{ name: 'Vivus', imageUrl: '', href: '/opinie-o-pozyczkach/vivus/' }],
  dataRemoval: { text: 'Usuń moje dane', href: '/unsubscribe/' },
  application: APPLICATION_LINK,
};

describe('navigation links to existing pages only', () => {
  it('drops links, columns and groups of pages that do not exist, and the application action', () => {
    const existing = new Set(['/kalkulator-walutowy/', '/opinie-o-pozyczkach/vivus/']);
    const shown = keepExistingLinks(NAVIGATION, (path) => existing.has(path));
    expect(shown.groups).toEqual([
      {
        title: 'Kredyty',
        imageUrl: '',
        columns: [
          {
            id: '',
            title: 'Narzędzia',
            links: [{ text: 'Kalkulator walutowy', href: '/kalkulator-walutowy/' }],
          },
        ],
      },
    ]);
    // external links are not ours to check
    expect(shown.footerColumns).toEqual([
      { id: 'company', title: 'Firma', links: [{ text: 'Zewnętrzny', href: 'https://example.pl/x/' }] },
    ]);
    expect(shown.partners).toHaveLength(1);
    expect(shown.dataRemoval).toBeNull();
    expect(shown.application).toBeNull();
  });

  it('keeps everything once the pages exist (pages that land later appear by themselves)', () => {
    expect(keepExistingLinks(NAVIGATION, () => true)).toEqual(NAVIGATION);
    expect(keepExistingLinks(FALLBACK_NAVIGATION, () => true)).toEqual(FALLBACK_NAVIGATION);
  });

  it('checks the path of a link without its query or fragment', () => {
    expect(sitePath('/kalkulator-walutowy/?z=EUR#wynik')).toBe('/kalkulator-walutowy/');
    expect(sitePath('/blog/')).toBe('/blog/');
  });
});
