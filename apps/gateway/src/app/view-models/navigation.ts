import { type contentV1 } from '@lib/contracts';
import { type NavColumn, type NavLink, type NavigationView } from '../layouts/navigation';
import { APPLICATION_LINK } from '../layouts/navigation-links';

const link = (item: contentV1.MenuLink): NavLink => ({ text: item.text, href: item.link });

const column = (item: contentV1.MenuColumn): NavColumn => ({
  id: item.id,
  title: item.title,
  links: item.links.map(link),
});

export function toNavigationView(navigation: contentV1.Navigation): NavigationView {
  const removal = navigation.dataRemovalLink;
  return {
    groups: navigation.menuGroups.map((group) => ({
      title: group.title,
      imageUrl: group.imageUrl,
      columns: group.columns.map(column),
    })),
    footerColumns: navigation.footerColumns.map(column),
    partners: navigation.partners.map((partner) => ({
      name: partner.name,
      imageUrl: partner.imageUrl,
      href: partner.link,
    })),
    dataRemoval: removal && removal.link !== '' ? link(removal) : null,
    application: APPLICATION_LINK,
  };
}
