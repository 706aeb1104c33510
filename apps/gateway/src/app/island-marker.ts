import { type Locale } from '../shared/locale';

/** The attribute that marks an island's root element; the browser runtime (client/islands.ts) looks for it. */
export const ISLAND_ATTRIBUTE = 'data-island';

/**
 * Every island's name: the value of its marker and the file name of its `<name>.island.ts`. The
 * island registry (client/page-enhancements.ts) must have an entry for each (its type says so), and
 * build-client.mjs relies on the name to count each page's islands against the first-load budget.
 */
export const ISLAND_NAMES = [
  'loan-sliders',
  'loan-calculator',
  'eligibility-quiz',
  'comment-form',
  'application-form',
  'share-links',
  'view-beacon',
  'currency-converter',
  'rate-chart',
  'lead-form',
] as const;

export type IslandName = (typeof ISLAND_NAMES)[number];

/**
 * The marker of an island's root element, spread onto it by the feature's component:
 * `<form {...islandMarker('loan-sliders')}>` renders `data-island="loan-calculator"`.
 * build-client.mjs finds each page's islands by this call, so always mark islands with it (never
 * a literal attribute). Components (server and page chunks) carry neither the browser runtime nor
 * the registry: this module is all they import for it.
 */
export function islandMarker(name: IslandName): Record<typeof ISLAND_ATTRIBUTE, IslandName> {
  return { [ISLAND_ATTRIBUTE]: name };
}

/** What every island may read besides its own markup: fixed for the document's lifetime. */
export interface IslandContext {
  locale: Locale;
  /** Today (YYYY-MM-DD) as the server rendered it, so the browser computes what the HTML shows. */
  today: string;
}
