import { z } from 'zod';

/**
 * How a sandbox lender answers a delivery that passed every check:
 *   decide        200 with its decision at once
 *   decide-later  202 'pending', then its decision as a signed callback after SANDBOX_LATER_MS
 *   timeout       holds the request open for SANDBOX_TIMEOUT_HOLD_MS and never answers it
 */
export const SANDBOX_BEHAVIOURS = ['decide', 'decide-later', 'timeout'] as const;
export type SandboxBehaviour = (typeof SANDBOX_BEHAVIOURS)[number];

/** apps/partner-sandbox/sandbox-behaviour.json: one behaviour per lender slug of the lender file. */
export const behaviourFileSchema = z.strictObject({
  lenders: z.record(
    z.string(),
    z.enum(SANDBOX_BEHAVIOURS, { error: `must be one of ${SANDBOX_BEHAVIOURS.join(', ')}` }),
  ),
});
export type BehaviourFile = z.output<typeof behaviourFileSchema>;

/** The behaviour file's text parsed, or every problem with it. */
export function readBehaviourFile(text: string): { ok: BehaviourFile } | { problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problems: [`behaviour file is not JSON: ${(error as Error).message}`] };
  }
  const parsed = behaviourFileSchema.safeParse(json);
  if (parsed.success) return { ok: parsed.data };
  return {
    problems: parsed.error.issues.map((i) => `behaviour file, ${i.path.join('.') || '(file)'}: ${i.message}`),
  };
}
