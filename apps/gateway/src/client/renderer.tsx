import { flushSync } from 'react-dom';
import { type Root, createRoot } from 'react-dom/client';
import { App } from '../app/app';
import { type LayoutName } from '../app/layouts';
import { type NavigationView } from '../app/layouts/navigation';
import { type LoadedPage, type PageName, loadPageComponent } from '../app/pages';
import { type RenderContext } from '../app/render-context';

export interface ShownPage {
  page: PageName;
  layout: LayoutName;
  data: unknown;
  /** Header and footer links around the page. */
  navigation: NavigationView;
  /** Distinguishes pages, so a failed page's error screen does not outlive a navigation. */
  key: string;
}

/** The render context without the navigation, which each shown page brings along. */
export type BaseRenderContext = Omit<RenderContext, 'navigation'>;

/**
 * React in the browser, for client-side navigation only. This module is the only one importing
 * react-dom, and the router loads it on demand: no page hydrates, so a visitor who never
 * navigates in place never downloads React (the page's islands make it interactive).
 */
export class Renderer {
  private root: Root | null = null;

  constructor(
    private readonly container: HTMLElement,
    private readonly context: BaseRenderContext,
  ) {}

  /** Shows another page in place; the first call takes over the server-rendered DOM. */
  async show(shown: ShownPage): Promise<void> {
    const Page = await loadPageComponent(shown.page);
    this.root ??= createRoot(this.container);
    const root = this.root;
    // Committed synchronously so the new DOM exists before the router scrolls and moves focus.
    flushSync(() => root.render(this.element(shown, Page)));
  }

  private element(shown: ShownPage, Page: LoadedPage) {
    const context: RenderContext = { ...this.context, navigation: shown.navigation };
    return <App context={context} layout={shown.layout} Page={Page} data={shown.data} pageKey={shown.key} />;
  }
}
