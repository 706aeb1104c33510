import { http } from '../shared/http';
import { type PagePayload } from '../app/page-payload';
import { isExemptFromTrailingSlash, pagePathOfPayload, payloadUrl } from '../shared/page-state';
import { type BuildWatcher } from './build-updates';
import { applyHead } from './head';
import { claimReload } from './reload-guard';
import { type BaseRenderContext, type Renderer } from './renderer';

interface RouterOptions {
  container: HTMLElement;
  context: BaseRenderContext;
  builds: BuildWatcher;
  /** Loads what a page rendered in place needs besides React and its chunk (the islands); never rejects. */
  prepare?(): Promise<void>;
  /** Runs after each page shown by client-side navigation (attaches the page's islands). */
  onShown?(): Promise<void> | void;
}

/** How long the pointer rests on a link before its navigation is prepared (a pass over it is no intent). */
const HOVER_INTENT_MS = 80;

/**
 * Client-side navigation: internal page links fetch `<path>_payload.json?v=<buildId>` and render
 * the page in place. Anything unexpected (payload or code chunk fails, a newer build is out)
 * falls back to an ordinary page load, which always works. React (the renderer chunk) and the
 * islands load on the first navigation, or earlier when the visitor shows the intent to follow
 * a link (pointer resting on it, touch, keyboard focus): never as part of the first load.
 */
export class Router {
  private controller: AbortController | null = null;
  private currentPath = location.pathname;
  private renderer: Promise<Renderer> | null = null;
  private hoverTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: RouterOptions) {}

  start(): void {
    document.addEventListener('click', this.onClick);
    window.addEventListener('popstate', this.onPopState);
    document.addEventListener('pointerover', this.onPointerOver, { passive: true });
    document.addEventListener('pointerout', this.onPointerOut, { passive: true });
    document.addEventListener('touchstart', this.onIntent, { passive: true });
    document.addEventListener('focusin', this.onIntent);
    // Back/forward restore the scroll position themselves, after the page has rendered.
    history.scrollRestoration = 'manual';
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
        http.request(payloadUrl(target.pathname, buildId), {
          signal: controller.signal,
          headers: { accept: 'application/json' },
        }),
        this.loadRenderer(),
        this.options.prepare?.(),
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
      await renderer.show({
        page: payload.page,
        layout: payload.layout,
        data: payload.data,
        navigation: payload.navigation,
        key: shown.pathname,
      });
      this.currentPath = shown.pathname;
      applyHead(payload.head);
      this.afterRender(shown, push);
      void this.options.onShown?.();
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn(`Nie udało się wczytać strony ${target.pathname} bez przeładowania`, error);
      if (claimReload(target.pathname)) location.assign(target.href);
    }
  }

  /** Starts loading what a navigation needs (not the payload: it may change before the click). */
  private prefetch(): void {
    if (this.options.builds.hasNewBuild) return; // the next navigation is a full load anyway
    this.loadRenderer().catch(() => undefined);
    void this.options.prepare?.();
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
    const target = navigationTarget(event.target);
    if (!target) return;
    event.preventDefault();
    history.replaceState({ ...(history.state as object | null), scrollY: window.scrollY }, '');
    void this.navigate(target, true);
  };

  private readonly onIntent = (event: Event): void => {
    if (this.renderer === null && navigationTarget(event.target)) this.prefetch();
  };

  private readonly onPointerOver = (event: PointerEvent): void => {
    if (event.pointerType !== 'mouse') return; // touch and pen: touchstart/focus tell the intent
    clearTimeout(this.hoverTimer);
    if (this.renderer !== null || !navigationTarget(event.target)) return;
    this.hoverTimer = setTimeout(() => this.prefetch(), HOVER_INTENT_MS);
  };

  private readonly onPointerOut = (): void => {
    clearTimeout(this.hoverTimer);
  };

  private readonly onPopState = (): void => {
    const target = new URL(location.href);
    if (target.pathname === this.currentPath) return; // only the hash changed
    void this.navigate(target, false);
  };
}

/** The page a link leads to when the router can show it in place; null for anything a full load must handle. */
function navigationTarget(element: EventTarget | null): URL | null {
  const anchor = (element as Element | null)?.closest?.('a');
  if (!anchor || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const target = new URL(anchor.href, location.href);
  if (target.origin !== location.origin) return null;
  if (!target.pathname.endsWith('/') || isExemptFromTrailingSlash(target.pathname)) return null;
  // Query strings can change what a page shows (forms read them); those take the full path.
  if (target.search !== '') return null;
  if (target.pathname === location.pathname && target.hash !== '') return null; // in-page anchor
  return target;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
