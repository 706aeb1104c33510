/** Site navigation: header groups (Loans, Credits, Rankings) and footer columns (product spec point 2). */
export interface NavLink {
  text: string;
  href: string;
}

export interface NavGroup {
  title: string;
  links: readonly NavLink[];
}

export const HEADER_GROUPS: readonly NavGroup[] = [
  {
    title: 'Pożyczki',
    links: [
      { text: 'Darmowe pożyczki', href: '/darmowe-pozyczki/' },
      { text: 'Pożyczki bez BIK', href: '/pozyczki-bez-bik-baz-krd-erif-big/' },
      { text: 'Pożyczka na dowód', href: '/pozyczka-na-dowod/' },
      { text: 'Pożyczki dla firm', href: '/pozyczki-dla-firm/' },
    ],
  },
  {
    title: 'Kredyty',
    links: [
      { text: 'Kredyt gotówkowy', href: '/kredyt-gotowkowy/' },
      { text: 'Kredyt konsolidacyjny', href: '/kredyt-konsolidacyjny/' },
      { text: 'Kalkulator kredytowy', href: '/kalkulator-kredytowy/' },
    ],
  },
  {
    title: 'Rankingi',
    links: [
      { text: 'Ranking chwilówek', href: '/ranking-chwilowek/' },
      { text: 'Ranking kredytów gotówkowych', href: '/ranking-kredytow-gotowkowych/' },
      { text: 'Opinie o pożyczkach', href: '/opinie-o-pozyczkach/' },
    ],
  },
];

export const HEADER_LINKS: readonly NavLink[] = [
  { text: 'Kursy walut', href: '/kalkulator-walutowy/' },
  { text: 'Blog', href: '/blog/' },
];

export const FOOTER_COLUMNS: readonly NavGroup[] = [
  {
    title: 'Pożyczki',
    links: [
      { text: 'Darmowe pożyczki', href: '/darmowe-pozyczki/' },
      { text: 'Pożyczki bez BIK', href: '/pozyczki-bez-bik-baz-krd-erif-big/' },
      { text: 'Mała pożyczka', href: '/mala-pozyczka/' },
      { text: 'Pożyczki od 18 lat', href: '/pozyczki-od-18-lat/' },
    ],
  },
  {
    title: 'Kredyty',
    links: [
      { text: 'Kredyt gotówkowy', href: '/kredyt-gotowkowy/' },
      { text: 'Kredyt konsumencki', href: '/kredyt-konsumencki/' },
      { text: 'Kredyt oddłużeniowy', href: '/kredyt-oddluzeniowy/' },
    ],
  },
  {
    title: 'Miasta',
    links: [
      { text: 'Warszawa', href: '/szybkie-pozyczki-warszawa/' },
      { text: 'Kraków', href: '/pozyczki-krakow/' },
      { text: 'Wrocław', href: '/pozyczki-wroclaw/' },
      { text: 'Gdańsk', href: '/chwilowki-gdansk/' },
    ],
  },
  {
    title: 'Firma',
    links: [
      { text: 'O nas', href: '/o-nas/' },
      { text: 'Jak to działa', href: '/jak-to-dziala/' },
      { text: 'Kontakt', href: '/kontakt/' },
      { text: 'Współpraca', href: '/wspolpraca/' },
      { text: 'Polityka prywatności', href: '/polityka-prywatnosci/' },
    ],
  },
];

/** Where visitors apply; every 'Złóż wniosek' action points here. */
export const APPLICATION_PATH = '/application/';
