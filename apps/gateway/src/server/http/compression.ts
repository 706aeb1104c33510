import compression from 'compression';
import { type RequestHandler } from 'express';
import { preferredEncoding } from './accept-encoding';

/** The codings the compression middleware can produce. */
const COMPRESSED_CODINGS = ['br', 'gzip', 'deflate'] as const;

/**
 * On-the-fly compression for the answers the stack makes, entered only by clients that accept a
 * compressed coding. The middleware wraps `res.write`, `res.end` and `writeHead` and negotiates
 * when the headers go out; for a client that accepts none of its codings (no Accept-Encoding, or
 * only identity) all of that ends in "not acceptable", so such a request skips it and gets only
 * what the middleware would have added to its answer: `Vary: Accept-Encoding`, which tells a
 * shared cache that other clients may get another body at the same address.
 */
export function compressWhereAccepted(): RequestHandler {
  const compress = compression();
  return (req, res, next) => {
    if (preferredEncoding(req.headers['accept-encoding'], COMPRESSED_CODINGS) !== undefined) {
      compress(req, res, next);
      return;
    }
    res.vary('Accept-Encoding');
    next();
  };
}
