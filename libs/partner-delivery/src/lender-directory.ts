import { z } from 'zod';
import { DELIVERABLE_FIELDS, type DeliverableField } from './delivery-messages';
import { MIN_SECRET_LENGTH } from './signature';

/*
 * The reviewed file that says which lenders take applications from us and how: one entry per
 * lender, with the endpoint, the name of the environment variable holding its secret (the secret
 * itself lives in a Kubernetes Secret, never in the repository), the applicant's fields it needs,
 * and whether delivery to it is switched on. `environment: "sandbox"` marks a file whose endpoints
 * are the partner sandbox; such a file is refused in production.
 */

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lender slug, e.g. "smart-pozyczka"');

const lenderEntrySchema = z.strictObject({
  slug,
  /** The offers feed's lender id. */
  lenderId: z.number().int().positive(),
  name: z.string().min(1).max(100),
  enabled: z.boolean(),
  /** https URL (http only in a sandbox file); `${NAME}` is replaced with that environment variable. */
  endpoint: z.string().min(1).max(500),
  /** The environment variable holding the HMAC secret, e.g. LENDER_SECRET_VIVUS. */
  secretEnv: z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'must be an environment variable name'),
  requiredFields: z.array(z.enum(DELIVERABLE_FIELDS)).min(1),
  timeoutMs: z.number().int().min(100).max(30_000).default(5_000),
});

export const lenderDirectoryFileSchema = z.strictObject({
  environment: z.enum(['sandbox', 'production']),
  lenders: z.array(lenderEntrySchema).max(200),
});

/** A lender ready to be delivered to: its endpoint resolved, its secret read. */
export interface DeliveryLender {
  slug: string;
  lenderId: number;
  name: string;
  enabled: boolean;
  endpoint: URL;
  secret: string;
  requiredFields: readonly DeliverableField[];
  timeoutMs: number;
}

export interface LenderDirectory {
  environment: 'sandbox' | 'production';
  lenders: DeliveryLender[];
}

/**
 * Reads the file's text against the environment: every problem in one list (a lender's secret
 * missing or too short, an endpoint naming an unset variable, duplicates, plain http outside the
 * sandbox), so a start-up with a bad file says everything at once.
 */
export function readLenderDirectory(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
): { ok: LenderDirectory } | { problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problems: [`not JSON: ${(error as Error).message}`] };
  }
  const parsed = lenderDirectoryFileSchema.safeParse(json);
  if (!parsed.success)
    return { problems: parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`) };
  const file = parsed.data;
  const problems: string[] = [];
  const seen = new Set<string>();
  const lenders: DeliveryLender[] = [];
  for (const entry of file.lenders) {
    const where = `lender ${entry.slug}`;
    if (seen.has(entry.slug)) problems.push(`${where}: listed twice`);
    seen.add(entry.slug);
    let endpointText = entry.endpoint;
    for (const [, name] of entry.endpoint.matchAll(/\$\{([A-Z][A-Z0-9_]*)\}/g)) {
      const value = env[name!];
      if (!value) problems.push(`${where}: endpoint needs ${name}, which is not set`);
      else endpointText = endpointText.replace(`\${${name}}`, value.replace(/\/+$/, ''));
    }
    let endpoint: URL | undefined;
    try {
      endpoint = new URL(endpointText);
    } catch {
      if (!problems.some((p) => p.startsWith(`${where}: endpoint`)))
        problems.push(`${where}: endpoint is not a URL`);
    }
    if (
      endpoint &&
      endpoint.protocol !== 'https:' &&
      !(file.environment === 'sandbox' && endpoint.protocol === 'http:')
    )
      problems.push(`${where}: endpoint must be https`);
    const secret = env[entry.secretEnv] ?? '';
    // A disabled lender may be listed before its contract (and secret) is in place.
    if (entry.enabled && secret.length < MIN_SECRET_LENGTH)
      problems.push(
        `${where}: ${entry.secretEnv} must hold a secret of at least ${MIN_SECRET_LENGTH} characters`,
      );
    if (endpoint) lenders.push({ ...entry, endpoint, secret });
  }
  return problems.length > 0 ? { problems } : { ok: { environment: file.environment, lenders } };
}
