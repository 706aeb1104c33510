import { type Request } from 'express';
import { isSameOrigin } from './same-origin';

/** The parts of a request the guard reads: headers (case-insensitive) and Express's trusted scheme. */
function request(headers: Record<string, string>, protocol: 'http' | 'https' = 'http'): Request {
  const lower = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return { protocol, get: (name: string) => lower[name.toLowerCase()] } as unknown as Request;
}

const configured = { publicOrigin: 'https://www.porownywarka-pozyczek.pl' };
const local = { publicOrigin: 'http://localhost:3000' };

describe('isSameOrigin', () => {
  it('accepts exactly the public origin: scheme, host and port', () => {
    expect(isSameOrigin(request({ origin: 'https://www.porownywarka-pozyczek.pl' }), configured)).toBe(true);
    expect(isSameOrigin(request({ origin: 'https://www.porownywarka-pozyczek.pl:443' }), configured)).toBe(
      true,
    );
    expect(
      isSameOrigin(request({ referer: 'https://www.porownywarka-pozyczek.pl/placa-minimalna/' }), configured),
    ).toBe(true);
    expect(isSameOrigin(request({ origin: 'http://www.porownywarka-pozyczek.pl' }), configured)).toBe(false);
    expect(isSameOrigin(request({ origin: 'https://www.porownywarka-pozyczek.pl:8443' }), configured)).toBe(
      false,
    );
    expect(
      isSameOrigin(request({ origin: 'https://www.porownywarka-pozyczek.pl.evil.example' }), configured),
    ).toBe(false);
  });

  it('never takes the Host header for our origin, whatever the origin is', () => {
    for (const policy of [configured, local]) {
      const forged = request({ host: 'evil.example', origin: 'https://evil.example' }, 'https');
      expect(isSameOrigin(forged, policy)).toBe(false);
      const plain = request({ host: 'evil.example', origin: 'http://evil.example' });
      expect(isSameOrigin(plain, policy)).toBe(false);
    }
    // The local origin is localhost on the configured port, not the address the request came to.
    expect(isSameOrigin(request({ host: '127.0.0.1:4123', origin: 'http://127.0.0.1:4123' }), local)).toBe(
      false,
    );
    expect(isSameOrigin(request({ host: '127.0.0.1:4123', origin: 'http://localhost:3000' }), local)).toBe(
      true,
    );
    expect(isSameOrigin(request({ host: 'localhost:3000', origin: 'https://localhost:3000' }), local)).toBe(
      false,
    );
  });

  it('refuses no origin, Origin: null, and a browser saying the post is not same-origin', () => {
    expect(isSameOrigin(request({}), configured)).toBe(false);
    expect(isSameOrigin(request({ origin: 'null' }), configured)).toBe(false);
    expect(isSameOrigin(request({ origin: 'nie-adres' }), configured)).toBe(false);
    const own = { origin: 'https://www.porownywarka-pozyczek.pl' };
    expect(isSameOrigin(request({ ...own, 'sec-fetch-site': 'same-origin' }), configured)).toBe(true);
    expect(isSameOrigin(request({ ...own, 'sec-fetch-site': 'cross-site' }), configured)).toBe(false);
    expect(isSameOrigin(request({ ...own, 'sec-fetch-site': 'same-site' }), configured)).toBe(false);
  });
});
