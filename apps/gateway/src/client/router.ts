import { http } from '../shared/http';
import { type PagePayload } from '../app/page-payload';
import { isExemptFromTrailingSlash, pagePathOfPayload, payloadUrl } from '../shared/page-state';
import { type BuildWatcher } from './build-updates';
import { applyHead } from './head';
import { claimReload } from './reload-guard';
import { type BaseRenderContext, type Renderer, type ShownPage } from './renderer';

interface RouterOptions {
  container: HTMLElement;
  context: BaseRenderContext;
  builds: BuildWatcher;
  /** Runs after each page shown by client-side navigation (the page's own enhancements). */
  onShown?(): void;
}

/**
 * Client-side navigation: internal page links fetch `<path>_payload.json?v=<buildId>` and render
 * the page in place. Anything unexpected (payload or code chunk fails, a newer build is out)
 * falls back to an ordinary page load, which always works.
 */
export class Router {
  private controller: AbortController | null = null;
  private currentPath = location.pathname;
  private renderer: Promise<Renderer> | null = null;

  constructor(private readonly options: RouterOptions) {}

  start(): void {
    document.addEventListener('click', this.onClick);
    window.addEventListener('popstate', this.onPopState);
    // Back/forward restore the scroll position themselves, after the page has rendered.
    history.scrollRestoration = 'manual';
  }

  async hydrate(shown: ShownPage): Promise<void> {
    const renderer = await this.loadRenderer();
    await renderer.hydrate(shown);
  }

  async navigate(target: URL, push: boolean): Promise<void> {
    if (this.options.builds.hasNewBuild && claimReload(target.pathname)) {
      location.assign(target.href);
      return;
    }
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const { buildId } = this.options.context;
    try {
      const [response, renderer] = await Promise.all([
        http.request(payloadUrl(target.pathname, buildId), { signal: controller.signal, headers: { accept: 'application/json' } }),
        this.loadRenderer(),
      ]);
      const payload = (await response.json()) as PagePayload;
      if (payload.buildId !== buildId) throw new Error(`the payload comes from build ${payload.buildId}`);
      if (controller.signal.aborted) return;
      // An alias address ('/blog/page-1/') answers with a redirect to its page's payload: show
      // the page under the address it really has, as a full load would.
      const shown = new URL(target.href);
      const finalPath = response.redirected ? pagePathOfPayload(new URL(response.url).pathname) : null;
      if (finalPath !== null) shown.pathname = finalPath;
      if (push) history.pushState({ scrollY: 0 }, '', shown.href);
      else if (finalPath !== null) history.replaceState(history.state, '', shown.href);
      await renderer.show({ page: payload.page, layout: payload.layout, data: payload.data, navigation: payload.navigation, key: shown.pathname });
      this.currentPath = shown.pathname;
      applyHead(payload.head);
      this.afterRender(shown, push);
      this.options.onShown?.();
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn(`Nie udało się wczytać strony ${target.pathname} bez przeładowania`, error);
      if (claimReload(target.pathname)) location.assign(target.href);
    }
  }

  private loadRenderer(): Promise<Renderer> {
    this.renderer ??= import('./renderer').then(
      ({ Renderer }) => new Renderer(this.options.container, this.options.context),
    );
    // A failed chunk download must not poison every later navigation.
    this.renderer.catch(() => {
      this.renderer = null;
    });
    return this.renderer;
  }

  private afterRender(target: URL, push: boolean): void {
    const anchor = target.hash ? document.getElementById(safeDecode(target.hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else if (push) window.scrollTo(0, 0);
    else window.scrollTo(0, (history.state as { scrollY?: number } | null)?.scrollY ?? 0);
    // Screen readers start reading the new page instead of staying on the clicked link.
    if (push) document.getElementById('tresc')?.focus({ preventScroll: true });
  }

  private readonly onClick = (event: MouseEvent): void => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || anchor.hasAttribute('download')) return;
    if (anchor.target && anchor.target !== '_self') return;
    const target = new URL(anchor.href, location.href);
    if (target.origin !== location.origin) return;
    if (!target.pathname.endsWith('/') || isExemptFromTrailingSlash(target.pathname)) return;
    // Query strings can change what a page shows (forms read them); those take the full path.
    if (target.search !== '') return;
    if (target.pathname === location.pathname && target.hash !== '') return; // in-page anchor
    event.preventDefault();
    history.replaceState({ ...(history.state as object | null), scrollY: window.scrollY }, '');
    void this.navigate(target, true);
  };

  private readonly onPopState = (): void => {
    const target = new URL(location.href);
    if (target.pathname === this.currentPath) return; // only the hash changed
    void this.navigate(target, false);
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
