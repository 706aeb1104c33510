/**
 * The client's one door into the features: the island registry. Each entry maps an island's name
 * (the value of its `data-island` marker, written by islandMarker() in the feature's component) to
 * a dynamic import of the feature's `<name>.island.ts`, so each island is its own chunk, loaded
 * only where its marker is on the page. No page needs React to become interactive: React renders
 * on the server and for client-side navigation only, and the same islands attach to its DOM.
 * A name is also the island's file name; build-client.mjs relies on it to count each page's
 * islands against the first-load budget.
 */
import { type IslandContext, type IslandName } from '../app/island-marker';
import { type IslandModule, type IslandRegistry, mountIslands, preloadIslands } from './islands';

export const islandModules = {
  // home: the amount and period sliders with the example cost indicators
  'loan-sliders': () => import('../features/home/loan-sliders.island'),
  // /kalkulator-kredytowy/: the loan calculator's figures, caps check and schedule follow the form
  'loan-calculator': () => import('../features/loan-calculator/loan-calculator.island'),
  // /sprawdz-szanse/: the eligibility quiz's estimate follows the answers
  'eligibility-quiz': () => import('../features/eligibility/eligibility-quiz.island'),
  // articles and lender reviews: the comment form posts without a reload
  'comment-form': () => import('../features/comments/comment-form.island'),
  // the loan application's steps: live validation with the server's rules, input masks, the form version
  'application-form': () => import('../features/application/application-form.island'),
  // articles: copy-link and system share buttons
  'share-links': () => import('../features/content/share-links.island'),
  // articles: one view per page view (POST /api/views)
  'view-beacon': () => import('../features/article-views/view-beacon.island'),
  // the converter and currency pair pages: converts as the visitor types
  'currency-converter': () => import('../features/currency-converter/currency-converter.island'),
  // rates pages: a crosshair and readout that follow the pointer or the arrow keys
  'rate-chart': () => import('../features/rate-charts/rate-chart.island'),
  // /kontakt/, /wspolpraca/, /unsubscribe/: the form sent with fetch, errors in place, the confirmation in a dialog
  'lead-form': () => import('../features/contact/lead-form.island'),
} satisfies Record<IslandName, () => Promise<IslandModule>>;

/** The event tracker runs on every page (not an island: no marker), so it is part of the first load. */
export { startTracking } from '../features/tracking/tracker';

const registry: IslandRegistry = islandModules;

/** Everything a freshly shown page needs: runs after the first load and after every client-side navigation. */
export function enhancePage(context: IslandContext): Promise<void> {
  return mountIslands(registry, context);
}

/** Loads all islands ahead of a page rendered in place (client-side navigation). */
export function preloadAllIslands(): Promise<void> {
  return preloadIslands(registry);
}
