import { type Request, type RequestHandler } from 'express';

/** What a conditional step decides by: the request's method and its path without the query. */
export type RequestLine = Pick<Request, 'method' | 'path'>;

/**
 * Runs `handler` only for the requests `applies` accepts; every other request goes on at once.
 * A mounted Router that matches nothing leaves through setImmediate (router's "no more matching
 * layers"), so each router in front of the pages used to cost every page request one more turn
 * of the event loop; under load that turn waits behind all other ready I/O. Routers that serve a
 * few known paths or methods therefore sit behind a synchronous check.
 */
export function onlyWhen(applies: (req: RequestLine) => boolean, handler: RequestHandler): RequestHandler {
  return (req, res, next) => (applies(req) ? handler(req, res, next) : next());
}

/** Requests that may carry a body (posts): the only ones the API routers and body parsers serve. */
export const withBody = (req: Pick<Request, 'method'>): boolean =>
  req.method !== 'GET' && req.method !== 'HEAD';

/**
 * The conditional steps of one stack, each made by `onlyWhen` here and remembered with the
 * requests it applies to, so that a listener in front of the stack can ask whether any of them
 * would take a read (`takesRead`) and leave such a request to the stack. Because the question is
 * answered by the steps' own conditions, a step added to the stack is part of the answer without
 * being listed a second time.
 */
export class ConditionalSteps {
  private readonly conditions: ((req: RequestLine) => boolean)[] = [];

  onlyWhen(applies: (req: RequestLine) => boolean, handler: RequestHandler): RequestHandler {
    this.conditions.push(applies);
    return onlyWhen(applies, handler);
  }

  /** Whether a step made so far applies to a GET (or HEAD: no step tells them apart) of `path`. */
  takesRead(path: string): boolean {
    const read: RequestLine = { method: 'GET', path };
    return this.conditions.some((applies) => applies(read));
  }
}
