import { z } from 'zod';

/**
 * How a handler reads a request body: Express's body parsers (express.json, express.urlencoded,
 * express.text) with their size limits, then one zod schema. A body that arrives as text but
 * holds JSON (navigator.sendBeacon sends text/plain) is parsed inside the schema, so a broken
 * body and a wrong field are reported the same way.
 */

const NOT_JSON = 'body must be JSON';

/** A text body holding JSON that `schema` accepts; an absent, empty or broken body is 'body must be JSON'. */
export function jsonTextBody<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .transform((body, ctx) => {
      if (typeof body === 'string' && body.trim() !== '') {
        try {
          return JSON.parse(body) as unknown;
        } catch {
          // reported below
        }
      }
      ctx.addIssue({ code: 'custom', message: NOT_JSON });
      return z.NEVER;
    })
    .pipe(schema);
}

/** One line for a 400 answer: 'path: Too big: …; sessionId: …' (a body that is no JSON at all says just that). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => (issue.path.length === 0 && issue.code === 'custom' ? issue.message : `${issue.path.join('.') || 'body'}: ${issue.message}`))
    .join('; ');
}
