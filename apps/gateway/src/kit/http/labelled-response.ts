import { type ServerResponse } from 'node:http';

/**
 * A response that names its route for the request metric and the trace (`locals.routeLabel`):
 * Express's response, or a plain Node response answered before Express (the page lane), which
 * is given a `locals` of its own. Handlers written against this type run on either.
 */
export type LabelledResponse = ServerResponse & { locals: Record<string, unknown> };
