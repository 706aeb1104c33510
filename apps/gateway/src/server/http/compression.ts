import compression from 'compression';
import { type RequestHandler } from 'express';

/**
 * On-the-fly compression for the answers the stack makes, entered only by requests that carry
 * Accept-Encoding. The middleware wraps `res.write`, `res.end` and `writeHead` and negotiates
 * when the headers go out; for a request without the header all of that ends in "not acceptable",
 * so such a request skips it and gets only what the middleware would have added to its answer:
 * `Vary: Accept-Encoding`, which tells a shared cache that other clients may get another body at
 * the same address. A header that accepts no compression (identity only, q=0) is left to the
 * middleware's own negotiation, so no request parses the header twice.
 */
export function compressWhereAccepted(): RequestHandler {
  const compress = compression();
  return (req, res, next) => {
    if (req.headers['accept-encoding']) {
      compress(req, res, next);
      return;
    }
    res.vary('Accept-Encoding');
    next();
  };
}
