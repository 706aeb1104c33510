import {
  APPLICATION_PATH,
  type NavColumn,
  type NavLink,
  type NavigationView,
  isExternalHref,
} from './navigation';

/**
 * No menu item leads to a page that does not exist (yet). `exists` answers for a site path
 * (the query and fragment are not part of it); external links are always kept. Columns and
 * groups left without links are dropped, and the application action is shown only while its
 * page exists, so pages that land later appear in the menu, the footer and the header by
 * themselves.
 */
export function keepExistingLinks(
  navigation: NavigationView,
  exists: (path: string) => boolean,
): NavigationView {
  const shown = (href: string) => isExternalHref(href) || exists(sitePath(href));
  const column = (item: NavColumn): NavColumn => ({
    ...item,
    links: item.links.filter((link) => shown(link.href)),
  });
  const filled = (item: NavColumn) => item.links.length > 0;
  return {
    groups: navigation.groups
      .map((group) => ({ ...group, columns: group.columns.map(column).filter(filled) }))
      .filter((group) => group.columns.length > 0),
    footerColumns: navigation.footerColumns.map(column).filter(filled),
    partners: navigation.partners.filter((partner) => shown(partner.href)),
    dataRemoval: navigation.dataRemoval && shown(navigation.dataRemoval.href) ? navigation.dataRemoval : null,
    application: navigation.application && shown(navigation.application.href) ? navigation.application : null,
  };
}

/** The path of a site link: '/kalkulator-walutowy/?z=EUR#wynik' → '/kalkulator-walutowy/'. */
export function sitePath(href: string): string {
  return href.replace(/[?#].*$/, '');
}

/** The application action every page offers while the application page exists. */
export const APPLICATION_LINK: NavLink = { text: 'Złóż wniosek', href: APPLICATION_PATH };
