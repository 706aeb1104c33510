import { isInteractivePage } from '../app/pages';
import { LANGUAGE_COOKIE, languageCookie } from '../shared/locale';
import { type InlineState } from '../app/page-payload';
import { APP_ROOT_ID, INLINE_STATE_ID } from '../shared/page-state';
import { BuildWatcher } from './build-updates';
import { enhancePage, onShareClick } from './page-enhancements';
import { Router } from './router';

function readInlineState(): InlineState {
  const element = document.getElementById(INLINE_STATE_ID);
  if (!element?.textContent) throw new Error(`#${INLINE_STATE_ID} is missing from the page`);
  return JSON.parse(element.textContent) as InlineState;
}

function rememberLanguage(state: InlineState): void {
  // Set in the browser, so the HTML stays identical for every visitor and can be cached.
  if (!document.cookie.split('; ').some((c) => c.startsWith(`${LANGUAGE_COOKIE.name}=`))) {
    document.cookie = languageCookie(state.locale, location.protocol === 'https:');
  }
}

async function main(): Promise<void> {
  const state = readInlineState();
  const container = document.getElementById(APP_ROOT_ID);
  if (!container) throw new Error(`#${APP_ROOT_ID} is missing from the page`);
  rememberLanguage(state);
  const context = { locale: state.locale, buildId: state.buildId, today: state.today };
  const builds = new BuildWatcher(state.buildId);
  document.addEventListener('click', onShareClick);
  const router = new Router({ container, context, builds, onShown: enhancePage });
  router.start();
  builds.start();
  enhancePage();
  if (isInteractivePage(state.page)) {
    if (!state.navigation) throw new Error('the inline state of an interactive page has no navigation');
    await router.hydrate({ page: state.page, layout: state.layout, data: state.data, navigation: state.navigation, key: location.pathname });
  }
  // A marker for end-to-end tests and monitoring that the client code is running.
  document.documentElement.dataset.client = 'ready';
}

main().catch((error: unknown) => {
  // Without the client code the server-rendered page still works as plain HTML with ordinary links.
  console.error('Client start failed', error);
});
