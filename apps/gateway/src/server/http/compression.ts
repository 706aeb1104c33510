import compression from 'compression';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import vary from 'vary';

/** A middleware on Node's own request and response: it runs in the Express stack and before it. */
export type NodeMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/**
 * On-the-fly compression for the answers the gateway makes, entered only by requests that carry
 * Accept-Encoding. The middleware wraps `res.write`, `res.end` and `writeHead` and negotiates
 * when the headers go out; for a request without the header all of that ends in "not acceptable",
 * so such a request skips it and gets only what the middleware would have added to its answer:
 * `Vary: Accept-Encoding`, which tells a shared cache that other clients may get another body at
 * the same address. A header that accepts no compression (identity only, q=0) is left to the
 * middleware's own negotiation, so no request parses the header twice.
 */
export function compressWhereAccepted(): NodeMiddleware {
  // connect-style middleware: it reads and wraps Node's own request and response, nothing of Express's.
  const compress = compression() as unknown as NodeMiddleware;
  return (req, res, next) => {
    if (req.headers['accept-encoding']) {
      compress(req, res, next);
      return;
    }
    vary(res, 'Accept-Encoding');
    next();
  };
}
