import { type Request, type RequestHandler } from 'express';

/**
 * Runs `handler` only for the requests `applies` accepts; every other request goes on at once.
 * A mounted Router that matches nothing leaves through setImmediate (router's "no more matching
 * layers"), so each router in front of the pages used to cost every page request one more turn
 * of the event loop; under load that turn waits behind all other ready I/O. Routers that serve a
 * few known paths or methods therefore sit behind a synchronous check.
 */
export function onlyWhen(applies: (req: Request) => boolean, handler: RequestHandler): RequestHandler {
  return (req, res, next) => (applies(req) ? handler(req, res, next) : next());
}

/** Requests that may carry a body (posts): the only ones the API routers and body parsers serve. */
export const withBody = (req: Request): boolean => req.method !== 'GET' && req.method !== 'HEAD';
