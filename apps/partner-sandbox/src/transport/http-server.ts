import { MAX_MESSAGE_BYTES } from '@lib/partner-delivery';
import { type Logger } from '@lib/observability';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type HttpProblem } from '../application/replies';
import { type SandboxUseCases } from '../application/sandbox.use-cases';
import { type SandboxLender } from '../domain/sandbox-lenders';
import { checkDelivery } from './delivery-checks';
import { readBody } from './read-body';

export interface SandboxServerDeps {
  useCases: SandboxUseCases;
  lenders: ReadonlyMap<string, SandboxLender>;
  /** How long a 'timeout' lender keeps a request open before dropping it unanswered. */
  holdMs: number;
  nowSeconds: () => number;
  logger: Logger;
}

export interface SandboxServer {
  server: Server;
  /** Drops every held request at once (a stop must not wait for them). */
  releaseHeld(): void;
}

const APPLICATIONS_PATH = /^\/lenders\/([^/]+)\/applications\/?$/;

function send(
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(body);
}

function sendProblem(
  response: ServerResponse,
  problem: HttpProblem,
  headers: Record<string, string> = {},
): void {
  send(
    response,
    problem.status,
    JSON.stringify({ error: { code: problem.code, message: problem.message } }),
    headers,
  );
}

/**
 * The sandbox's HTTP surface: the lenders' endpoints (POST /lenders/<slug>/applications) and the
 * inspection API for tests (GET /healthz, /deliveries, /deliveries/summary).
 */
export function createSandboxServer(deps: SandboxServerDeps): SandboxServer {
  const held = new Set<{ response: ServerResponse; timer: NodeJS.Timeout }>();

  const hold = (response: ServerResponse) => {
    const entry = {
      response,
      timer: setTimeout(() => {
        held.delete(entry);
        response.destroy();
      }, deps.holdMs),
    };
    held.add(entry);
    response.on('close', () => {
      clearTimeout(entry.timer);
      held.delete(entry);
    });
  };

  const deliver = async (slug: string, request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request, MAX_MESSAGE_BYTES);
    const check = checkDelivery(
      { slug, headers: request.headers, body, nowSeconds: deps.nowSeconds() },
      deps.lenders,
    );
    if (!check.ok) {
      deps.logger.warn(
        { lender: slug, status: check.problem.status, code: check.problem.code, why: check.problem.message },
        'delivery refused',
      );
      // A body left unread on the connection would be read as the next request.
      sendProblem(response, check.problem, body === 'too-large' ? { connection: 'close' } : {});
      return;
    }
    const { lender, delivery, fields } = check;
    const reply = await deps.useCases.receive(lender, delivery, fields);
    const about = {
      lender: lender.slug,
      deliveryId: delivery.deliveryId,
      applicationId: delivery.applicationId,
    };
    switch (reply.kind) {
      case 'answer':
        deps.logger.info(
          { ...about, status: reply.status, repeat: reply.repeat },
          reply.repeat ? 'delivery repeated' : 'delivery answered',
        );
        send(response, reply.status, reply.body);
        return;
      case 'hold':
        deps.logger.info({ ...about, holdMs: deps.holdMs }, 'delivery held unanswered');
        hold(response);
        return;
      case 'refused':
        deps.logger.warn(
          { ...about, status: reply.problem.status, code: reply.problem.code },
          'delivery refused',
        );
        sendProblem(response, reply.problem);
        return;
    }
  };

  const route = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const method = request.method ?? 'GET';
    const onlyGet = () => {
      if (method === 'GET' || method === 'HEAD') return true;
      sendProblem(
        response,
        { status: 405, code: 'method-not-allowed', message: `${method} is not allowed here` },
        { allow: 'GET' },
      );
      return false;
    };
    const applications = APPLICATIONS_PATH.exec(url.pathname);
    if (applications) {
      if (method !== 'POST')
        return sendProblem(
          response,
          { status: 405, code: 'method-not-allowed', message: `${method} is not allowed here` },
          { allow: 'POST' },
        );
      return deliver(applications[1]!, request, response);
    }
    switch (url.pathname) {
      case '/healthz':
        if (onlyGet()) send(response, 200, JSON.stringify({ status: 'ok' }));
        return;
      case '/deliveries':
        if (onlyGet())
          send(
            response,
            200,
            JSON.stringify({
              deliveries: deps.useCases.deliveries(url.searchParams.get('application_id') ?? undefined),
            }),
          );
        return;
      case '/deliveries/summary':
        if (onlyGet()) send(response, 200, JSON.stringify(deps.useCases.summary()));
        return;
      default:
        sendProblem(response, { status: 404, code: 'not-found', message: `nothing at ${url.pathname}` });
    }
  };

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      deps.logger.error({ err: error, url: request.url }, 'request failed');
      if (response.headersSent) response.destroy();
      else
        sendProblem(response, {
          status: 500,
          code: 'internal',
          message: 'the sandbox failed to answer; retry',
        });
    });
  });

  return {
    server,
    releaseHeld() {
      for (const entry of held) {
        clearTimeout(entry.timer);
        entry.response.destroy();
      }
      held.clear();
    },
  };
}
