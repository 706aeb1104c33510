import { type Request, type Response } from 'express';
import { HttpProblem } from './http-problem';
import { originFormTarget } from './request-target';

const guard = originFormTarget('https://www.porownywarka-pozyczek.pl', 'GET, HEAD, POST');

/** The guard's outcome for one target: the URL the routes then see, and the error, if any. */
function run(
  url: string,
  method = 'GET',
): { url: string; originalUrl: string; error?: unknown; status?: number } {
  const req = { url, originalUrl: url, method } as Request;
  let outcome: { error?: unknown; status?: number } = {};
  const res = {
    locals: {},
    setHeader: () => undefined,
    status(code: number) {
      outcome = { status: code };
      return this;
    },
    end: () => undefined,
  } as unknown as Response;
  guard(req, res, (error?: unknown) => {
    outcome = error === undefined ? {} : { error };
  });
  return { url: req.url, originalUrl: req.originalUrl, ...outcome };
}

describe('originFormTarget', () => {
  it('leaves origin-form targets as they are', () => {
    expect(run('/kontakt/?a=1')).toEqual({ url: '/kontakt/?a=1', originalUrl: '/kontakt/?a=1' });
  });

  it('rewrites absolute form naming our authority to its path and query, as sent', () => {
    expect(run('https://www.porownywarka-pozyczek.pl/kontakt/?a=1')).toEqual({
      url: '/kontakt/?a=1',
      originalUrl: '/kontakt/?a=1',
    });
    // Scheme and host in any case, the default port written out, an empty path, escapes kept.
    expect(run('HTTPS://WWW.Porownywarka-Pozyczek.pl:443').url).toBe('/');
    expect(run('http://www.porownywarka-pozyczek.pl?x=1').url).toBe('/?x=1');
    expect(run('https://www.porownywarka-pozyczek.pl/o%E0%A4%A/').url).toBe('/o%E0%A4%A/');
  });

  it('refuses another authority, another port and user info with 400, the error page being the path’s', () => {
    for (const target of [
      'http://evil.example/kontakt/',
      'https://www.porownywarka-pozyczek.pl:8443/kontakt/',
      'https://www.porownywarka-pozyczek.pl.evil.example/kontakt/',
      'https://user@www.porownywarka-pozyczek.pl/kontakt/',
      'ftp://www.porownywarka-pozyczek.pl/kontakt/',
    ]) {
      const outcome = run(target);
      expect(outcome.error).toBeInstanceOf(HttpProblem);
      expect((outcome.error as HttpProblem).status).toBe(400);
      expect(outcome.url.startsWith('/')).toBe(true);
    }
    expect(run('http://evil.example/kontakt/').url).toBe('/kontakt/');
  });

  it('answers OPTIONS * with 204 and refuses * with another method', () => {
    expect(run('*', 'OPTIONS').status).toBe(204);
    expect((run('*', 'GET').error as HttpProblem).status).toBe(400);
  });
});
