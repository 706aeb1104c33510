import { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/**
 * Runs `handlers` one after another as a single Express middleware, with the semantics each would
 * have as its own `app.use` layer at the root path: `next()` (and `next('route')`) goes on to the
 * following handler, `next(error)`, a thrown error or a rejected promise skips the rest and hands
 * the error to the app's error handlers, `next('router')` leaves the sequence as `next()`, and
 * after the last handler the request goes on to whatever follows the sequence in the app.
 *
 * Why: Express enters each of its layers through the router's `next` (path matching, `req.url`
 * and `req.baseUrl` bookkeeping, parameter processing, the promise check). A page request passes
 * some thirty layers before its handler, and in a profile of the gateway sending a page from
 * memory the router was the largest part of the work after the socket write. One layer holding
 * the same handlers does the same in a plain loop.
 *
 * Error-handling middleware (four parameters) cannot take part: it stays its own `app.use` after
 * the sequence, where Express calls it with the error.
 */
export function sequence(handlers: readonly RequestHandler[]): RequestHandler {
  const list = [...handlers];
  for (const handler of list) {
    if (handler.length >= 4)
      throw new TypeError(`sequence(): ${handler.name || 'a handler'} is error-handling middleware`);
  }
  return (req: Request, res: Response, leave: NextFunction) => {
    let index = 0;
    let left = false;
    const exit = (error?: unknown): void => {
      if (left) return;
      left = true;
      if (error === undefined) leave();
      else leave(error);
    };
    const next = (signal?: unknown): void => {
      if (left) return;
      if (signal === 'router') return exit();
      // As Express's router: any falsy value, like 'route', is no error.
      if (signal && signal !== 'route') return exit(signal);
      const handler = list[index];
      index += 1;
      if (handler === undefined) return exit();
      try {
        const result: unknown = handler(req, res, next);
        if (isThenable(result))
          result.then(undefined, (error: unknown) => exit(error ?? new Error('Rejected promise')));
      } catch (error) {
        exit(error ?? new Error('Thrown without a value'));
      }
    };
    next();
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
