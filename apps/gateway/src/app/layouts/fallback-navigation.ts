import { type NavColumn, type NavLink, type NavigationView } from './navigation';
import { APPLICATION_LINK } from './navigation-links';

/*
 * The navigation shown while the content service's GetNavigation fails and nothing is cached.
 * Server-only: the browser always receives the navigation with the page.
 */
const column = (id: string, title: string, links: NavLink[]): NavColumn => ({ id, title, links });

export const FALLBACK_NAVIGATION: NavigationView = {
  groups: [
    {
      title: 'Pożyczki',
      imageUrl: '',
      columns: [
        column('', '', [
          { text: 'Darmowe pożyczki', href: '/darmowe-pozyczki/' },
          { text: 'Pożyczki bez BIK', href: '/pozyczki-bez-bik-baz-krd-erif-big/' },
          { text: 'Pożyczka na dowód', href: '/pozyczka-na-dowod/' },
          { text: 'Pożyczki dla firm', href: '/pozyczki-dla-firm/' },
        ]),
      ],
    },
    {
      title: 'Kredyty',
      imageUrl: '',
      columns: [
        column('', '', [
          { text: 'Kredyt gotówkowy', href: '/kredyt-gotowkowy/' },
          { text: 'Kredyt konsolidacyjny', href: '/kredyt-konsolidacyjny/' },
          { text: 'Kalkulator kredytowy', href: '/kalkulator-kredytowy/' },
        ]),
      ],
    },
    {
      title: 'Rankingi',
      imageUrl: '',
      columns: [
        column('', '', [
          { text: 'Ranking chwilówek', href: '/ranking-chwilowek/' },
          { text: 'Ranking kredytów gotówkowych', href: '/ranking-kredytow-gotowkowych/' },
          { text: 'Opinie o pożyczkach', href: '/opinie-o-pozyczkach/' },
        ]),
      ],
    },
  ],
  footerColumns: [
    column('loans', 'Pożyczki', [
      { text: 'Darmowe pożyczki', href: '/darmowe-pozyczki/' },
      { text: 'Pożyczki bez BIK', href: '/pozyczki-bez-bik-baz-krd-erif-big/' },
      { text: 'Mała pożyczka', href: '/mala-pozyczka/' },
      { text: 'Pożyczki od 18 lat', href: '/pozyczki-od-18-lat/' },
    ]),
    column('credits', 'Kredyty', [
      { text: 'Kredyt gotówkowy', href: '/kredyt-gotowkowy/' },
      { text: 'Kredyt konsumencki', href: '/kredyt-konsumencki/' },
      { text: 'Kredyt oddłużeniowy', href: '/kredyt-oddluzeniowy/' },
    ]),
    column('cities', 'Miasta', [
      { text: 'Warszawa', href: '/szybkie-pozyczki-warszawa/' },
      { text: 'Kraków', href: '/pozyczki-krakow/' },
      { text: 'Wrocław', href: '/pozyczki-wroclaw/' },
      { text: 'Gdańsk', href: '/chwilowki-gdansk/' },
    ]),
    column('company', 'Firma', [
      { text: 'O nas', href: '/o-nas/' },
      { text: 'Jak to działa', href: '/jak-to-dziala/' },
      { text: 'Kontakt', href: '/kontakt/' },
      { text: 'Współpraca', href: '/wspolpraca/' },
      { text: 'Polityka prywatności', href: '/polityka-prywatnosci/' },
    ]),
  ],
  partners: [],
  // Our own unsubscribe and data-removal form, relative so it works on every domain.
  dataRemoval: { text: 'Usuń moje dane', href: '/unsubscribe/' },
  application: APPLICATION_LINK,
};
