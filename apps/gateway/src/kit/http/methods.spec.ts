import { type NextFunction, type Request, type Response } from 'express';
import { HttpProblem } from './http-problem';
import { allowHeader, methodRule, methodTable } from './methods';

const table = methodTable([
  { path: '/api/event', methods: ['POST'] },
  { path: '/kontakt/', methods: ['GET', 'POST'] },
  { path: '/przejdz/', prefix: true, methods: ['GET'] },
]);

interface Outcome {
  passed: boolean;
  error?: HttpProblem;
  status?: number;
  allow?: string;
}

/** Runs the rule on one request; `knows` answers for addresses nothing declared. */
async function run(method: string, path: string, known = true): Promise<Outcome> {
  const headers: Record<string, string> = {};
  let status: number | undefined;
  const outcome = await new Promise<Outcome>((resolve) => {
    const res = {
      locals: {},
      setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
      status(code: number) {
        status = code;
        return this;
      },
      end: () => resolve({ passed: false }),
    } as unknown as Response;
    const next: NextFunction = (error?: unknown) =>
      resolve(error ? { passed: false, error: error as HttpProblem } : { passed: true });
    methodRule(table, () => Promise.resolve(known))({ method, path } as Request, res, next);
  });
  return {
    ...outcome,
    ...(status !== undefined ? { status } : {}),
    ...(headers['allow'] ? { allow: headers['allow'] } : {}),
  };
}

describe('the method table', () => {
  it('gives declared addresses their methods and every other address GET', () => {
    expect(table.of('/api/event')).toEqual({ methods: ['POST'], declared: true });
    expect(table.of('/przejdz/123/')).toEqual({ methods: ['GET'], declared: true });
    expect(table.of('/o-nas/')).toEqual({ methods: ['GET'], declared: false });
    expect(table.of('/api/event/')).toEqual({ methods: ['GET'], declared: false });
  });

  it('writes Allow with HEAD after GET and without OPTIONS', () => {
    expect(allowHeader(['GET'])).toBe('GET, HEAD');
    expect(allowHeader(['GET', 'POST'])).toBe('GET, HEAD, POST');
    expect(allowHeader(['POST'])).toBe('POST');
  });

  it('refuses an address declared twice', () => {
    expect(() =>
      methodTable([
        { path: '/a/', methods: ['GET'] },
        { path: '/a/', methods: ['POST'] },
      ]),
    ).toThrow('/a/ declared twice');
  });
});

describe('methodRule', () => {
  it('lets through the methods an address takes, HEAD wherever GET is', async () => {
    expect(await run('GET', '/o-nas/')).toEqual({ passed: true });
    expect(await run('HEAD', '/o-nas/')).toEqual({ passed: true });
    expect(await run('POST', '/kontakt/')).toEqual({ passed: true });
    expect(await run('HEAD', '/przejdz/7/')).toEqual({ passed: true });
    expect(await run('POST', '/api/event')).toEqual({ passed: true });
  });

  it('answers OPTIONS 204 with the address’s own Allow', async () => {
    expect(await run('OPTIONS', '/o-nas/')).toEqual({ passed: false, status: 204, allow: 'GET, HEAD' });
    expect(await run('OPTIONS', '/kontakt/')).toEqual({
      passed: false,
      status: 204,
      allow: 'GET, HEAD, POST',
    });
    expect(await run('OPTIONS', '/api/event')).toEqual({ passed: false, status: 204, allow: 'POST' });
  });

  it('answers any other method 405 with that Allow: HEAD of a POST-only API too', async () => {
    for (const [method, path, allow] of [
      ['HEAD', '/api/event', 'POST'],
      ['GET', '/api/event', 'POST'],
      ['PUT', '/kontakt/', 'GET, HEAD, POST'],
      ['DELETE', '/o-nas/', 'GET, HEAD'],
      ['POST', '/o-nas/', 'GET, HEAD'],
    ] as const) {
      const outcome = await run(method, path);
      expect(outcome.error?.status).toBe(405);
      expect(outcome.allow).toBe(allow);
    }
  });

  it('answers 404 on an address nothing serves, whatever the method, with no Allow', async () => {
    for (const method of ['OPTIONS', 'PUT', 'POST']) {
      const outcome = await run(method, '/nie-ma-takiej-strony/', false);
      expect(outcome.error?.status).toBe(404);
      expect(outcome.allow).toBeUndefined();
    }
  });
});
