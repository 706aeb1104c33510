import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { type AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { sequence } from './sequence';

/** An app of `handlers` in one sequence, then a page answering what is left, then an error handler. */
async function serve(handlers: RequestHandler[]): Promise<{ server: Server; url: string; seen: string[] }> {
  const seen: string[] = [];
  const app = express();
  app.use(sequence(handlers));
  app.use((_req, res) => {
    seen.push('after');
    res.status(200).send('after the sequence');
  });
  const onError: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
    seen.push(`error:${error instanceof Error ? error.message : String(error)}`);
    res.status(500).send('error handler');
  };
  app.use(onError);
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('sequence', () => {
  let server: Server | undefined;
  afterEach(async () => {
    if (server) await close(server);
    server = undefined;
  });

  async function get(handlers: RequestHandler[], path = '/a/b/?x=1') {
    const served = await serve(handlers);
    server = served.server;
    const response = await fetch(`${served.url}${path}`);
    return { status: response.status, body: await response.text(), seen: served.seen };
  }

  it('runs the handlers in order and then goes on to the app', async () => {
    const order: string[] = [];
    const step =
      (name: string): RequestHandler =>
      (req, _res, next) => {
        order.push(`${name} ${req.path}`);
        next();
      };
    const result = await get([step('one'), step('two'), step('three')]);
    expect(order).toEqual(['one /a/b/', 'two /a/b/', 'three /a/b/']);
    expect(result).toEqual({ status: 200, body: 'after the sequence', seen: ['after'] });
  });

  it('stops where a handler answers', async () => {
    const third = jest.fn<void, Parameters<RequestHandler>>();
    const result = await get([
      (_req, _res, next) => next(),
      (_req, res) => void res.status(201).send('answered'),
      third,
    ]);
    expect(result).toEqual({ status: 201, body: 'answered', seen: [] });
    expect(third).not.toHaveBeenCalled();
  });

  it('goes on after a handler that calls next later (asynchronously)', async () => {
    const result = await get([
      (_req, _res, next) => void setTimeout(() => next(), 5),
      (_req, res, next) => {
        res.setHeader('X-Second', 'yes');
        next();
      },
    ]);
    expect(result.status).toBe(200);
    expect(result.seen).toEqual(['after']);
  });

  it('hands next(error), a thrown error and a rejected promise to the error handler, skipping the rest', async () => {
    const rest = jest.fn<void, Parameters<RequestHandler>>();
    for (const failing of [
      ((_req, _res, next) => next(new Error('passed'))) as RequestHandler,
      (() => {
        throw new Error('thrown');
      }) as RequestHandler,
      (async () => {
        await Promise.resolve();
        throw new Error('rejected');
      }) as RequestHandler,
    ]) {
      const result = await get([failing, rest]);
      expect(result.status).toBe(500);
      expect(result.seen).toHaveLength(1);
      expect(result.seen[0]).toMatch(/^error:(passed|thrown|rejected)$/);
      await close(server!);
      server = undefined;
    }
    expect(rest).not.toHaveBeenCalled();
  });

  it('treats next("route") and next(null) as next(), and next("router") as leaving the sequence', async () => {
    const skipped = jest.fn<void, Parameters<RequestHandler>>();
    const viaRoute = await get([
      (_req, _res, next) => next('route'),
      // Express's router takes any falsy value as no error too.
      (_req, _res, next) => next(null),
      (_req, _res, next) => next(),
    ]);
    expect(viaRoute).toMatchObject({ status: 200, seen: ['after'] });
    await close(server!);
    server = undefined;
    const viaRouter = await get([(_req, _res, next) => next('router'), skipped]);
    expect(viaRouter).toMatchObject({ status: 200, seen: ['after'] });
    expect(skipped).not.toHaveBeenCalled();
  });

  it('runs a Router among the handlers as Express would', async () => {
    const router = express.Router();
    router.get('/a/:name/', (req, res) => void res.send(`router ${req.params['name']}`));
    const hit = await get([router]);
    expect(hit).toMatchObject({ status: 200, body: 'router b' });
    await close(server!);
    server = undefined;
    const miss = await get([router], '/elsewhere/');
    expect(miss).toMatchObject({ status: 200, body: 'after the sequence' });
  });

  it('refuses error-handling middleware, which only Express can call with the error', () => {
    const errorHandler: ErrorRequestHandler = (_error, _req, _res, next) => next();
    expect(() => sequence([errorHandler as unknown as RequestHandler])).toThrow(/error-handling/);
  });
});
