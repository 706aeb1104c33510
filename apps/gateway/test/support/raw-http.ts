import { request } from 'node:http';
import { CONSENT_PROBE_SCRIPT } from '../../src/server/render/consent-notice-markup';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The bytes as received (still compressed when Content-Encoding is set). */
  raw: Buffer;
  /** Milliseconds from sending to the last byte. */
  elapsedMs: number;
}

export interface RawRequest {
  method?: string;
  /** Sent exactly as given: malformed escapes and all. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** The Set-Cookie lines of an answer, one per cookie (none: an empty list). */
export function setCookies(res: Pick<RawResponse, 'headers'>): string[] {
  const header = res.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

/** node:http request that does not normalise the path, follow redirects or decompress. */
export function rawRequest(port: number, options: RawRequest): Promise<RawResponse> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers ?? {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            raw: Buffer.concat(chunks),
            elapsedMs: Date.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** Nothing in an answer may look like a stack trace or an internal error message. */
export function expectNoStack(body: string): void {
  expect(body).not.toMatch(/\n\s+at\s/);
  expect(body).not.toMatch(/at .+\.(js|ts):\d+/);
  expect(body).not.toMatch(/(TypeError|ReferenceError|GrpcCallError|SyntaxError|RangeError)/);
}

/**
 * No executable inline script in a page but the cookie notice's probe (the one the CSP allows by
 * its hash): a value from the address or a form never comes back as markup.
 */
export function expectNoInjectedScript(body: string): void {
  expect(body.replace(`<script>${CONSENT_PROBE_SCRIPT}</script>`, '')).not.toContain('<script>');
}
