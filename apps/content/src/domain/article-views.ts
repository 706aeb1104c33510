/** One visit counts once: the same session reading the same article again within this window does not. */
export const VISIT_WINDOW_MS = 30 * 60_000;
