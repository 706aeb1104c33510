/**
 * Walks over the strings of page data (plain objects and arrays at any depth, as loaders build
 * them and the page-data cache stores them).
 */

/**
 * The value with `change` applied to every string inside it; `key` is the name of the property
 * that holds the string (for an array's items, the array's). Parts where nothing changed are the
 * objects they were, so a walk that changes nothing allocates nothing, and data shared read-only
 * between pages (frozen) passes through untouched.
 */
export function mapPageStrings<T>(value: T, change: (text: string, key: string) => string, key = ''): T {
  if (typeof value === 'string') return change(value, key) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const changed = mapPageStrings(item, change, key);
      if (changed !== item) (copy ??= value.slice())[index] = changed;
    }
    return (copy ?? value) as T;
  }
  let copy: Record<string, unknown> | null = null;
  for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
    const changed = mapPageStrings(item, change, name);
    if (changed !== item) (copy ??= { ...(value as Record<string, unknown>) })[name] = changed;
  }
  return (copy ?? value) as T;
}

/** Whether any string inside page data passes `test` (stops at the first that does). */
export function somePageString(value: unknown, test: (text: string) => boolean): boolean {
  if (typeof value === 'string') return test(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => somePageString(item, test));
  return Object.values(value).some((item) => somePageString(item, test));
}
