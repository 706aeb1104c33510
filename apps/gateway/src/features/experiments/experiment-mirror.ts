import {
  EXPERIMENT_COOKIE_MAX_AGE_MS,
  experimentCookieName,
  experimentCookies,
  experimentStorageKey,
  isVariantName,
} from './experiment-storage';

/** The browser storage the mirror needs (window.localStorage, or a Map-backed stand-in in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Keeps the two homes of a visitor's variants in step (the `exp_<id>` cookie and the flow kept
 * in local storage): every `exp_<id>` cookie the gateway set is written to local storage as the flow
 * ('0300.1-A'); for an experiment whose cookie is gone but whose flow local storage still has, the
 * cookie is written back, so the gateway finds the stored value on the next page (it checks it is
 * allowed). Returns the `document.cookie` assignments to make. Pure apart from the store.
 */
export function mirrorExperiments(
  cookieHeader: string,
  storage: KeyValueStore,
  experimentIds: readonly string[],
  secure: boolean,
): string[] {
  const cookies = experimentCookies(cookieHeader);
  for (const [id, variant] of cookies) storage.setItem(experimentStorageKey(id), `${id}-${variant}`);
  const restore: string[] = [];
  for (const id of experimentIds) {
    if (cookies.has(id)) continue;
    const flow = storage.getItem(experimentStorageKey(id)) ?? '';
    const variant = flow.startsWith(`${id}-`) ? flow.slice(id.length + 1) : '';
    if (!isVariantName(variant)) continue;
    const attributes = [
      `Max-Age=${Math.floor(EXPERIMENT_COOKIE_MAX_AGE_MS / 1000)}`,
      'Path=/',
      'SameSite=Lax',
      ...(secure ? ['Secure'] : []),
    ];
    restore.push(`${experimentCookieName(id)}=${variant}; ${attributes.join('; ')}`);
  }
  return restore;
}
