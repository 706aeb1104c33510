import { type InlineState } from '../app/page-payload';
import { APP_ROOT_ID, INLINE_STATE_ID } from '../shared/page-state';
import { BuildWatcher } from './build-updates';
import { type IslandContext } from '../app/island-marker';
import { enhancePage, preloadAllIslands, startTracking } from './page-enhancements';
import { Router } from './router';

function readInlineState(): InlineState {
  const element = document.getElementById(INLINE_STATE_ID);
  if (!element?.textContent) throw new Error(`#${INLINE_STATE_ID} is missing from the page`);
  return JSON.parse(element.textContent) as InlineState;
}

/**
 * The first load: no page hydrates React. The islands marked on the server HTML attach to it
 * (each its own small chunk), and React with the page chunks loads only when the visitor
 * navigates (the router), after which the same islands attach to the new DOM.
 */
async function main(): Promise<void> {
  const state = readInlineState();
  const container = document.getElementById(APP_ROOT_ID);
  if (!container) throw new Error(`#${APP_ROOT_ID} is missing from the page`);
  const context = { locale: state.locale, buildId: state.buildId, today: state.today };
  const islands: IslandContext = { locale: state.locale, today: state.today };
  const builds = new BuildWatcher(state.buildId);
  // Page views and the other tracking events; never throws, never waits (features/tracking/tracker.ts).
  const tracker = startTracking();
  const onShown = () => {
    tracker.pageShown();
    return enhancePage(islands);
  };
  const router = new Router({ container, context, builds, prepare: preloadAllIslands, onShown });
  router.start();
  builds.start();
  await enhancePage(islands);
  // A marker for end-to-end tests and monitoring that the client code is running and the page's islands are attached.
  document.documentElement.dataset.client = 'ready';
}

main().catch((error: unknown) => {
  // Without the client code the server-rendered page still works as plain HTML with ordinary links.
  console.error('Client start failed', error);
});
