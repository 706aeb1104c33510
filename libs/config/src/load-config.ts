import { type z } from 'zod';

/** Thrown when the environment does not satisfy a schema; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(
    readonly problems: readonly string[],
    /** The variables at fault, in the order of `problems` (without repeats). */
    readonly variables: readonly string[] = [],
  ) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * Parses the environment once against a zod object schema. Empty strings count as unset, so
 * `FOO=` in a compose file behaves like an absent variable and falls back to the default.
 */
export function loadConfig<S extends z.ZodType>(schema: S, source: Env = process.env): z.output<S> {
  const cleaned: Env = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value.trim() !== '') cleaned[key] = value.trim();
  }
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const got = typeof issue.path[0] === 'string' ? cleaned[issue.path[0]] : undefined;
    return got === undefined ? `${name} ${issue.message}` : `${name}=${JSON.stringify(got)} ${issue.message}`;
  });
  const variables = [...new Set(result.error.issues.map((issue) => issue.path.join('.') || '(environment)'))];
  throw new ConfigError(problems, variables);
}

/** For process entry points: a bad environment stops the process with one clear line on stderr. */
export function loadConfigOrExit<S extends z.ZodType>(schema: S, source: Env = process.env): z.output<S> {
  try {
    return loadConfig(schema, source);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG from sysexits.h: configuration error
    }
    throw error;
  }
}

/**
 * Whether a bad environment should stop the process (exit 78) rather than leave it up and unready:
 * on a laptop (NODE_ENV unset, development or test) a clear stop is the quickest feedback. A
 * deployment (NODE_ENV=production, the image's default, or any other value) stays alive and unready
 * instead, so an orchestrator shows one unready pod with the cause in its log, not a crash loop.
 */
export function exitsOnBadConfig(source: Env = process.env): boolean {
  const mode = source['NODE_ENV']?.trim() ?? '';
  return mode === '' || mode === 'development' || mode === 'test';
}

/**
 * For serving processes' entry points (`instrument.ts`): the validated configuration, or, in a
 * deployment (see exitsOnBadConfig), the ConfigError for the process to serve unready with (health
 * NOT_SERVING, /readyz 503, one log line naming the variables). Exits 78 like loadConfigOrExit
 * elsewhere.
 */
export function loadConfigOrUnready<S extends z.ZodType>(
  schema: S,
  source: Env = process.env,
  options: {
    /**
     * Variables without which even an unready process would mislead (the gateway's public origin):
     * a problem naming one exits 78 in a deployment too, pointing the crash at the manifest.
     */
    stopsOn?: readonly string[];
  } = {},
): z.output<S> | ConfigError {
  if (exitsOnBadConfig(source)) return loadConfigOrExit(schema, source);
  try {
    return loadConfig(schema, source);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    if (error.variables.some((name) => options.stopsOn?.includes(name))) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    return error;
  }
}

/**
 * A port variable as is when it is a valid port (0–65535), else `fallback`: where a process with an
 * invalid environment still has to listen for its probes, and the port variable may be the bad one.
 */
export function portOr(value: string | undefined, fallback: number): number {
  const trimmed = value?.trim() ?? '';
  const port = Number(trimmed);
  return trimmed !== '' && Number.isInteger(port) && port >= 0 && port <= 65_535 ? port : fallback;
}
