/**
 * Reading and writing cookie strings, the same on both sides: a request's Cookie header on the
 * server and `document.cookie` in the browser share the `name=value; name=value` form.
 */

/**
 * Every value of the cookies called `name` in a Cookie header, in order (a browser may hold
 * several, e.g. one set by another subdomain; the caller takes the first valid one).
 */
export function cookieValues(header: string | undefined, name: string): string[] {
  const values: string[] = [];
  for (const pair of header?.split(';') ?? []) {
    const mark = pair.indexOf('=');
    if (mark !== -1 && pair.slice(0, mark).trim() === name) values.push(pair.slice(mark + 1).trim());
  }
  return values;
}

export interface CookieOptions {
  /** Lifetime in milliseconds; 0 deletes the cookie. */
  maxAgeMs: number;
  /** `Secure` (production over https). */
  secure: boolean;
  /** Out of reach of the page's scripts. */
  httpOnly?: boolean;
  /** `/` unless given. */
  path?: string;
  /** `Lax` unless given; `Strict` for a cookie no request started on another site may carry. */
  sameSite?: 'Lax' | 'Strict';
}

/** A Set-Cookie value (or a `document.cookie` assignment): first-party, SameSite=Lax unless told, the value URI-encoded. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const attributes = [
    `Max-Age=${Math.floor(options.maxAgeMs / 1000)}`,
    `Path=${options.path ?? '/'}`,
    `SameSite=${options.sameSite ?? 'Lax'}`,
  ];
  if (options.secure) attributes.push('Secure');
  if (options.httpOnly) attributes.push('HttpOnly');
  return `${name}=${encodeURIComponent(value)}; ${attributes.join('; ')}`;
}

/** A cookie value decoded; undefined when it is not valid percent-encoding. */
export function decodeCookieValue(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
