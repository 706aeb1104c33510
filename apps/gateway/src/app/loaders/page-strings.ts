import { deepFreeze, isSharedValue } from '@lib/cache';

/**
 * Walks over the strings of page data (plain objects and arrays at any depth, as loaders build
 * them and the page-data cache stores them).
 */

/**
 * What one walk made of the shared parts it met (isSharedValue: frozen, the same object for every
 * page until its answer changes), for a walk that gives the same result for the same part every
 * time: the caller keeps one per walk (per `change`, or per `test`), and a shared part is then
 * walked once instead of on every page.
 */
export type KeptWalks<R> = WeakMap<object, R>;

/**
 * The value with `change` applied to every string inside it; `key` is the name of the property
 * that holds the string (for an array's items, the array's). Parts where nothing changed are the
 * objects they were, so a walk that changes nothing allocates nothing, and data shared read-only
 * between pages (frozen) passes through untouched. With `kept`, a shared object (not an array,
 * whose items take its key) is walked once, and what it became is shared too.
 */
export function mapPageStrings<T>(
  value: T,
  change: (text: string, key: string) => string,
  key = '',
  kept?: KeptWalks<unknown>,
): T {
  if (typeof value === 'string') return change(value, key) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const changed = mapPageStrings(item, change, key, kept);
      if (changed !== item) (copy ??= value.slice())[index] = changed;
    }
    return (copy ?? value) as T;
  }
  const keeps = kept !== undefined && isSharedValue(value);
  // A kept result is never undefined: it is the part itself or what it became.
  const known = keeps ? kept.get(value) : undefined;
  if (known !== undefined) return known as T;
  let copy: Record<string, unknown> | null = null;
  for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
    const changed = mapPageStrings(item, change, name, kept);
    if (changed !== item) (copy ??= { ...(value as Record<string, unknown>) })[name] = changed;
  }
  // What a walk made of a shared part is handed to every page after it: shared (frozen) as well,
  // so that the next walk over the page looks at it once too.
  const result = keeps && copy !== null ? deepFreeze(copy) : (copy ?? value);
  if (keeps) kept.set(value, result);
  return result as T;
}

/**
 * Whether any string inside page data passes `test` (stops at the first that does). With `kept`,
 * a shared object is looked at once.
 */
export function somePageString(
  value: unknown,
  test: (text: string) => boolean,
  kept?: KeptWalks<boolean>,
): boolean {
  if (typeof value === 'string') return test(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => somePageString(item, test, kept));
  const keeps = kept !== undefined && isSharedValue(value);
  const known = keeps ? kept.get(value) : undefined;
  if (known !== undefined) return known;
  const found = Object.values(value).some((item) => somePageString(item, test, kept));
  if (keeps) kept.set(value, found);
  return found;
}
