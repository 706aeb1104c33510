import { type RouteHead } from '../app/route-types';
import { serializeForScript } from '../shared/page-state';

function upsert(selector: string, create: () => HTMLElement): HTMLElement {
  return document.head.querySelector<HTMLElement>(selector) ?? document.head.appendChild(create());
}

function setMeta(attribute: 'name' | 'property', key: string, content: string | undefined): void {
  const existing = document.head.querySelector(`meta[${attribute}="${key}"]`);
  if (content === undefined) {
    existing?.remove();
    return;
  }
  const meta = existing ?? document.head.appendChild(document.createElement('meta'));
  meta.setAttribute(attribute, key);
  meta.setAttribute('content', content);
}

/**
 * Brings <title>, the SEO tags, Open Graph and the JSON-LD blocks in line with a page shown by
 * client-side navigation, so the document always describes the page on screen.
 */
export function applyHead(head: RouteHead): void {
  document.title = head.title;
  setMeta('name', 'description', head.description);
  if (head.canonical === undefined) {
    document.head.querySelector('link[rel="canonical"]')?.remove();
  } else {
    const canonical = upsert('link[rel="canonical"]', () => {
      const link = document.createElement('link');
      link.setAttribute('rel', 'canonical');
      return link;
    });
    canonical.setAttribute('href', head.canonical);
  }
  setMeta('name', 'robots', head.robots);
  setMeta('property', 'og:title', head.title);
  setMeta('property', 'og:description', head.description);
  setMeta('property', 'og:url', head.canonical);
  setMeta('property', 'og:type', head.ogType ?? 'website');
  setMeta('property', 'og:image', head.ogImage);
  setMeta(
    'property',
    'og:image:width',
    head.ogImage && head.ogImageWidth ? String(head.ogImageWidth) : undefined,
  );
  setMeta(
    'property',
    'og:image:height',
    head.ogImage && head.ogImageHeight ? String(head.ogImageHeight) : undefined,
  );
  setMeta('property', 'og:image:alt', head.ogImage ? head.ogImageAlt : undefined);
  for (const script of document.head.querySelectorAll('script[type="application/ld+json"]')) script.remove();
  for (const item of head.structuredData ?? []) {
    // Data, never executed: the Content-Security-Policy does not apply to it.
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = serializeForScript(item);
    document.head.appendChild(script);
  }
}
