import { type z } from 'zod';
import { invalidArgument } from './errors';

/**
 * Validates an incoming gRPC request at the boundary. Every zod issue becomes a field violation, so
 * the caller learns all that is wrong at once and which field it was.
 */
export function parseRequest<S extends z.ZodType>(schema: S, request: unknown): z.output<S> {
  const result = schema.safeParse(request);
  if (result.success) return result.data;
  throw invalidArgument(
    result.error.issues.map((issue) => ({
      field: issue.path.map(String).join('.') || '(request)',
      description: issue.message,
    })),
  );
}
