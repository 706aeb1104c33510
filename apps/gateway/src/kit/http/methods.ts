import { type RequestHandler } from 'express';
import { HttpProblem } from './http-problem';

/**
 * The methods an address is answered with. HEAD comes with GET everywhere (Express answers it
 * with the GET handler, without the body); OPTIONS is answered by the method rule itself.
 */
export type RouteMethod = 'GET' | 'POST';

/** An address a handler serves other than the default (GET only), with every method it takes. */
export interface Endpoint {
  /** The exact path ('/api/event', '/kontakt/'), or with `prefix` the start of a family ('/przejdz/'). */
  path: string;
  prefix?: boolean;
  methods: readonly RouteMethod[];
}

/** Every address not declared otherwise is read-only: pages, files, payloads, probes. */
const READ_ONLY: readonly RouteMethod[] = ['GET'];

/** The methods of each address: the declared endpoints, GET for everything else. */
export interface MethodTable {
  /** The methods `path` takes, and whether it was declared (an API's address is known without a lookup). */
  of(path: string): { methods: readonly RouteMethod[]; declared: boolean };
}

/** The table of the endpoints (exact paths first, then the longest prefix that matches). */
export function methodTable(endpoints: readonly Endpoint[]): MethodTable {
  const exact = new Map<string, readonly RouteMethod[]>();
  const prefixes: Endpoint[] = [];
  for (const endpoint of endpoints) {
    if (endpoint.prefix) prefixes.push(endpoint);
    else if (exact.has(endpoint.path)) throw new Error(`endpoint ${endpoint.path} declared twice`);
    else exact.set(endpoint.path, endpoint.methods);
  }
  prefixes.sort((a, b) => b.path.length - a.path.length);
  return {
    of(path) {
      const methods = exact.get(path) ?? prefixes.find((endpoint) => path.startsWith(endpoint.path))?.methods;
      return methods ? { methods, declared: true } : { methods: READ_ONLY, declared: false };
    },
  };
}

/** The `Allow` header of an address: HEAD after GET; OPTIONS, answered everywhere, is not listed. */
export function allowHeader(methods: readonly RouteMethod[]): string {
  return methods.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method])).join(', ');
}

function takes(methods: readonly RouteMethod[], method: string): boolean {
  return method === 'HEAD' ? methods.includes('GET') : methods.includes(method as RouteMethod);
}

/**
 * The one rule for methods, before any handler reads a body:
 * - a method the address takes goes on (HEAD wherever GET is);
 * - OPTIONS answers 204 with the address's `Allow`;
 * - any other method answers 405 with the address's `Allow`;
 * - on an address nothing serves (`knows` says no), OPTIONS and the other methods answer 404,
 *   as GET would.
 * Declared endpoints are known without asking `knows`; other addresses are looked up only for a
 * method they do not take, so pages pay nothing for the rule.
 */
export function methodRule(table: MethodTable, knows: (path: string) => Promise<boolean>): RequestHandler {
  return (req, res, next) => {
    const { methods, declared } = table.of(req.path);
    if (req.method !== 'OPTIONS' && takes(methods, req.method)) {
      next();
      return;
    }
    (declared ? Promise.resolve(true) : knows(req.path)).then((known) => {
      if (!known) {
        next(new HttpProblem(404, `${req.method} of an unknown address`));
        return;
      }
      res.setHeader('Allow', allowHeader(methods));
      if (req.method === 'OPTIONS') {
        res.locals['routeLabel'] = 'options';
        res.status(204).end();
        return;
      }
      next(new HttpProblem(405, `method ${req.method} not allowed`));
    }, next);
  };
}

/**
 * Behind the handlers that take posts: a request with a body that none of them answered (a
 * declared method its handler did not take after all) is 405 with the address's `Allow`, never a
 * page rendered for a post.
 */
export function unansweredPosts(table: MethodTable): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') {
      next();
      return;
    }
    res.setHeader('Allow', allowHeader(table.of(req.path).methods));
    next(new HttpProblem(405, `method ${req.method} not allowed`));
  };
}
