import { type commonV1 } from '@lib/contracts';
import { isPagePath, isSlug, MAX_PAGE_PATH_LENGTH, MAX_SLUG_LENGTH, normalizeUuid } from '@lib/pl-validation';
import { z } from 'zod';

/*
 * Request fields every service validates the same way at its gRPC boundary (parseRequest): one
 * definition of a slug, a page path, a proto3 optional id and a page of a list.
 */

export const slugField = z
  .string()
  .min(1, 'is required')
  .refine(
    isSlug,
    `must be a lower-case slug such as "placa-minimalna" (at most ${MAX_SLUG_LENGTH} characters)`,
  );

/** '' means "not given" in proto3; otherwise a slug. */
export const optionalSlugField = z.union([z.literal(''), slugField]).transform((value) => value || undefined);

/** A page's public path: lower-case slugs, each followed by '/', the root included. */
export const pagePathField = z
  .string()
  .refine(
    isPagePath,
    `must be a path like '/o-nas/' (lower-case slugs, trailing slash, at most ${MAX_PAGE_PATH_LENGTH} characters)`,
  );

/** proto3 int64 id where 0 means "not given". */
export const optionalIdField = z
  .number()
  .int('must be a whole number')
  .min(0, 'must not be negative')
  .max(2 ** 31 - 1, 'is out of range')
  .transform((value) => value || undefined);

/**
 * A write's `optional string idempotency_key` (proto/README: a UUID v4 made once per form
 * submission, the same on every retry). Absent, null or '' mean "no key" (undefined: the write is
 * stored without deduplication); otherwise a v4 UUID, with or without hyphens, kept canonical.
 */
export const idempotencyKeyField = z
  .string()
  .nullish()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const key = normalizeUuid(value.trim());
    if (!key)
      ctx.addIssue({ code: 'custom', message: 'must be a UUID v4, created once per form submission' });
    return key;
  });

/** A positive int64 id that must be given. */
export const idField = z
  .number()
  .int('must be a whole number')
  .min(1, 'is required')
  .max(2 ** 53 - 1, 'is out of range');

/** The slice of a list one call asks for: 1-based page, its size and the rows to skip. */
export interface PageSlice {
  page: number;
  size: number;
  offset: number;
}

/** Pages past this are not served: it bounds OFFSET scans and the cache keys a crawler can create. */
export const MAX_PAGE_NUMBER = 10_000;

/**
 * common.v1.PageRequest: page 0 means 1, size 0 means `defaultSize`; a size above `maxSize` is
 * capped (callers are told how many they got through PageInfo, never refused for asking too much).
 */
export const pageRequestField = (defaultSize: number, maxSize = 50) =>
  z
    .object({
      page: z
        .number()
        .int('must be a whole number')
        .min(0, 'must not be negative')
        .max(MAX_PAGE_NUMBER, 'is out of range'),
      pageSize: z.number().int('must be a whole number').min(0, 'must not be negative'),
    })
    .nullish()
    .transform((request): PageSlice => {
      const page = Math.max(1, request?.page ?? 0);
      const size = Math.min(request?.pageSize || defaultSize, maxSize);
      return { page, size, offset: (page - 1) * size };
    });

/** common.v1.PageInfo of a slice of `total` items. */
export function toPageInfo(slice: PageSlice, total: number): commonV1.PageInfo {
  return {
    page: slice.page,
    pageSize: slice.size,
    totalItems: total,
    totalPages: Math.ceil(total / slice.size),
  };
}
