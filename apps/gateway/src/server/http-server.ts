import { type Logger } from '@lib/observability';
import { type RequestListener, type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type ReadinessState } from './readiness-state';

export interface RunningServer {
  server: Server;
  port: number;
  /**
   * Graceful stop: readiness turns 503, no new connections are accepted, idle keep-alive
   * connections close, in-flight requests finish; whatever is still open after timeoutMs is cut.
   */
  close(timeoutMs: number): Promise<void>;
}

export interface ListenOptions {
  host: string;
  port: number;
  readiness: ReadinessState;
  logger: Logger;
  /** The request line and headers must have arrived within this (default 20 s), or the answer is 408. */
  headersTimeoutMs?: number;
  /** The whole request, body included, within this (default 30 s), or 408. */
  requestTimeoutMs?: number;
}

export const HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 30_000;

/** What the server answers a request it cannot read, by Node's reason code; anything else is 400. */
const CLIENT_ERROR_STATUS: Readonly<Record<string, string>> = {
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
};

export async function startGatewayServer(
  app: RequestListener,
  options: ListenOptions,
): Promise<RunningServer> {
  // A slow client must not hold a socket forever: headers within 20 s, the whole request within
  // 30 s. Node enforces both only when it sweeps its connections (every 30 s by default, so a
  // header timeout fired after up to 50 s); sweeping every second keeps them within a second.
  const headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const requestTimeout = Math.max(options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, headersTimeout);
  const server = createServer(
    {
      headersTimeout,
      requestTimeout,
      connectionsCheckingInterval: Math.min(1_000, Math.max(10, Math.floor(headersTimeout / 10))),
    },
    app,
  );
  server.keepAliveTimeout = 5_000;
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // Node's own answers for unparsable requests carry no stack; this only keeps the log quiet,
    // the socket tidy, and the status right: 408 when the client was too slow (headers or body
    // not in time), 431 for oversized headers, 400 for anything unparsable.
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  options.readiness.markListening();
  const port = (server.address() as AddressInfo).port;
  options.logger.info({ host: options.host, port }, `gateway listening on http://${options.host}:${port}/`);

  let closing: Promise<void> | undefined;
  return {
    server,
    port,
    close(timeoutMs) {
      closing ??= new Promise<void>((resolve) => {
        options.readiness.markDraining();
        const force = setTimeout(() => {
          options.logger.warn('shutdown timeout: closing the remaining connections');
          server.closeAllConnections();
        }, timeoutMs);
        force.unref();
        // A keep-alive connection whose request finishes during the drain turns idle afterwards;
        // close those as they appear rather than waiting for keepAliveTimeout.
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        sweep.unref();
        server.close(() => {
          clearTimeout(force);
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
