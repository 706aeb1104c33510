import { type LoadContext } from '../../src/app/route-types';
import { SECTION_UNAVAILABLE, sectionOk, type Section } from '../../src/app/section';
import { type GatewayServices } from '../../src/app/services';
import { createPolishLocale } from '../../src/shared/locale';

const ORIGIN = 'https://example.pl';

/**
 * A loader's context as the page resolver gives it, over the services a test hands in (only the
 * methods the loader calls): the Polish locale, and sections whose failed call is unavailable.
 */
export function loadContextOver<P>(services: unknown, params: P, path: string): LoadContext<P> {
  return {
    params,
    path,
    services: services as GatewayServices,
    locale: createPolishLocale(ORIGIN),
    origin: ORIGIN,
    section: async <T>(call: () => Promise<T>): Promise<Section<T>> => {
      try {
        return sectionOk(await call());
      } catch {
        return SECTION_UNAVAILABLE;
      }
    },
  };
}
