import { isUuidV4 } from '@lib/pl-validation';
import { z } from 'zod';

// Request fields shared by the content RPCs, validated at the gRPC boundary (parseRequest).

export const slugField = z
  .string()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lower-case slug such as "placa-minimalna"');

/** '' means "not given" in proto3; otherwise a slug. */
export const optionalSlugField = z.union([z.literal(''), slugField]).transform((value) => value || undefined);

/** Public paths: lower-case slugs separated by slashes, with both slashes present (spec point 2). */
export const pathField = z
  .string()
  .max(512, 'must be at most 512 characters')
  .regex(/^\/(?:[a-z0-9-]+\/)*$/, "must be a path like '/o-nas/' (lower-case slugs, trailing slash)");

/** proto3 int64 id where 0 means "not given". */
export const optionalIdField = z
  .number()
  .int('must be a whole number')
  .min(0, 'must not be negative')
  .max(2 ** 31 - 1, 'is out of range')
  .transform((value) => value || undefined);

export const BLOG_PAGE_SIZE = 9;
export const MAX_PAGE_SIZE = 50;

/** common.v1.PageRequest: page 0 means 1, size 0 means the default; larger sizes are capped. */
export const pageField = (defaultSize: number) =>
  z
    .object({
      page: z
        .number()
        .int('must be a whole number')
        .min(0, 'must not be negative')
        .max(100_000, 'is out of range'),
      pageSize: z.number().int('must be a whole number').min(0, 'must not be negative'),
    })
    .nullable()
    .transform((request) => {
      const page = Math.max(1, request?.page ?? 0);
      const size = Math.min(request?.pageSize || defaultSize, MAX_PAGE_SIZE);
      return { page, size, offset: (page - 1) * size };
    });

export const sessionIdField = z
  .string()
  .refine((value) => value === '' || isUuidV4(value), 'must be a UUID v4 or empty')
  .transform((value) => value.toLowerCase() || undefined);

export function pageInfo(page: number, size: number, total: number) {
  return { page, pageSize: size, totalItems: total, totalPages: Math.ceil(total / size) };
}
