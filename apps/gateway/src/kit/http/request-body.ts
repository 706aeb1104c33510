import express, { type RequestHandler } from 'express';
import { z } from 'zod';

/**
 * How every handler reads a request body: one of the readers below with its size limit, then
 * one zod schema (or the form's reading of its fields). A body that arrives as text but holds JSON
 * (navigator.sendBeacon sends text/plain) is parsed inside the schema, so a broken body and a
 * wrong field are reported the same way. A reader's failure is told apart with bodyProblem().
 */

/** The bodies a browser form or a page's script posts: JSON and urlencoded (flat), within the limits. */
export function formBodies(limitBytes: number, parameterLimit?: number): RequestHandler[] {
  return [
    express.json({ limit: limitBytes, type: 'application/json' }),
    express.urlencoded({ limit: limitBytes, extended: false, ...(parameterLimit ? { parameterLimit } : {}) }),
  ];
}

/** A body read as text whatever its declared type (sendBeacon and the tracker send text/plain), within the limit. */
export function textBody(limitBytes: number): RequestHandler {
  return express.text({ type: () => true, limit: limitBytes, defaultCharset: 'utf-8' });
}

/** A body kept as the bytes that arrived, whatever its declared type (a signature is checked over them), within the limit. */
export function rawBody(limitBytes: number): RequestHandler {
  return express.raw({ type: () => true, limit: limitBytes });
}

/** What a reader's error says of the body: over its limit, or unreadable (charset, aborted, broken); undefined for any other error. */
export function bodyProblem(error: unknown): 'too-large' | 'unreadable' | undefined {
  const type = (error as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') return undefined;
  return type === 'entity.too.large' ? 'too-large' : 'unreadable';
}

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
    .map((issue) =>
      issue.path.length === 0 && issue.code === 'custom'
        ? issue.message
        : `${issue.path.join('.') || 'body'}: ${issue.message}`,
    )
    .join('; ');
}
