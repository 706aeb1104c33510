/** A path is force-reloaded at most once per 10 s, so a broken build cannot loop. */
export const RELOAD_GUARD_MS = 10_000;

const memory = new Map<string, number>();

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // disabled storage (privacy mode, sandboxed frames)
  }
}

/** True (and remembered) when a full load of `path` is allowed now. */
export function claimReload(path: string, now: number = Date.now()): boolean {
  const key = `reload-guard:${path}`;
  const store = storage();
  const raw = store?.getItem(key) ?? memory.get(key)?.toString() ?? null;
  const last = raw === null ? Number.NaN : Number(raw);
  if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS) return false;
  try {
    store?.setItem(key, String(now));
  } catch {
    /* quota or disabled storage: the in-memory copy below still guards this tab */
  }
  memory.set(key, now);
  return true;
}
