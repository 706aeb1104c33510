/**
 * Strict stand-ins for the ports a unit under test talks to (repositories, caches, clocks), in the
 * manner of immich's service tests: every method the test did not stub fails when called, and the
 * failure is also recorded, so a use case that swallows errors (a cache falling back to its loader)
 * still fails its test. `jest.preset.cjs` checks the record after every test.
 */

interface UnexpectedCall {
  mock: string;
  method: string;
  args: unknown[];
}

const unexpected: UnexpectedCall[] = [];

export class UnexpectedCallError extends Error {
  constructor(call: UnexpectedCall) {
    super(`unexpected call ${call.mock}.${call.method}(${call.args.map(describe).join(', ')})`);
    this.name = 'UnexpectedCallError';
  }
}

function describe(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 77)}...` : text;
  } catch {
    return String(value);
  }
}

type Stubs<T> = { [K in keyof T]?: T[K] };

/**
 * A `T` whose methods are exactly `stubs` (use `jest.fn()` to assert calls); reading any other
 * property yields a function that throws UnexpectedCallError. Plain values may be stubbed too.
 */
export function strictMock<T extends object>(name: string, stubs: Stubs<T> = {}): T {
  return new Proxy(stubs as T, {
    get(target, property) {
      if (Object.prototype.hasOwnProperty.call(target, property))
        return (target as Record<PropertyKey, unknown>)[property];
      // Promise resolution and Jest's pretty-printer probe these; they are not calls of the port.
      if (
        typeof property === 'symbol' ||
        property === 'then' ||
        property === 'asymmetricMatch' ||
        property === 'toJSON'
      )
        return undefined;
      return (...args: unknown[]) => {
        const call = { mock: name, method: property, args };
        unexpected.push(call);
        throw new UnexpectedCallError(call);
      };
    },
  });
}

/** Unexpected calls since the last check, and forgets them (called after every test). */
export function takeUnexpectedCalls(): UnexpectedCall[] {
  return unexpected.splice(0, unexpected.length);
}
