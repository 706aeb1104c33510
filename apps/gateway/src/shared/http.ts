/**
 * The browser's HTTP helper for reads (the router's page payloads, the build-update checks): a GET,
 * HEAD or OPTIONS answered with a transient status is tried once more, and every 4xx/5xx answer
 * becomes an HttpError. Not every request goes through it: the form islands (comments, contact),
 * the tracker and the article-view beacon call fetch or sendBeacon directly and handle answers
 * themselves, mostly POSTs that this helper would not retry anyway.
 */

/** Statuses worth a second try for a request that changes nothing on the server. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Raised for every answer with a status from 400 to 599, after any retry. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    readonly body: string,
  ) {
    super(`HTTP ${status} for ${url}`);
    this.name = 'HttpError';
  }
}

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpClientOptions {
  /** Injected so tests (and the server, if ever needed) can supply their own. */
  fetch?: FetchLike;
  /** Pause before the single retry; a short one lets a restarting upstream come back. */
  retryDelayMs?: number;
}

export interface HttpClient {
  request(url: string, init?: RequestInit): Promise<Response>;
  getJson<T>(url: string, init?: RequestInit): Promise<T>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  // Bound lazily: a bare reference to window.fetch called as a method of another object throws.
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const retryDelayMs = options.retryDelayMs ?? 250;

  async function request(url: string, init: RequestInit = {}): Promise<Response> {
    const method = (init.method ?? 'GET').toUpperCase();
    let response = await doFetch(url, init);
    if (SAFE_METHODS.has(method) && RETRYABLE_STATUSES.has(response.status)) {
      await discard(response);
      if (retryDelayMs > 0) await wait(retryDelayMs);
      response = await doFetch(url, init);
    }
    if (response.status >= 400 && response.status <= 599) {
      throw new HttpError(response.status, url, await readText(response));
    }
    return response;
  }

  async function getJson<T>(url: string, init: RequestInit = {}): Promise<T> {
    const headers = new Headers(init.headers);
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    const response = await request(url, { ...init, method: 'GET', headers });
    return (await response.json()) as T;
  }

  return { request, getJson };
}

async function readText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    return '';
  }
}

async function discard(response: Response): Promise<void> {
  // Releasing the first body frees the connection for the retry.
  try {
    await response.body?.cancel();
  } catch {
    /* the body may already be consumed or closed; nothing to release */
  }
}

/** The helper the browser bundle shares. */
export const http = createHttpClient();
