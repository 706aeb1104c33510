import { type RouteHead } from '../app/route-types';

function upsert(selector: string, create: () => HTMLElement): HTMLElement {
  return document.head.querySelector<HTMLElement>(selector) ?? document.head.appendChild(create());
}

/** Brings <title> and the SEO tags in line with a page shown by client-side navigation. */
export function applyHead(head: RouteHead): void {
  document.title = head.title;
  const description = upsert('meta[name="description"]', () => {
    const meta = document.createElement('meta');
    meta.setAttribute('name', 'description');
    return meta;
  });
  description.setAttribute('content', head.description);
  const canonical = upsert('link[rel="canonical"]', () => {
    const link = document.createElement('link');
    link.setAttribute('rel', 'canonical');
    return link;
  });
  canonical.setAttribute('href', head.canonical);
  const robots = document.head.querySelector('meta[name="robots"]');
  if (head.robots) {
    const meta = robots ?? document.head.appendChild(document.createElement('meta'));
    meta.setAttribute('name', 'robots');
    meta.setAttribute('content', head.robots);
  } else {
    robots?.remove();
  }
}
