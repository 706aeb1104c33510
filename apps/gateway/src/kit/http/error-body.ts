import { type ServerResponse } from 'node:http';

/**
 * The gateway's one JSON error body, for every endpoint and every refusal:
 * `{"error": {"status": 400, "message": "…", "fields": {"email": "…"}}}`. `fields` names the
 * input each message is about (a form field, or a path in a JSON body such as
 * `events[1].sub8`); `idempotencyKey` is the key a form's submission goes by from now on.
 */
export interface ErrorBody {
  error: {
    status: number;
    message: string;
    fields?: Record<string, string>;
    idempotencyKey?: string;
  };
}

export function errorBody(
  status: number,
  message: string,
  extra: { fields?: Record<string, string>; idempotencyKey?: string } = {},
): ErrorBody {
  return {
    error: {
      status,
      message,
      ...(extra.fields ? { fields: extra.fields } : {}),
      ...(extra.idempotencyKey ? { idempotencyKey: extra.idempotencyKey } : {}),
    },
  };
}

/**
 * Answers the error body with its status, on Express's response or a plain one (a HEAD request
 * gets the head alone: Node leaves the body out).
 */
export function sendErrorBody(
  res: ServerResponse,
  status: number,
  message: string,
  extra?: { fields?: Record<string, string>; idempotencyKey?: string },
): void {
  const body = JSON.stringify(errorBody(status, message, extra));
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
