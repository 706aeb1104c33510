import { type ISLAND_ATTRIBUTE } from './islands';
import { type IslandName } from './page-enhancements';

/**
 * The marker of an island's root element, spread onto it by the feature's component:
 * `<form {...islandMarker('loan-calculator')}>` renders `data-island="loan-calculator"`. The name
 * must be in the island registry (client/page-enhancements.ts); build-client.mjs finds each
 * page's islands by this call, so always mark islands with it (never a literal attribute).
 * Type-only imports: components (server and page chunks) carry neither the runtime nor the registry.
 */
export function islandMarker(name: IslandName): Record<typeof ISLAND_ATTRIBUTE, IslandName> {
  return { 'data-island': name };
}
