/**
 * Where a visitor's A/B variants are kept, the same names on both sides: a first-party cookie per
 * experiment (`exp_<id>`, e.g. `exp_0300.1=A`), which the gateway reads and sets, and its mirror in
 * the browser's local storage (`exp_flow:<id>` → '0300.1-A'), written by the experiments island.
 * The cookie holds only the variant letter: no identifier, nothing personal. Imports nothing, so
 * the island's chunk stays tiny.
 */

export const EXPERIMENT_COOKIE_PREFIX = 'exp_';
export const EXPERIMENT_STORAGE_PREFIX = 'exp_flow:';
/** As long as the client id (180 days): a visitor keeps the variant for the experiment's life. */
export const EXPERIMENT_COOKIE_MAX_AGE_MS = 180 * 24 * 60 * 60_000;
/** The query parameter that forces a variant ('A', 'B' or a full flow such as '0300.1-B'). */
export const EXPERIMENT_OVERRIDE_PARAM = 'exp_flow';

/** Experiment ids are digits and dots ('0300.1'); anything else is no experiment of ours. */
export const isExperimentId = (id: string): boolean => /^\d{1,6}(\.\d{1,3})?$/.test(id);
/** Variant names are one to eight letters; the server checks them against the experiment. */
export const isVariantName = (value: string): boolean => /^[A-Za-z]{1,8}$/.test(value);

export const experimentCookieName = (experimentId: string): string =>
  `${EXPERIMENT_COOKIE_PREFIX}${experimentId}`;
export const experimentStorageKey = (experimentId: string): string =>
  `${EXPERIMENT_STORAGE_PREFIX}${experimentId}`;

/** Every `exp_<id>=<variant>` pair of a Cookie header (or document.cookie) with a well-formed id and value. */
export function experimentCookies(header: string | undefined): Map<string, string> {
  const found = new Map<string, string>();
  for (const pair of header?.split(';') ?? []) {
    const mark = pair.indexOf('=');
    if (mark === -1) continue;
    const name = pair.slice(0, mark).trim();
    const value = pair.slice(mark + 1).trim();
    if (!name.startsWith(EXPERIMENT_COOKIE_PREFIX)) continue;
    const id = name.slice(EXPERIMENT_COOKIE_PREFIX.length);
    if (isExperimentId(id) && isVariantName(value) && !found.has(id)) found.set(id, value);
  }
  return found;
}
