import { createContext, useContext } from 'react';
import { type Locale } from '../shared/locale';
import { type FormState } from './form-state';
import { type NavigationView } from './layouts/navigation';

/** Per-request facts every component may read; identical on the server and in the browser. */
export interface RenderContext {
  locale: Locale;
  buildId: string;
  /** Today's date in the locale's time zone (YYYY-MM-DD), fixed at render; islands compute from the same day. */
  today: string;
  /** Header and footer links (from the content service, or the built-in copy). */
  navigation: NavigationView;
  /** Server only: the page form's state of this request (see ResolvedPage.formState). */
  formState?: FormState;
  /**
   * Server only: the A/B flows this page is drawn in ('0300.1-B'; see ResolvedPage.testFlow). In
   * the browser the visitor's variant cookies say it (features/experiments, useExperimentVariant).
   */
  testFlow?: string;
}

const Context = createContext<RenderContext | null>(null);

export const RenderContextProvider = Context.Provider;

export function useRenderContext(): RenderContext {
  const value = useContext(Context);
  if (!value) throw new Error('useRenderContext() used outside <RenderContextProvider>');
  return value;
}
