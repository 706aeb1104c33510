/** The value with every object and array inside it frozen (the value itself is returned). */
export function deepFreeze<T>(value: T): T {
  // A typed array (a Buffer of a bytes field) cannot be frozen; it is shared as it is.
  if (value === null || typeof value !== 'object' || Object.isFrozen(value) || ArrayBuffer.isView(value))
    return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}
