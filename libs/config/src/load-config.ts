import { type z } from 'zod';

/** Thrown when the environment does not satisfy a schema; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
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
  throw new ConfigError(problems);
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
