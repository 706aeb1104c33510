/**
 * A page section fed by one backend call. A section whose service did not answer renders its own
 * short notice while the rest of the page still shows; such a page is never written to the cache.
 */
export type Section<T> = { status: 'ok'; value: T } | { status: 'unavailable' };

export const sectionOk = <T>(value: T): Section<T> => ({ status: 'ok', value });
export const SECTION_UNAVAILABLE: Section<never> = { status: 'unavailable' };

export function hasUnavailableSection(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  return Object.values(data).some(
    (value) =>
      typeof value === 'object' && value !== null && (value as { status?: unknown }).status === 'unavailable',
  );
}
