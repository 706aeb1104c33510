import { type RouteHead } from '../route-types';
import { SITE_NAME } from './site';

/**
 * The site's default Open Graph image: a PNG (social networks do not read SVG) rendered once from
 * scripts/og-image.svg by scripts/render-og-image.mjs and shipped in static/og/.
 */
export const DEFAULT_OG_IMAGE = {
  path: '/og/porownywarka-pozyczek.png',
  width: 1200,
  height: 630,
  alt: `${SITE_NAME} – bezpłatne porównanie ofert pożyczek i kredytów`,
} as const;

/**
 * A head with an og:image: the route's own (an absolute URL, its size unknown unless the route
 * gives it) or the default PNG with its size and alt text.
 */
export function withOgImage(head: RouteHead, origin: string): RouteHead {
  if (head.ogImage) return { ...head, ogImageAlt: head.ogImageAlt ?? head.title };
  return {
    ...head,
    ogImage: `${origin}${DEFAULT_OG_IMAGE.path}`,
    ogImageWidth: DEFAULT_OG_IMAGE.width,
    ogImageHeight: DEFAULT_OG_IMAGE.height,
    ogImageAlt: DEFAULT_OG_IMAGE.alt,
  };
}
