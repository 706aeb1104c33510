import { useRenderContext } from '../../app/render-context';
import { readConsent } from '../../shared/consent';
import { experimentCookies } from './experiment-storage';

/** The variant of `experimentId` in a page's flows ('0300.1-B,0256.1-A'); undefined when it has none. */
export function variantIn(testFlow: string | undefined, experimentId: string): string | undefined {
  for (const flow of (testFlow ?? '').split(',')) {
    if (flow.startsWith(`${experimentId}-`)) return flow.slice(experimentId.length + 1);
  }
  return undefined;
}

/**
 * The variant of `experimentId` the page is drawn in, undefined for the control (a visitor outside
 * the experiment: no consent, a crawler). On the server: the flows the page handler assigned to
 * this request. In the browser (a page drawn by client-side navigation): the visitor's variant
 * cookie, which exists only with consent.
 */
export function useExperimentVariant(experimentId: string): string | undefined {
  const { testFlow } = useRenderContext();
  if (testFlow !== undefined || typeof document === 'undefined') return variantIn(testFlow, experimentId);
  if (readConsent(document.cookie) !== 'granted') return undefined;
  return experimentCookies(document.cookie).get(experimentId);
}
