export interface ReadinessCheck {
  name: string;
  /** Resolves when the dependency is usable; throws (or rejects) when it is not. */
  check(): Promise<void>;
  /** Per-check limit; 1000 ms when omitted. */
  timeoutMs?: number;
}

export const DEFAULT_CHECK_TIMEOUT_MS = 1000;

export type CheckOutcome = { ok: true } | { ok: false; error: string };

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** Runs one check under its own deadline; never rejects. */
export async function runCheck(check: ReadinessCheck): Promise<CheckOutcome> {
  const timeoutMs = check.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([Promise.resolve().then(() => check.check()), deadline]);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: describe(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every check in parallel; the result maps each name to "ok" or its error text. */
export async function runChecks(
  checks: readonly ReadinessCheck[],
): Promise<{ ready: boolean; checks: Record<string, string> }> {
  const outcomes = await Promise.all(checks.map((c) => runCheck(c)));
  const result: Record<string, string> = {};
  let ready = true;
  checks.forEach((c, i) => {
    const outcome = outcomes[i];
    if (outcome?.ok) {
      result[c.name] = 'ok';
    } else {
      ready = false;
      result[c.name] = outcome?.error ?? 'no result';
    }
  });
  return { ready, checks: result };
}
