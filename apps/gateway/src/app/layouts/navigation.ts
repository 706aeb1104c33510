import { type OperatorView } from '../operator';

/**
 * Site navigation as the layout renders it: header menu groups (Pożyczki, Kredyty, Rankingi) with
 * columns of links, footer columns (loans, credits, cities, company), partners and the link to
 * our own data-removal page (/unsubscribe/). The content service provides it (GetNavigation); the built-in copy
 * in fallback-navigation.ts is shown while that call fails, so the header and footer never come
 * out empty.
 */
export interface NavLink {
  text: string;
  /** Site path or absolute URL. */
  href: string;
}

export interface NavColumn {
  /** Stable key of a footer column ('loans', 'credits', 'cities', 'company'); empty in menus. */
  id: string;
  /** Column heading; empty when the column has none. */
  title: string;
  links: NavLink[];
}

export interface NavGroup {
  title: string;
  /** Picture shown in the open menu; empty when none. */
  imageUrl: string;
  columns: NavColumn[];
}

export interface NavPartner {
  name: string;
  imageUrl: string;
  href: string;
}

export interface NavigationView {
  groups: NavGroup[];
  footerColumns: NavColumn[];
  partners: NavPartner[];
  /** The page where anyone can ask for their personal data to be removed: our own /unsubscribe/. */
  dataRemoval: NavLink | null;
  /** The 'Złóż wniosek' action (APPLICATION_PATH); null while the application page does not exist. */
  application: NavLink | null;
  /**
   * Who runs the site, shown in the footer: the gateway's configured operator, added by the page
   * resolver to every page (absent only where a navigation is drawn without it, e.g. unit tests).
   */
  operator?: OperatorView;
}

/** Where visitors apply; every 'Złóż wniosek' action points here. */
export const APPLICATION_PATH = '/application/';

/** Pages the gateway itself owns, always linked from the header next to the menu groups. */
export const HEADER_LINKS: readonly NavLink[] = [
  { text: 'Kursy walut', href: '/kalkulator-walutowy/' },
  { text: 'Blog', href: '/blog/' },
];

/** External links leave the site: no client-side navigation, no referrer details for the target. */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}
