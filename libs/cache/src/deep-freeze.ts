/** Every object and array `deepFreeze` has frozen: the values the caches share, never changed. */
const frozenHere = new WeakSet<object>();

/** The value with every object and array inside it frozen (the value itself is returned). */
export function deepFreeze<T>(value: T): T {
  // A typed array (a Buffer of a bytes field) cannot be frozen; it is shared as it is.
  if (value === null || typeof value !== 'object' || Object.isFrozen(value) || ArrayBuffer.isView(value))
    return value;
  Object.freeze(value);
  frozenHere.add(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}

/**
 * Whether `value` (or the value it is part of) was frozen by `deepFreeze`: a value the caches
 * share and nobody changes, so that whatever is derived from it alone (its protobuf encoding) may
 * be kept as long as the value lives. An object frozen any other way may hold parts that change,
 * and is not one.
 */
export function isSharedValue(value: unknown): boolean {
  return typeof value === 'object' && value !== null && frozenHere.has(value);
}
